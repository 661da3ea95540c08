package httpapi

import (
	"context"
	"net/http"

	"pitlane/internal/event"
)

// EventService answers the event calls and the landing pages.
type EventService interface {
	// Calendar returns the company's events overlapping the window. Returns apperr.Invalid for a
	// malformed window, apperr.NotFound for an unknown company.
	Calendar(ctx context.Context, companyID int64, date, dateEnd string) ([]event.CalendarEvent, error)
	// Info returns an event's public page. Returns apperr.NotFound for an unknown key.
	Info(ctx context.Context, key string) (event.Info, error)
	// Registration returns the event and the visitor's live hold, if any, writing nothing. Returns
	// apperr.NotFound for an unknown key.
	Registration(ctx context.Context, key, visitorID string) (event.RegistrationView, error)
	// Register holds one place of the event in a new cart. Returns apperr.NotFound, apperr.Gone
	// (started or closed), apperr.NoStock (sold out).
	Register(ctx context.Context, key, visitorID string) (event.Registration, error)
	// Save turns the held place into a paid registration and returns where to pay. Returns
	// apperr.Unauthorized, apperr.NotFound, apperr.Unprocessable, apperr.Gone, apperr.Conflict,
	// apperr.Unavailable.
	Save(ctx context.Context, companyToken string, req event.SaveRequest) (event.SaveResult, error)
	// Landing returns the company's landing page. Returns apperr.NotFound for an unknown key.
	Landing(ctx context.Context, key string) (event.CompanyLanding, error)
	// EventsLanding returns the company's events landing. Returns apperr.NotFound for an unknown key.
	EventsLanding(ctx context.Context, key string) (event.EventsLanding, error)
}

// getEvents answers GET /api/event?date&dateEnd&idCompany: the events calendar.
func (s *Server) getEvents(w http.ResponseWriter, r *http.Request) {
	id, err := queryInt(r, "idCompany")
	if err != nil {
		writeError(w, r, err)
		return
	}
	q := r.URL.Query()
	list, err := s.deps.Events.Calendar(r.Context(), id, q.Get("date"), q.Get("dateEnd"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": list})
}

// getEvent answers GET /api/event/{key}: the event information page.
func (s *Server) getEvent(w http.ResponseWriter, r *http.Request) {
	info, err := s.deps.Events.Info(r.Context(), r.PathValue("key"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, info)
}

// getEventRegistration answers GET /api/event/{key}/register: the registration page's event and the
// place the visitor already holds, if any. It writes nothing: a look, a link preview or a crawler takes
// no place. Not cacheable (the hold is the visitor's).
func (s *Server) getEventRegistration(w http.ResponseWriter, r *http.Request) {
	visitor, err := visitorID(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	reg, err := s.deps.Events.Registration(r.Context(), r.PathValue("key"), visitor)
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]any{"data": reg})
}

// postEventRegister answers POST /api/event/{key}/register: holds one place for the visitor, who has
// started the registration (the same visitor gets the same live hold back). Not cacheable.
func (s *Server) postEventRegister(w http.ResponseWriter, r *http.Request) {
	visitor, err := visitorID(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	reg, err := s.deps.Events.Register(r.Context(), r.PathValue("key"), visitor)
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]any{"data": reg})
}

// postSaveEvent answers POST /api/event/saveEvent with the company token.
func (s *Server) postSaveEvent(w http.ResponseWriter, r *http.Request) {
	token, err := requireCompanyToken(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req event.SaveRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	res, err := s.deps.Events.Save(r.Context(), token, req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}
