package httpapi

import (
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
)

// writeError answers with err's status and safe message; see httpx.WriteError.
func writeError(w http.ResponseWriter, r *http.Request, err error) { httpx.WriteError(w, r, err) }

// notFoundAPI answers unknown /api/ paths with a JSON 404, never the HTML app.
func notFoundAPI(w http.ResponseWriter, r *http.Request) {
	writeError(w, r, apperr.New(apperr.NotFound, "No such API call: %s %s.", r.Method, r.URL.Path))
}
