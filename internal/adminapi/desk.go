package adminapi

import (
	"context"
	"encoding/csv"
	"net/http"
	"strconv"
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
	// LookupCredit returns the company's credit note for a typed code. Returns apperr.Unprocessable
	// (empty or malformed code) and apperr.NotFound.
	LookupCredit(ctx context.Context, companyID int64, code string) (billing.CreditNote, error)
	// Now is the clock the desk judges notes by (expired or not).
	Now() time.Time
}

// recordPaymentBody is schema RecordPaymentRequest.
type recordPaymentBody struct {
	IDCompany int64  `json:"idCompany"`
	BookingID int64  `json:"bookingId"`
	Method    string `json:"method"`
	Amount    *int64 `json:"amount"` // hundredths
	// CreditCode is the credit note spent, with the method credit.
	CreditCode string `json:"creditCode"`
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

// decodeDeskBody decodes the body of a desk request (record or correct a payment) and checks that it
// carries its amount, which amount points to in the decoded body. On failure it writes the answer
// (the decoder's, or 422 with the amount field) and returns false.
func decodeDeskBody[T any](w http.ResponseWriter, r *http.Request, amount func(*T) *int64) (T, int64, bool) {
	var body T
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return body, 0, false
	}
	a := amount(&body)
	if a == nil {
		httpx.WriteError(w, r, missingAmount())
		return body, 0, false
	}
	return body, *a, true
}

// recordPayment answers POST /api/admin/record-payment (DESK).
func (s *Server) recordPayment(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.desk(w, r)
	if !ok {
		return
	}
	body, amount, ok := decodeDeskBody(w, r, func(b *recordPaymentBody) *int64 { return b.Amount })
	if !ok {
		return
	}
	res, err := svc.RecordPayment(r.Context(), billing.DeskPayment{CompanyID: sc.CompanyID, UserID: sc.UserID, UserEmail: sc.Email,
		BookingID: body.BookingID, Method: body.Method, AmountCents: amount, CreditCode: body.CreditCode, IdempotencyKey: r.Header.Get("Idempotency-Key")})
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
	body, amount, ok := decodeDeskBody(w, r, func(b *correctPaymentBody) *int64 { return b.Amount })
	if !ok {
		return
	}
	res, err := svc.CorrectPayment(r.Context(), billing.DeskCorrection{CompanyID: sc.CompanyID, UserID: sc.UserID, UserEmail: sc.Email,
		BookingID: body.BookingID, PaymentID: body.PaymentID, AmountCents: amount, Reason: body.Reason,
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
	format := r.URL.Query().Get("format")
	if format != "" && format != "json" && format != "csv" {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "The cash-up format is json or csv.", map[string]string{"format": "json or csv"}))
		return
	}
	c, err := svc.CashUp(r.Context(), sc.CompanyID, date)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if format == "csv" {
		s.cashUpCSV(w, c, exportLang(r.URL.Query().Get("lang")))
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

// cashUpHeaders are the cash-up export's titles by language: the lines' columns, then the totals' labels
// (by method, by staff member, total, the kinds of line and the columns of the sums).
var cashUpHeaders = map[string][]string{
	"en": {"Time", "Reference", "Booking", "Line", "Method", "Staff", "Amount", "Reason", "By method", "By staff member", "Total", "Charges", "Corrections", "Refunds", "Net", "Lines", "Online, no staff"},
	"es": {"Hora", "Referencia", "Reserva", "Línea", "Método", "Empleado", "Importe", "Motivo", "Por método", "Por empleado", "Total", "Cobros", "Correcciones", "Reembolsos", "Neto", "Líneas", "En línea, sin empleado"},
	"da": {"Tid", "Reference", "Booking", "Linje", "Betalingsmåde", "Medarbejder", "Beløb", "Årsag", "Pr. betalingsmåde", "Pr. medarbejder", "I alt", "Betalinger", "Rettelser", "Refusioner", "Netto", "Linjer", "Online, ingen medarbejder"},
	"ar": {"الوقت", "المرجع", "الحجز", "السطر", "طريقة الدفع", "الموظف", "المبلغ", "السبب", "حسب طريقة الدفع", "حسب الموظف", "الإجمالي", "المدفوعات", "التصحيحات", "المبالغ المستردة", "الصافي", "الأسطر", "عبر الإنترنت، بلا موظف"},
	"de": {"Uhrzeit", "Referenz", "Buchung", "Zeile", "Zahlungsart", "Mitarbeiter", "Betrag", "Grund", "Nach Zahlungsart", "Nach Mitarbeiter", "Gesamt", "Zahlungen", "Korrekturen", "Erstattungen", "Netto", "Zeilen", "Online, ohne Mitarbeiter"},
	"nb": {"Tid", "Referanse", "Bestilling", "Linje", "Betalingsmåte", "Ansatt", "Beløp", "Årsak", "Per betalingsmåte", "Per ansatt", "Totalt", "Betalinger", "Rettelser", "Refusjoner", "Netto", "Linjer", "På nett, ingen ansatt"},
	"sv": {"Tid", "Referens", "Bokning", "Rad", "Betalsätt", "Anställd", "Belopp", "Orsak", "Per betalsätt", "Per anställd", "Totalt", "Betalningar", "Rättelser", "Återbetalningar", "Netto", "Rader", "Online, ingen anställd"},
}

// cashUpCSV streams a day's cash-up as UTF-8 CSV (with a byte-order mark): its lines, then the sums by
// method, by staff member and in all, the same figures as the JSON answer, after an empty line each.
func (s *Server) cashUpCSV(w http.ResponseWriter, c billing.CashUp, lang string) {
	h := cashUpHeaders[lang]
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="cash-up-`+c.Date+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte("\ufeff"))
	cw := csv.NewWriter(w)
	_ = cw.Write(h[:8])
	for _, l := range c.Lines {
		_ = cw.Write([]string{l.At.Format(time.RFC3339), neutralise(l.Reference), neutralise(l.Identifier), l.Kind, l.Method,
			neutralise(l.UserEmail), formatAmount(decimal(l.Signed())), neutralise(l.Reason)})
	}
	// Every record has the lines' eight fields, so the file reads as one table.
	sums := func(label string, t billing.Takings) []string {
		return []string{neutralise(label), formatAmount(decimal(t.ChargesCents)), formatAmount(decimal(t.CorrectionsCents)),
			formatAmount(decimal(t.RefundsCents)), formatAmount(decimal(t.NetCents)), strconv.Itoa(t.Count), "", ""}
	}
	_ = cw.Write(nil)
	_ = cw.Write([]string{h[8], h[11], h[12], h[13], h[14], h[15], "", ""})
	for _, m := range c.ByMethod {
		_ = cw.Write(sums(m.Method, m.Takings))
	}
	_ = cw.Write(nil)
	_ = cw.Write([]string{h[9], h[11], h[12], h[13], h[14], h[15], "", ""})
	for _, st := range c.ByStaff {
		who := st.UserEmail
		if st.UserID == 0 {
			who = h[16]
		}
		_ = cw.Write(sums(who, st.Takings))
	}
	_ = cw.Write(nil)
	_ = cw.Write(sums(h[10], c.Total))
	cw.Flush()
	if err := cw.Error(); err != nil {
		s.deps.Logger.Warn("cash-up export interrupted", "error", err)
	}
}
