package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"pitlane/internal/apperr"
)

// statusOf is the one table from error code to HTTP status. The spec gives 410, 412, 420, 421 and 422
// their meanings in the pre-booking, discount and save-booking calls.
var statusOf = map[apperr.Code]int{
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
	apperr.Unavailable:        http.StatusServiceUnavailable,
	apperr.Internal:           http.StatusInternalServerError,
}

// errorBody is the JSON shape of every error answer (schema Error in docs/openapi.yaml).
type errorBody struct {
	Code      apperr.Code       `json:"code"`
	Message   string            `json:"message"`
	Fields    map[string]string `json:"fields,omitempty"`
	RequestID string            `json:"requestId,omitempty"`
}

// writeError answers with err's status and safe message. An error without a code is internal: it is
// logged with the request id and the client sees only "Internal error.".
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var e *apperr.Error
	body := errorBody{RequestID: requestID(r.Context())}
	if errors.As(err, &e) && e.Code != apperr.Internal {
		body.Code, body.Message, body.Fields = e.Code, e.Message, e.Fields
	} else {
		logger(r.Context()).LogAttrs(r.Context(), slog.LevelError, "internal error", slog.String("error", err.Error()))
		body.Code, body.Message = apperr.Internal, "Internal error."
	}
	status, ok := statusOf[body.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	writeJSON(w, status, body)
}

// notFoundAPI answers unknown /api/ paths with a JSON 404, never the HTML app.
func notFoundAPI(w http.ResponseWriter, r *http.Request) {
	writeError(w, r, apperr.New(apperr.NotFound, "No such API call: %s %s.", r.Method, r.URL.Path))
}
