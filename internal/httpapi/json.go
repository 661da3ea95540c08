package httpapi

import (
	"net/http"

	"pitlane/internal/httpx"
)

// The customer API's JSON helpers are the shared ones of internal/httpx (the staff API uses the same).

func writeJSON(w http.ResponseWriter, status int, v any) { httpx.WriteJSON(w, status, v) }
func writeJSONBody(w http.ResponseWriter, status int, body []byte) {
	httpx.WriteJSONBody(w, status, body)
}
func decodeJSON(r *http.Request, dst any) error            { return httpx.DecodeJSON(r, dst) }
func queryInt(r *http.Request, name string) (int64, error) { return httpx.QueryInt(r, name) }
