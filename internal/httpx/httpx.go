// Package httpx holds the JSON and error helpers that both HTTP layers (httpapi for customers, adminapi
// for staff) share: the request's id and logger in its context, JSON encoding and strict decoding, and
// the one table from apperr code to HTTP status.
package httpx

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"pitlane/internal/apperr"
)

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyLogger
	keyFailure
)

// failure holds the text of the internal error a request was answered with.
type failure struct{ text string }

// WithFailureNote returns ctx with room for the internal error WriteError answers with, which
// FailureNote reads back after the handler (the error tracker's detail of a 500).
func WithFailureNote(ctx context.Context) context.Context {
	return context.WithValue(ctx, keyFailure, &failure{})
}

// FailureNote is the text of the internal error the request was answered with ("" when none).
func FailureNote(ctx context.Context) string {
	if f, ok := ctx.Value(keyFailure).(*failure); ok {
		return f.text
	}
	return ""
}

// WithRequest returns ctx carrying the request's id and a logger that names it.
func WithRequest(ctx context.Context, id string, l *slog.Logger) context.Context {
	return context.WithValue(context.WithValue(ctx, keyRequestID, id), keyLogger, l)
}

// RequestID is the id the request-context middleware gave the request ("" outside a request).
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(keyRequestID).(string)
	return id
}

// Logger is the request's logger (carrying its id), or slog's default outside a request.
func Logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(keyLogger).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

// StatusOf is the one table from error code to HTTP status. The spec gives 410, 412, 420, 421 and 422
// their meanings in the pre-booking, discount and save-booking calls.
var StatusOf = map[apperr.Code]int{
	apperr.Invalid:            http.StatusBadRequest,
	apperr.Unprocessable:      http.StatusUnprocessableEntity,
	apperr.NotFound:           http.StatusNotFound,
	apperr.Conflict:           http.StatusConflict,
	apperr.Gone:               http.StatusGone,
	apperr.Unauthorized:       http.StatusUnauthorized,
	apperr.Forbidden:          http.StatusForbidden,
	apperr.TooManyRequests:    http.StatusTooManyRequests,
	apperr.PreconditionFailed: http.StatusPreconditionFailed,
	apperr.SameUserSlot:       420,
	apperr.NoStock:            421,
	apperr.MethodNotAllowed:   http.StatusMethodNotAllowed,
	apperr.Unavailable:        http.StatusServiceUnavailable,
	apperr.Internal:           http.StatusInternalServerError,
}

// ErrorBody is the JSON shape of every error answer (schema Error in docs/openapi.yaml).
type ErrorBody struct {
	Code      apperr.Code       `json:"code"`
	Message   string            `json:"message"`
	Fields    map[string]string `json:"fields,omitempty"`
	RequestID string            `json:"requestId,omitempty"`
}

// StatusClientClosed is the status logged for a request its client abandoned (nginx's 499).
const StatusClientClosed = 499

// gone reports whether err comes from the request's own context ending: the client went away.
func gone(r *http.Request, err error) bool {
	return r.Context().Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded))
}

// WriteError answers with err's status and safe message. An error without a code is internal: it is
// logged with the request id and the client sees only "Internal error."; one that only says the
// client went away is a warning and a 499.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var e *apperr.Error
	body := ErrorBody{RequestID: RequestID(r.Context())}
	if errors.As(err, &e) && e.Code != apperr.Internal {
		body.Code, body.Message, body.Fields = e.Code, e.Message, e.Fields
	} else if gone(r, err) {
		// The client gave up (closed the connection, or its own timeout passed) while the request waited,
		// typically for the database: nobody reads this answer, and it is no fault of the server's. It is
		// logged as a warning and answered 499 (nginx's "client closed request"), which the error
		// tracker, kept for 5xx, leaves alone; the transaction it interrupted was rolled back.
		Logger(r.Context()).LogAttrs(r.Context(), slog.LevelWarn, "request abandoned by the client", slog.String("error", err.Error()))
		WriteJSON(w, StatusClientClosed, ErrorBody{RequestID: body.RequestID, Code: apperr.Internal, Message: "The request was abandoned."})
		return
	} else {
		Logger(r.Context()).LogAttrs(r.Context(), slog.LevelError, "internal error", slog.String("error", err.Error()))
		if f, ok := r.Context().Value(keyFailure).(*failure); ok {
			f.text = err.Error()
		}
		body.Code, body.Message = apperr.Internal, "Internal error."
	}
	status, ok := StatusOf[body.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	WriteJSON(w, status, body)
}
