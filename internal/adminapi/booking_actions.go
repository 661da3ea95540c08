package adminapi

import (
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/httpx"
)

// The actions of a booking's details (issue 23, "Booking details are where staff act"): each names the
// booking by its id within the staff member's company.

// cancelBookingBody is schema CancelBookingRequest.
type cancelBookingBody struct {
	IDCompany int64 `json:"idCompany"`
	BookingID int64 `json:"bookingId"`
	Refund    *bool `json:"refund"`
}

// cancelBookingWithMoney answers POST /api/admin/cancel-booking (ADMIN, as refunds): cancel, with
// everything paid given back (refund true) or not (false).
func (s *Server) cancelBookingWithMoney(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.bookingsSvc(w, r)
	if !ok {
		return
	}
	var body cancelBookingBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if body.Refund == nil {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Unprocessable, "Say whether the money goes back.",
			map[string]string{"refund": "required, true or false"}))
		return
	}
	by := checkout.Actor{UserID: sc.UserID, Email: sc.Email}
	var out checkout.StaffCancelledRefund
	if *body.Refund {
		res, err := svc.StaffCancelRefund(r.Context(), sc.CompanyID, body.BookingID, by)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out = res
	} else {
		res, err := svc.StaffCancel(r.Context(), sc.CompanyID, body.BookingID, by)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out = checkout.StaffCancelledRefund{ID: res.ID, State: res.State}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"id": out.ID, "state": out.State,
		"refunded": decimal(out.Refunded), "owed": decimal(out.Owed)}})
}

// bookingActionBody is schema BookingActionRequest.
type bookingActionBody struct {
	IDCompany int64 `json:"idCompany"`
	BookingID int64 `json:"bookingId"`
}

// resendConfirmation answers POST /api/admin/resend-confirmation (DESK).
func (s *Server) resendConfirmation(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.bookingsSvc(w, r)
	if !ok {
		return
	}
	var body bookingActionBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := svc.StaffResendConfirmation(r.Context(), sc.CompanyID, body.BookingID, checkout.Actor{UserID: sc.UserID, Email: sc.Email})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}

// updateContactBody is schema UpdateContactRequest.
type updateContactBody struct {
	IDCompany int64 `json:"idCompany"`
	BookingID int64 `json:"bookingId"`
	checkout.ContactEdit
}

// updateContact answers POST /api/admin/update-contact (DESK).
func (s *Server) updateContact(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.bookingsSvc(w, r)
	if !ok {
		return
	}
	var body updateContactBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := svc.StaffUpdateContact(r.Context(), sc.CompanyID, body.BookingID, body.ContactEdit, checkout.Actor{UserID: sc.UserID, Email: sc.Email})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}
