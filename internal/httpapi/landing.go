package httpapi

import "net/http"

// getLanding answers GET /api/landing/{key}: the company's landing page of links.
func (s *Server) getLanding(w http.ResponseWriter, r *http.Request) {
	l, err := s.deps.Events.Landing(r.Context(), r.PathValue("key"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": l})
}

// getEventsLanding answers GET /api/landing/{key}/events: the landing built from upcoming events.
func (s *Server) getEventsLanding(w http.ResponseWriter, r *http.Request) {
	l, err := s.deps.Events.EventsLanding(r.Context(), r.PathValue("key"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": l})
}
