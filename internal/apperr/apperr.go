// Package apperr is Pitlane's one error type: a code the HTTP layer maps to a status, a message that is
// safe to show a user, and optional field errors. Any other error is internal and never reaches a client.
package apperr

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Code classifies an error; httpapi maps each code to one HTTP status.
type Code string

// The error codes. The comments give the HTTP status each maps to.
const (
	Invalid            Code = "invalid"             // 400: malformed request
	Unprocessable      Code = "unprocessable"       // 422: well formed but breaks a business rule
	NotFound           Code = "not_found"           // 404
	Conflict           Code = "conflict"            // 409
	Gone               Code = "gone"                // 410: e.g. a pre-booking that expired
	Unauthorized       Code = "unauthorized"        // 401
	Forbidden          Code = "forbidden"           // 403
	TooManyRequests    Code = "too_many_requests"   // 429
	PreconditionFailed Code = "precondition_failed" // 412: e.g. a discount already applied
	SameUserSlot       Code = "same_user_slot"      // 420: the visitor already holds that slot
	NoStock            Code = "no_stock"            // 421: not enough places or stock
	MethodNotAllowed   Code = "method_not_allowed"  // 405: the path exists, not with this method (send Allow)
	Unavailable        Code = "unavailable"         // 503
	Internal           Code = "internal"            // 500
)

// Error is an error with a code, a user-safe message and optional per-field messages.
type Error struct {
	Code    Code
	Message string
	Fields  map[string]string
}

// Error implements error.
func (e *Error) Error() string {
	if len(e.Fields) == 0 {
		return fmt.Sprintf("%s: %s", e.Code, e.Message)
	}
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+": "+e.Fields[k])
	}
	return fmt.Sprintf("%s: %s (%s)", e.Code, e.Message, strings.Join(parts, "; "))
}

// New returns an Error with the code and a formatted, user-safe message.
func New(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// WithFields returns an Error with the code, message and field errors.
func WithFields(code Code, message string, fields map[string]string) *Error {
	return &Error{Code: code, Message: message, Fields: fields}
}

// CodeOf returns the code of err, or Internal when err is not (and does not wrap) an *Error.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// Is reports whether err carries the given code.
func Is(err error, code Code) bool { return err != nil && CodeOf(err) == code }

// FieldErrors collects per-field problems and turns them into one Error.
type FieldErrors map[string]string

// Add records a problem with field unless one is already recorded.
func (f FieldErrors) Add(field, msg string) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// Err returns nil when nothing was recorded, else an Error with the code and message.
func (f FieldErrors) Err(code Code, message string) error {
	if len(f) == 0 {
		return nil
	}
	return WithFields(code, message, map[string]string(f))
}
