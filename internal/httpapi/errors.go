package httpapi

import (
	"net/http"
	"strings"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
)

// writeError answers with err's status and safe message; see httpx.WriteError.
func writeError(w http.ResponseWriter, r *http.Request, err error) { httpx.WriteError(w, r, err) }

// notFoundAPI answers unknown /api/ paths with a JSON 404, never the HTML app.
func notFoundAPI(w http.ResponseWriter, r *http.Request) {
	writeError(w, r, apperr.New(apperr.NotFound, "No such API call: %s %s.", r.Method, r.URL.Path))
}

// probedMethods are the methods an API path is tried with to tell 405 from 404.
var probedMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// unknownAPI answers what no route of the API mux took: 405 with Allow when the path is a route's with
// another method (a GET of a POST call), else notFoundAPI's 404. The mux's own 405 never happens here,
// because its /api/ catch-all matches every method.
func unknownAPI(api *http.ServeMux) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var allowed []string
		for _, m := range probedMethods {
			if m == r.Method {
				continue
			}
			probe := r.Clone(r.Context())
			probe.Method = m
			if _, pattern := api.Handler(probe); pattern != "/api/" && pattern != "/api" && pattern != "" {
				allowed = append(allowed, m)
			}
		}
		if len(allowed) == 0 {
			notFoundAPI(w, r)
			return
		}
		list := strings.Join(allowed, ", ")
		w.Header().Set("Allow", list)
		writeError(w, r, apperr.New(apperr.MethodNotAllowed, "%s is not a method of %s: use %s.", r.Method, r.URL.Path, list))
	}
}
