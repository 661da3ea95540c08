package adminapi

import (
	"context"
	"net/http"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/httpx"
)

// DeskService is the counter's side of the ledger: payments taken at the desk, their corrections and
// the day's cash-up. *billing.Service implements it.
type DeskService interface {
	// RecordPayment records a payment taken at the counter. Returns apperr.Unprocessable (bad method,
	// amount or key; nothing due; more than due; a cancelled booking), apperr.NotFound and
	// apperr.Conflict (the key was used for another request).
	RecordPayment(ctx context.Context, p billing.DeskPayment) (billing.DeskResult, error)
	// CorrectPayment adds a correction line against a desk payment. Returns apperr.Unprocessable,
	// apperr.NotFound and apperr.Conflict.
	CorrectPayment(ctx context.Context, c billing.DeskCorrection) (billing.DeskResult, error)
	// CashUp returns the company's takings of one circuit-local day.
	CashUp(ctx context.Context, companyID int64, date string) (billing.CashUp, error)
}

// recordPaymentBody is schema RecordPaymentRequest.
type recordPaymentBody struct {
	IDCompany int64  `json:"idCompany"`
	BookingID int64  `json:"bookingId"`
	Method    string `json:"method"`
	Amount    *int64 `json:"amount"` // hundredths
}

// correctPaymentBody is schema CorrectPaymentRequest.
type correctPaymentBody struct {
	IDCompany int64  `json:"idCompany"`
	BookingID int64  `json:"bookingId"`
	PaymentID int64  `json:"paymentId"`
	Amount    *int64 `json:"amount"` // hundredths
	Reason    string `json:"reason"`
}

// deskBody is schema DeskPaymentResult.
func deskBody(r billing.DeskResult) map[string]any {
	return map[string]any{"data": map[string]any{"paymentId": r.PaymentID, "entryId": r.EntryID, "state": r.State,
		"paid": decimal(r.PaidCents), "due": decimal(r.DueCents), "replayed": r.Replayed}}
}

func (s *Server) desk(w http.ResponseWriter, r *http.Request) (DeskService, bool) {
	if s.deps.Desk == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Payments at the counter are not available."))
		return nil, false
	}
	return s.deps.Desk, true
}

// missingAmount is the answer to a body without its amount.
func missingAmount() error {
	return apperr.WithFields(apperr.Unprocessable, "The amount is missing.", map[string]string{"amount": "required, in hundredths"})
}

// recordPayment answers POST /api/admin/record-payment (DESK).
func (s *Server) recordPayment(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.desk(w, r)
	if !ok {
		return
	}
	var body recordPaymentBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if body.Amount == nil {
		httpx.WriteError(w, r, missingAmount())
		return
	}
	res, err := svc.RecordPayment(r.Context(), billing.DeskPayment{CompanyID: sc.CompanyID, UserID: sc.UserID, UserEmail: sc.Email,
		BookingID: body.BookingID, Method: body.Method, AmountCents: *body.Amount, IdempotencyKey: r.Header.Get("Idempotency-Key")})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, deskBody(res))
}

// correctPayment answers POST /api/admin/correct-payment (ADMIN).
func (s *Server) correctPayment(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.desk(w, r)
	if !ok {
		return
	}
	var body correctPaymentBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if body.Amount == nil {
		httpx.WriteError(w, r, missingAmount())
		return
	}
	res, err := svc.CorrectPayment(r.Context(), billing.DeskCorrection{CompanyID: sc.CompanyID, UserID: sc.UserID, UserEmail: sc.Email,
		BookingID: body.BookingID, PaymentID: body.PaymentID, AmountCents: *body.Amount, Reason: body.Reason,
		IdempotencyKey: r.Header.Get("Idempotency-Key")})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, deskBody(res))
}

// takings is schema CashUpTakings.
type takings struct {
	Charges     float64 `json:"charges"`
	Corrections float64 `json:"corrections"`
	Refunds     float64 `json:"refunds"`
	Net         float64 `json:"net"`
	Count       int     `json:"count"`
}

func takingsOf(t billing.Takings) takings {
	return takings{Charges: decimal(t.ChargesCents), Corrections: decimal(t.CorrectionsCents), Refunds: decimal(t.RefundsCents),
		Net: decimal(t.NetCents), Count: t.Count}
}

// cashUpLine is schema CashUpLine.
type cashUpLine struct {
	EntryID    int64   `json:"entryId"`
	BookingID  int64   `json:"bookingId"`
	Identifier string  `json:"identifier"`
	Reference  string  `json:"reference"`
	Kind       string  `json:"kind"`
	Method     string  `json:"method"`
	Amount     float64 `json:"amount"` // signed: its effect on the takings
	By         *string `json:"by"`
	At         string  `json:"at"`
	Reason     *string `json:"reason"`
}

// cashUp answers GET /api/admin/cash-up?idCompany=&date= (ADMIN).
func (s *Server) cashUp(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.desk(w, r)
	if !ok {
		return
	}
	date := r.URL.Query().Get("date")
	if date == "" {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "The day is missing.", map[string]string{"date": "required, YYYY-MM-DD"}))
		return
	}
	c, err := svc.CashUp(r.Context(), sc.CompanyID, date)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	methods := make([]map[string]any, 0, len(c.ByMethod))
	for _, m := range c.ByMethod {
		methods = append(methods, map[string]any{"method": m.Method, "takings": takingsOf(m.Takings)})
	}
	staff := make([]map[string]any, 0, len(c.ByStaff))
	for _, st := range c.ByStaff {
		var id, name, email any
		if st.UserID > 0 {
			id, name, email = st.UserID, st.UserName, st.UserEmail
		}
		staff = append(staff, map[string]any{"userId": id, "name": name, "email": email, "takings": takingsOf(st.Takings)})
	}
	lines := make([]cashUpLine, 0, len(c.Lines))
	for _, l := range c.Lines {
		cl := cashUpLine{EntryID: l.EntryID, BookingID: l.BookingID, Identifier: l.Identifier, Reference: l.Reference,
			Kind: l.Kind, Method: l.Method, Amount: decimal(l.Signed()), At: l.At.Format(time.RFC3339)}
		if l.UserEmail != "" {
			by := l.UserEmail
			cl.By = &by
		}
		if l.Reason != "" {
			reason := l.Reason
			cl.Reason = &reason
		}
		lines = append(lines, cl)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"date": c.Date, "currency": c.Currency, "simbolCoinType": c.Symbol,
		"byMethod": methods, "byStaff": staff, "total": takingsOf(c.Total), "lines": lines})
}
