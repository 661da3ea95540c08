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

// Migrations tells which schema version the database has and which this binary needs.
type Migrations interface {
	MigrationVersions(ctx context.Context) (current, latest int64, err error)
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

// readyz answers 200 when this instance can serve: the database answers and its schema is the one this
// binary was built for (an instance started during a rolling upgrade, before the migration ran, is not
// ready). A load balancer routes to ready instances; /healthz stays the liveness check.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.deps.DB.Ping(ctx); err != nil {
		logger(ctx).Warn("readiness: database does not answer", "error", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": "database"})
		return
	}
	if m, ok := s.deps.DB.(Migrations); ok {
		current, latest, err := m.MigrationVersions(ctx)
		if err != nil || current < latest {
			logger(ctx).Warn("readiness: migrations not current", "current", current, "latest", latest, "error", err)
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": "migrations"})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
