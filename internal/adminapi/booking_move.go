package adminapi

import (
	"context"
	"net/http"
	"strconv"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/httpx"
	"pitlane/internal/move"
)

// MoveService moves a booking to another session of the same product (move.Service).
type MoveService interface {
	// Choices lists the sessions of a date the booking could move to, with their free places.
	Choices(ctx context.Context, companyID, bookingID int64, date string) (move.Choices, error)
	// Move moves the booking. Returns apperr.NotFound, apperr.Conflict (cannot move, the same session,
	// a session without the places) and apperr.Unprocessable.
	Move(ctx context.Context, companyID, bookingID int64, date, startTime string, by checkout.Actor) (move.Moved, error)
}

// moveSvc returns the move service, or answers 503 when the server was built without one.
func (s *Server) moveSvc(w http.ResponseWriter, r *http.Request) (MoveService, bool) {
	if s.deps.Moves == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Moving bookings is not available on this server."))
		return nil, false
	}
	return s.deps.Moves, true
}

// moveChoices answers GET /api/admin/move-choices (DESK).
func (s *Server) moveChoices(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.moveSvc(w, r)
	if !ok {
		return
	}
	id, err := strconv.ParseInt(r.URL.Query().Get("bookingId"), 10, 64)
	if err != nil || id < 1 {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "The booking is not valid.", map[string]string{"bookingId": "required"}))
		return
	}
	out, err := svc.Choices(r.Context(), sc.CompanyID, id, r.URL.Query().Get("date"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}

// moveBookingBody is schema MoveBookingRequest.
type moveBookingBody struct {
	IDCompany int64  `json:"idCompany"`
	BookingID int64  `json:"bookingId"`
	Date      string `json:"date"`
	StartTime string `json:"startTime"`
}

// moveBooking answers POST /api/admin/move-booking (DESK).
func (s *Server) moveBooking(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.moveSvc(w, r)
	if !ok {
		return
	}
	var body moveBookingBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := svc.Move(r.Context(), sc.CompanyID, body.BookingID, body.Date, body.StartTime, checkout.Actor{UserID: sc.UserID, Email: sc.Email})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}
