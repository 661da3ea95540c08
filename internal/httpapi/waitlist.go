package httpapi

import (
	"context"
	"net/http"
	"regexp"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/waitlist"
)

// WaitlistService is the waiting list of full sessions, the visitor's side.
type WaitlistService interface {
	// Join puts a visitor on a full session's list. Returns apperr.Unprocessable (fields, captcha,
	// session, list off), apperr.Conflict (places free, e-mail already waiting), apperr.NotFound,
	// apperr.Unauthorized.
	Join(ctx context.Context, companyToken string, req waitlist.JoinRequest) (waitlist.Entry, error)
	// Entry returns the entry a leave link names. Returns apperr.NotFound.
	Entry(ctx context.Context, leaveToken string) (waitlist.Entry, error)
	// Leave ends the entry a leave link names. Returns apperr.NotFound.
	Leave(ctx context.Context, leaveToken string) (waitlist.Entry, error)
	// OpenOffer returns a live offer. Returns apperr.NotFound, apperr.Gone.
	OpenOffer(ctx context.Context, offerToken string) (waitlist.Offer, error)
	// JoinEvent puts a visitor on a sold-out event's list. Returns apperr.Unprocessable (fields, captcha,
	// event closed, list off), apperr.Conflict (a place free, e-mail already waiting), apperr.NotFound.
	JoinEvent(ctx context.Context, eventKey string, req waitlist.JoinEventRequest) (waitlist.Entry, error)
}

// postEventWaitlist answers POST /api/event/{key}/waitlist with 201 and the new entry.
func (s *Server) postEventWaitlist(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("key")
	if key == "" || len(key) > 200 {
		writeError(w, r, apperr.New(apperr.NotFound, "No such event."))
		return
	}
	var req waitlist.JoinEventRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	e, err := s.deps.Waitlist.JoinEvent(r.Context(), key, req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, entryJSON(e))
}

// nullable is a string or JSON null when empty.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// waitlistToken is the shape of a leave or offer link's key: 256 bits in hex.
var waitlistToken = regexp.MustCompile(`^[0-9a-f]{64}$`)

// waitlistEntryJSON is an entry as its owner sees it (docs/openapi.yaml WaitlistEntry).
type waitlistEntryJSON struct {
	State          string     `json:"state"`
	Position       int        `json:"position"`
	NumDrivers     int        `json:"numDrivers"`
	Date           string     `json:"date"`
	LeaveToken     string     `json:"leaveToken"`
	OfferExpiresAt *time.Time `json:"offerExpiresAt"`
}

func entryJSON(e waitlist.Entry) waitlistEntryJSON {
	at := e.LocalTime
	if len(at) > 5 {
		at = at[:5]
	}
	out := waitlistEntryJSON{State: e.State, Position: e.Position, NumDrivers: e.Drivers, Date: e.LocalDate + " " + at,
		LeaveToken: e.LeaveToken}
	if e.State == waitlist.Offered && e.OfferExpiresAt > 0 {
		t := time.UnixMilli(e.OfferExpiresAt).UTC()
		out.OfferExpiresAt = &t
	}
	return out
}

// postWaitlist answers POST /api/waitlist with 201 and the new entry.
func (s *Server) postWaitlist(w http.ResponseWriter, r *http.Request) {
	token, err := requireCompanyToken(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req waitlist.JoinRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	e, err := s.deps.Waitlist.Join(r.Context(), token, req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, entryJSON(e))
}

// waitlistKey reads a path's link key; a malformed one is answered 404 like an unknown one.
func waitlistKey(r *http.Request, name string) (string, error) {
	k := r.PathValue(name)
	if !waitlistToken.MatchString(k) {
		return "", apperr.New(apperr.NotFound, "No waiting-list entry with that link.")
	}
	return k, nil
}

// getWaitlistEntry answers GET /api/waitlist/{leaveToken}.
func (s *Server) getWaitlistEntry(w http.ResponseWriter, r *http.Request) {
	s.waitlistEntry(w, r, s.deps.Waitlist.Entry)
}

// deleteWaitlistEntry answers DELETE /api/waitlist/{leaveToken}: the entry leaves the list.
func (s *Server) deleteWaitlistEntry(w http.ResponseWriter, r *http.Request) {
	s.waitlistEntry(w, r, s.deps.Waitlist.Leave)
}

func (s *Server) waitlistEntry(w http.ResponseWriter, r *http.Request, fn func(context.Context, string) (waitlist.Entry, error)) {
	k, err := waitlistKey(r, "leaveToken")
	if err != nil {
		writeError(w, r, err)
		return
	}
	e, err := fn(r.Context(), k)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, entryJSON(e))
}

// getWaitlistOffer answers GET /api/waitlist/offer/{offerToken} with the cart that holds the offer.
func (s *Server) getWaitlistOffer(w http.ResponseWriter, r *http.Request) {
	k, err := waitlistKey(r, "offerToken")
	if err != nil {
		writeError(w, r, err)
		return
	}
	o, err := s.deps.Waitlist.OpenOffer(r.Context(), k)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"publicKey": o.PublicKey, "idType": o.ProductID, "token": o.CartToken, "prebookingIdentifier": o.HoldIdentifier,
		"prebookingDate": o.Date, "expiresAt": time.UnixMilli(o.ExpiresAt).UTC(), "price": float64(o.PriceCents) / 100,
		"numDrivers": o.Drivers, "leaveToken": o.LeaveToken, "eventKey": nullable(o.EventKey), "visitorId": nullable(o.VisitorID),
	})
}
