package adminapi

import (
	"context"
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
	"pitlane/internal/setup"
)

// ChecklistReader reads a company's setup checklist (store.Companies implements it).
type ChecklistReader interface {
	SetupChecklist(ctx context.Context, companyID int64) (setup.Checklist, error)
}

// setupChecklist is GET /api/admin/setup-checklist.
func (s *Server) setupChecklist(w http.ResponseWriter, r *http.Request, sc Scope) {
	if s.deps.Checklist == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "The setup checklist is not available on this server."))
		return
	}
	c, err := s.deps.Checklist.SetupChecklist(r.Context(), sc.CompanyID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, c)
}
