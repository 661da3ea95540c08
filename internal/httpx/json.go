package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"pitlane/internal/apperr"
)

// WriteJSON encodes v with the status. Encoding errors after the header is sent can only be logged.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	JSONHeaders(w, status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteJSONBody writes a JSON body already encoded, with the headers WriteJSON sets.
func WriteJSONBody(w http.ResponseWriter, status int, body []byte) {
	JSONHeaders(w, status)
	_, _ = w.Write(body)
}

// JSONHeaders sends the status line and the headers of a JSON answer (never cached: it is live data).
func JSONHeaders(w http.ResponseWriter, status int) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
}

// DecodeJSON reads one JSON object into dst, rejecting unknown fields, trailing data and bodies over the
// server's limit (set by the body-limit middleware). Errors are apperr.Invalid naming the field.
func DecodeJSON(r *http.Request, dst any) error {
	ct := r.Header.Get("Content-Type")
	if ct != "" && !strings.HasPrefix(ct, "application/json") {
		return apperr.New(apperr.Invalid, "The body must be JSON (Content-Type: application/json).")
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return decodeError(err)
	}
	if dec.More() {
		return apperr.New(apperr.Invalid, "The body must hold a single JSON object.")
	}
	if _, err := dec.Token(); err != io.EOF {
		return apperr.New(apperr.Invalid, "The body must hold a single JSON object.")
	}
	return nil
}

func decodeError(err error) error {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return apperr.New(apperr.Invalid, "The body is larger than %d bytes.", tooBig.Limit)
	case errors.As(err, &syntax):
		return apperr.New(apperr.Invalid, "The body is not valid JSON (at byte %d).", syntax.Offset)
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		return apperr.WithFields(apperr.Invalid, "A field has the wrong type.",
			map[string]string{field: fmt.Sprintf("must be %s", typeErr.Type.String())})
	case errors.Is(err, io.EOF):
		return apperr.New(apperr.Invalid, "The body is empty.")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return apperr.WithFields(apperr.Invalid, "The body has an unknown field.", map[string]string{name: "unknown field"})
	}
	return apperr.New(apperr.Invalid, "The body could not be read.")
}

// QueryInt reads a required positive integer query parameter; a missing or malformed one is a 400
// naming the parameter.
func QueryInt(r *http.Request, name string) (int64, error) {
	raw := r.URL.Query().Get(name)
	if raw == "" {
		return 0, apperr.WithFields(apperr.Invalid, "A query parameter is missing.", map[string]string{name: "required"})
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < 1 {
		return 0, apperr.WithFields(apperr.Invalid, "A query parameter is malformed.", map[string]string{name: "must be a positive integer"})
	}
	return n, nil
}
