package httpapi

import (
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
)

// statusOf is the one table from error code to HTTP status, shared with the staff API (internal/httpx).
var statusOf = httpx.StatusOf

// errorBody is the JSON shape of every error answer (schema Error in docs/openapi.yaml).
type errorBody = httpx.ErrorBody

// writeError answers with err's status and safe message; see httpx.WriteError.
func writeError(w http.ResponseWriter, r *http.Request, err error) { httpx.WriteError(w, r, err) }

// notFoundAPI answers unknown /api/ paths with a JSON 404, never the HTML app.
func notFoundAPI(w http.ResponseWriter, r *http.Request) {
	writeError(w, r, apperr.New(apperr.NotFound, "No such API call: %s %s.", r.Method, r.URL.Path))
}
