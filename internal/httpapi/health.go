package httpapi

import (
	"context"
	"net/http"
	"time"
)

// Pinger tells whether the database answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.deps.DB.Ping(ctx); err != nil {
		logger(ctx).Warn("health check: database does not answer", "error", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
