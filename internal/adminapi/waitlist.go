package adminapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
	"pitlane/internal/waitlist"
)

// WaitlistService is the waiting list as the staff see it (*waitlist.Service implements it).
type WaitlistService interface {
	// Session lists a session's entries in join order.
	Session(ctx context.Context, companyID, circuitID, startsAt int64) ([]waitlist.Entry, error)
	// OfferNow gives the session's free places to its entries at once and lists them afterwards.
	OfferNow(ctx context.Context, companyID, circuitID, startsAt int64, by waitlist.Actor) ([]waitlist.Entry, error)
	// Event lists an event's entries in join order. Returns apperr.NotFound.
	Event(ctx context.Context, companyID, eventID int64) ([]waitlist.Entry, error)
	// OfferEventNow gives the event's free places to its entries at once. Returns apperr.NotFound.
	OfferEventNow(ctx context.Context, companyID, eventID int64, by waitlist.Actor) ([]waitlist.Entry, error)
	// Remove ends an entry. Returns apperr.NotFound.
	Remove(ctx context.Context, companyID, id int64, by waitlist.Actor) (waitlist.Entry, error)
	// Settings returns the company's settings. Returns apperr.NotFound.
	Settings(ctx context.Context, companyID int64) (waitlist.Settings, error)
	// SaveSettings writes them. Returns apperr.Unprocessable (offerMinutes).
	SaveSettings(ctx context.Context, companyID int64, s waitlist.Settings, by waitlist.Actor) (waitlist.Settings, error)
}

// waitActor is the staff member a waiting-list change is audited as.
func waitActor(sc Scope) waitlist.Actor { return waitlist.Actor{UserID: sc.UserID, Email: sc.Email} }

// waitEvent reads the eventId a waiting-list call names instead of a session.
func waitEvent(v string) (int64, error) {
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id < 1 {
		return 0, apperr.WithFields(apperr.Invalid, "The event is malformed.", map[string]string{"eventId": "a positive integer"})
	}
	return id, nil
}

func (s *Server) waitlist(w http.ResponseWriter, r *http.Request) WaitlistService {
	return available(w, r, s.deps.Waitlist, "The waiting list is not available.")
}

// staffEntry is schema StaffWaitlistEntry.
func staffEntry(e waitlist.Entry) map[string]any {
	var until any
	if e.State == waitlist.Offered && e.OfferExpiresAt > 0 {
		until = time.UnixMilli(e.OfferExpiresAt).UTC().Format(time.RFC3339)
	}
	return map[string]any{"id": e.ID, "position": e.Position, "name": e.Name, "email": e.Email, "phone": e.Phone,
		"numDrivers": e.Drivers, "state": e.State, "offeredUntil": until, "offers": e.Offers,
		"joinedAt": time.UnixMilli(e.CreatedAt).UTC().Format(time.RFC3339)}
}

func staffEntries(es []waitlist.Entry) map[string]any {
	out := make([]map[string]any, 0, len(es))
	for _, e := range es {
		out = append(out, staffEntry(e))
	}
	return map[string]any{"data": out}
}

// waitSession reads the session a waiting-list call names: circuitId and startsAt (RFC 3339).
func waitSession(circuit, start string) (int64, int64, error) {
	c, err := strconv.ParseInt(circuit, 10, 64)
	if err != nil || c < 1 {
		return 0, 0, apperr.WithFields(apperr.Invalid, "The session is malformed.", map[string]string{"circuitId": "a positive integer"})
	}
	t, err := time.Parse(time.RFC3339, start)
	if err != nil {
		return 0, 0, apperr.WithFields(apperr.Invalid, "The session is malformed.", map[string]string{"startsAt": "an RFC 3339 date-time"})
	}
	return c, t.UnixMilli(), nil
}

// listWaitlist is GET /api/admin/waitlist?idCompany&circuitId&startsAt, or ?idCompany&eventId for an
// event's list (DESK).
func (s *Server) listWaitlist(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.waitlist(w, r)
	if svc == nil {
		return
	}
	q := r.URL.Query()
	var es []waitlist.Entry
	var err error
	if q.Has("eventId") {
		var ev int64
		if ev, err = waitEvent(q.Get("eventId")); err == nil {
			es, err = svc.Event(r.Context(), sc.CompanyID, ev)
		}
	} else {
		var c, st int64
		if c, st, err = waitSession(q.Get("circuitId"), q.Get("startsAt")); err == nil {
			es, err = svc.Session(r.Context(), sc.CompanyID, c, st)
		}
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, staffEntries(es))
}

// offerWaitlist is POST /api/admin/waitlist/offer {idCompany, circuitId, startsAt} or {idCompany,
// eventId} (DESK): the session's (or event's) free places go to its entries now.
func (s *Server) offerWaitlist(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.waitlist(w, r)
	if svc == nil {
		return
	}
	var body struct {
		IDCompany int64  `json:"idCompany"`
		CircuitID int64  `json:"circuitId"`
		StartsAt  string `json:"startsAt"`
		EventID   *int64 `json:"eventId"`
	}
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var es []waitlist.Entry
	var err error
	if body.EventID != nil {
		var ev int64
		if ev, err = waitEvent(strconv.FormatInt(*body.EventID, 10)); err == nil {
			es, err = svc.OfferEventNow(r.Context(), sc.CompanyID, ev, waitActor(sc))
		}
	} else {
		var c, st int64
		if c, st, err = waitSession(strconv.FormatInt(body.CircuitID, 10), body.StartsAt); err == nil {
			es, err = svc.OfferNow(r.Context(), sc.CompanyID, c, st, waitActor(sc))
		}
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.publishDesk(sc.CompanyID)
	httpx.WriteJSON(w, http.StatusOK, staffEntries(es))
}

// removeWaitlist is DELETE /api/admin/waitlist/{id}?idCompany (DESK): the entry leaves the list, and
// an offer it holds passes on.
func (s *Server) removeWaitlist(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.waitlist(w, r)
	if svc == nil {
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	e, err := svc.Remove(r.Context(), sc.CompanyID, id, waitActor(sc))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.publishDesk(sc.CompanyID)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": staffEntry(e)})
}

// waitlistSettings is GET /api/admin/waitlist/settings (ADMIN).
func (s *Server) waitlistSettings(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.waitlist(w, r)
	if svc == nil {
		return
	}
	set, err := svc.Settings(r.Context(), sc.CompanyID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"enabled": set.Enabled, "offerMinutes": set.OfferMinutes}})
}

// saveWaitlistSettings is PUT /api/admin/waitlist/settings {idCompany, enabled, offerMinutes} (ADMIN).
func (s *Server) saveWaitlistSettings(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.waitlist(w, r)
	if svc == nil {
		return
	}
	var body struct {
		IDCompany    int64 `json:"idCompany"`
		Enabled      bool  `json:"enabled"`
		OfferMinutes int   `json:"offerMinutes"`
	}
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	set, err := svc.SaveSettings(r.Context(), sc.CompanyID, waitlist.Settings{Enabled: body.Enabled, OfferMinutes: body.OfferMinutes},
		waitActor(sc))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"enabled": set.Enabled, "offerMinutes": set.OfferMinutes}})
}

// publishDesk tells the company's open Today views that something changed.
func (s *Server) publishDesk(companyID int64) {
	if s.deps.Live != nil {
		s.deps.Live.Publish(DeskKey(companyID))
	}
}
