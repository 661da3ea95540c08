package httpapi

import (
	"context"
	"net/http"
	"regexp"
	"strings"

	"pitlane/internal/apperr"
	"pitlane/internal/sessions"
)

// SessionsService is the sessions engine: availability, pre-bookings and carts.
type SessionsService interface {
	// Availability returns a day's sessions. Returns apperr.Invalid for a malformed date or type,
	// apperr.Unauthorized for an unknown company token, apperr.NotFound for an unknown product or pack.
	Availability(ctx context.Context, companyToken, date string, id int64, kind string) (sessions.Availability, error)
	// Hold takes places for a visitor. Returns apperr.Unprocessable (field errors), apperr.SameUserSlot,
	// apperr.NoStock, apperr.NotFound, apperr.Unauthorized.
	Hold(ctx context.Context, companyToken, visitorID string, req sessions.HoldRequest) (sessions.Hold, error)
	// Release gives a pre-booking's places back; harmless when repeated. Returns apperr.NotFound,
	// apperr.Conflict (already booked).
	Release(ctx context.Context, cartToken, identifier string) error
	// NewCart creates a shopping cart. Returns apperr.NotFound for an unknown company.
	NewCart(ctx context.Context, companyID int64) (string, error)
}

// companyToken reads the company token a public call carries: "Authorization: Bearer <token>".
func companyToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if t, ok := strings.CutPrefix(h, "Bearer "); ok {
		return strings.TrimSpace(t)
	}
	return ""
}

var validVisitor = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// visitorID reads the random id a browser keeps for its session (X-Visitor-Id); empty when absent.
func visitorID(r *http.Request) (string, error) {
	v := r.Header.Get("X-Visitor-Id")
	if v != "" && !validVisitor.MatchString(v) {
		return "", apperr.WithFields(apperr.Invalid, "The visitor id is malformed.", map[string]string{"X-Visitor-Id": "8–64 letters, digits, - or _"})
	}
	return v, nil
}

func requireCompanyToken(r *http.Request) (string, error) {
	t := companyToken(r)
	if t == "" {
		return "", apperr.New(apperr.Unauthorized, "The company token is missing (Authorization: Bearer <token>).")
	}
	return t, nil
}

// getAvailability answers GET /api/booking/availability?date&idType&type.
func (s *Server) getAvailability(w http.ResponseWriter, r *http.Request) {
	token, err := requireCompanyToken(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	id, err := queryInt(r, "idType")
	if err != nil {
		writeError(w, r, err)
		return
	}
	q := r.URL.Query()
	if q.Get("date") == "" {
		writeError(w, r, apperr.WithFields(apperr.Invalid, "A query parameter is missing.", map[string]string{"date": "required"}))
		return
	}
	a, err := s.deps.Sessions.Availability(r.Context(), token, q.Get("date"), id, q.Get("type"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	if body := a.ResponseJSON(); body != nil {
		writeJSONBody(w, http.StatusOK, body) // a reused answer, encoded once
		return
	}
	writeJSON(w, http.StatusOK, sessions.AvailabilityResponse{Data: a})
}

// postPrebooking answers POST /api/prebooking.
func (s *Server) postPrebooking(w http.ResponseWriter, r *http.Request) {
	token, err := requireCompanyToken(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	visitor, err := visitorID(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req sessions.HoldRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	h, err := s.deps.Sessions.Hold(r.Context(), token, visitor, req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, h)
}

// deletePrebooking answers DELETE /api/prebooking/{identifier} with body {token}.
func (s *Server) deletePrebooking(w http.ResponseWriter, r *http.Request) {
	var req sessions.ReleaseRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.deps.Sessions.Release(r.Context(), req.Token, r.PathValue("identifier")); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"released": true})
}

// postShoppingCart answers POST /api/payment/shopping-cart {idCompany}.
func (s *Server) postShoppingCart(w http.ResponseWriter, r *http.Request) {
	var req struct {
		IDCompany int64 `json:"idCompany"`
	}
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	token, err := s.deps.Sessions.NewCart(r.Context(), req.IDCompany)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"token": token})
}
