package adminapi

import (
	"net/http"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/checkout"
	"pitlane/internal/httpx"
)

// The actions of a booking's details (issue 23, "Booking details are where staff act"): each names the
// booking by its id within the staff member's company.

// cancelBookingBody is schema CancelBookingRequest.
type cancelBookingBody struct {
	IDCompany int64  `json:"idCompany"`
	BookingID int64  `json:"bookingId"`
	Refund    *bool  `json:"refund"`
	Money     string `json:"money"`
}

// The choices of a staff cancellation's money (CancelBookingRequest.money).
const (
	moneyRefund = "refund"
	moneyCredit = "credit"
	moneyNone   = "none"
)

// cancelMoney is the body's choice: money, or the older refund flag; apperr.Unprocessable when neither
// is sent, money is unknown, or the two disagree.
func cancelMoney(body cancelBookingBody) (string, error) {
	var fromRefund string
	if body.Refund != nil {
		fromRefund = moneyNone
		if *body.Refund {
			fromRefund = moneyRefund
		}
	}
	switch {
	case body.Money == "" && fromRefund == "":
		return "", apperr.WithFields(apperr.Unprocessable, "Say what happens to the money.",
			map[string]string{"money": "required: refund, credit or none"})
	case body.Money == "":
		return fromRefund, nil
	case body.Money != moneyRefund && body.Money != moneyCredit && body.Money != moneyNone:
		return "", apperr.WithFields(apperr.Unprocessable, "Say what happens to the money.",
			map[string]string{"money": "refund, credit or none"})
	case fromRefund != "" && fromRefund != body.Money:
		return "", apperr.WithFields(apperr.Unprocessable, "refund and money disagree.",
			map[string]string{"money": "send money alone"})
	}
	return body.Money, nil
}

// creditNoteBody is schema CreditNote.
func creditNoteBody(n billing.CreditNote, now time.Time) map[string]any {
	return map[string]any{"code": billing.FormatCreditCode(n.Code), "amount": decimal(n.AmountCents), "balance": decimal(n.BalanceCents),
		"currency": n.Currency, "createdAt": n.CreatedAt.Format(time.RFC3339), "expiresAt": n.ExpiresAt.Format(time.RFC3339),
		"expired": n.Expired(now), "reference": n.Reference, "customerName": n.CustomerName, "customerEmail": n.CustomerEmail}
}

// cancelBookingWithMoney answers POST /api/admin/cancel-booking (ADMIN, as refunds): cancel, with
// everything paid given back (money refund), kept as a credit note (credit) or neither (none).
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
	money, err := cancelMoney(body)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	by := checkout.Actor{UserID: sc.UserID, Email: sc.Email}
	var out checkout.StaffCancelledRefund
	var credit any
	switch money {
	case moneyRefund:
		res, err := svc.StaffCancelRefund(r.Context(), sc.CompanyID, body.BookingID, by)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out = res
	case moneyCredit:
		res, err := svc.StaffCancelCredit(r.Context(), sc.CompanyID, body.BookingID, by)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out = checkout.StaffCancelledRefund{ID: res.ID, State: res.State}
		if s.deps.Desk != nil {
			if n, err := s.deps.Desk.LookupCredit(r.Context(), sc.CompanyID, res.Code); err == nil {
				credit = creditNoteBody(n, n.CreatedAt) // just issued: not expired
			}
		}
	default:
		res, err := svc.StaffCancel(r.Context(), sc.CompanyID, body.BookingID, by)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out = checkout.StaffCancelledRefund{ID: res.ID, State: res.State}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"id": out.ID, "state": out.State,
		"refunded": decimal(out.Refunded), "owed": decimal(out.Owed), "credit": credit}})
}

// creditLookupBody is schema CreditLookupRequest.
type creditLookupBody struct {
	IDCompany int64  `json:"idCompany"`
	Code      string `json:"code"`
}

// creditLookup answers POST /api/admin/credit-lookup (DESK): the note a typed code names.
func (s *Server) creditLookup(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.desk(w, r)
	if !ok {
		return
	}
	var body creditLookupBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	n, err := svc.LookupCredit(r.Context(), sc.CompanyID, body.Code)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": creditNoteBody(n, svc.Now())})
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
