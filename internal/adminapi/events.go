package adminapi

import (
	"context"
	"net/http"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/event"
	"pitlane/internal/httpx"
)

// EventCreator creates events from the back office's create-event dialog. *event.Creator implements it.
type EventCreator interface {
	// Create checks the payload and writes the event with its ticket, category, template and discount
	// code in one transaction, audited as by. Returns apperr.Unprocessable with a field per broken rule.
	Create(ctx context.Context, req event.CreateRequest, by account.Staff) (event.Created, error)
}

// createFullEvent answers POST /api/event/createFullEvent (SUPERADMIN only, by the route table).
func (s *Server) createFullEvent(w http.ResponseWriter, r *http.Request, sc Scope) {
	if s.deps.Events == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Creating events is not available on this server."))
		return
	}
	var req event.CreateRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	req.IDCompany = sc.CompanyID // the scope middleware checked the body's company is this one
	out, err := s.deps.Events.Create(r.Context(), req, sc.Staff)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"data": out})
}

// previewTemplateRequest is the body of POST /api/event/previewTemplate.
type previewTemplateRequest struct {
	IDCompany int64  `json:"idCompany"`
	HTML      string `json:"html"`
}

// previewTemplate answers POST /api/event/previewTemplate (SUPERADMIN only, by the route table, as
// createFullEvent): the typed template as createFullEvent would store it. It writes nothing.
func (s *Server) previewTemplate(w http.ResponseWriter, r *http.Request, _ Scope) {
	var req previewTemplateRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	html, err := event.PreviewTemplate(req.HTML)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]string{"html": html}})
}
