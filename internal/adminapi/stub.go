package adminapi

import (
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
)

// notBuilt answers a staff call whose implementation has not landed yet. It is temporary scaffolding
// while the back office is built in parallel; no route may use it when the issue is resolved.
func notBuilt(w http.ResponseWriter, r *http.Request) {
	httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "This back-office call is not available yet."))
}
