package adminapi

import (
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
)

// available returns svc, or writes 503 with message when the server was built without it (a nil
// service: a test server, or a part switched off), for the caller to stop on the zero value it returns.
func available[T comparable](w http.ResponseWriter, r *http.Request, svc T, message string) T {
	var none T
	if svc == none {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "%s", message))
	}
	return svc
}
