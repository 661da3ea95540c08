package adminapi

import (
	"context"
	"net/http"
	"strconv"

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
	// Read returns the company's event as the event form edits it. Returns apperr.NotFound if the
	// company has no such event.
	Read(ctx context.Context, companyID, id int64) (event.FullEvent, error)
	// Update saves the event form's changes in one transaction, audited as by, and returns the event as
	// stored. Returns apperr.NotFound, apperr.Unprocessable with a field per broken rule, or
	// apperr.Conflict (a stale version, or fewer places than are taken).
	Update(ctx context.Context, req event.UpdateRequest, by account.Staff) (event.FullEvent, error)
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

// fullEvent answers GET /api/event/fullEvent?idCompany&id (SUPERADMIN only, by the route table): the
// event as the calendar's Edit fills the event form with.
func (s *Server) fullEvent(w http.ResponseWriter, r *http.Request, sc Scope) {
	if s.deps.Events == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Editing events is not available on this server."))
		return
	}
	id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	if err != nil || id < 1 {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "The event is malformed.", map[string]string{"id": "must be a positive integer"}))
		return
	}
	out, err := s.deps.Events.Read(r.Context(), sc.CompanyID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}

// updateFullEvent answers POST /api/event/updateFullEvent (SUPERADMIN only, by the route table, as
// createFullEvent).
func (s *Server) updateFullEvent(w http.ResponseWriter, r *http.Request, sc Scope) {
	if s.deps.Events == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Editing events is not available on this server."))
		return
	}
	var req event.UpdateRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	req.IDCompany = sc.CompanyID // the scope middleware checked the body's company is this one
	out, err := s.deps.Events.Update(r.Context(), req, sc.Staff)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
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
