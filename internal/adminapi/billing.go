package adminapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/checkout"
	"pitlane/internal/httpx"
	"pitlane/internal/pricing"
)

// BillingService answers the billing section: sales and refunds between dates, and refunds.
// *billing.Service implements it.
type BillingService interface {
	// Sales returns the company's billing between two circuit-local dates, both included.
	// Returns apperr.Invalid for malformed dates and apperr.Unprocessable for a start after the end
	// or a range longer than 366 days.
	Sales(ctx context.Context, companyID int64, dateIni, dateEnd string) (billing.Report, error)
	// Refund gives back part or all of a sale. Returns apperr.Invalid, apperr.NotFound (no such
	// booking in the company), apperr.Conflict (key reused with another body; the remainder held by
	// refunds in flight), apperr.Unprocessable (refunds off, window closed, more than is refundable)
	// and *billing.ProviderError when the provider refused or failed.
	Refund(ctx context.Context, req billing.RefundRequest) (billing.RefundResult, error)
}

// billingQuery is the body of retrieveBillingBetweenDates (schema BillingQuery).
type billingQuery struct {
	IDCompany int64  `json:"idCompany"`
	DateIni   string `json:"dateIni"`
	DateEnd   string `json:"dateEnd"`
	Details   *bool  `json:"details"`
}

// saleLine is schema SaleDetailLine.
type saleLine struct {
	ID                int64    `json:"id"`
	Name              string   `json:"name"`
	Token             string   `json:"token"`
	Type              string   `json:"type"`
	Quantity          int      `json:"quantity"`
	Drivers           int      `json:"drivers"`
	UnitPrice         float64  `json:"unitPriceConverted"`
	OriginalUnitPrice float64  `json:"originalUnitPriceConverted"`
	DiscountPrice     float64  `json:"discountPrice"`
	PriceConverted    float64  `json:"priceConverted"`
	Sessions          []string `json:"sessions,omitempty"`
}

// saleCart is SaleRow.shopping_cart.
type saleCart struct {
	Source      string `json:"source"`
	State       string `json:"state"`
	Token       string `json:"token"`
	Description string `json:"description"`
}

// saleRow is schema SaleRow.
type saleRow struct {
	ID             string     `json:"id"`
	IDBooking      int64      `json:"idBooking"`
	UpdatedAt      string     `json:"updatedAt"`
	ContactName    string     `json:"contactName"`
	Phone          string     `json:"phone"`
	Email          string     `json:"email"`
	Name           string     `json:"name"`
	Token          string     `json:"token"`
	Reference      string     `json:"reference"`
	Type           string     `json:"type"`
	PriceConverted float64    `json:"priceConverted"`
	TotalPrice     float64    `json:"totalPrice"`
	Refundable     float64    `json:"refundable"`
	Paid           float64    `json:"paid"`
	Refunded       float64    `json:"refunded"`
	RefundBlocked  string     `json:"refundBlocked,omitempty"`
	PaymentMode    string     `json:"paymentMode"`
	Methods        []string   `json:"methods"`
	By             *string    `json:"by"`
	Reason         *string    `json:"reason"`
	Credit         float64    `json:"credit"`
	CreditCode     *string    `json:"creditCode"`
	ShoppingCart   saleCart   `json:"shopping_cart"`
	Details        []saleLine `json:"details"`
}

// sourceBox is schema BillingSource.
type sourceBox struct {
	Count int     `json:"count"`
	Total float64 `json:"total"`
}

// billingResponse is schema BillingResponse.
type billingResponse struct {
	Payments            []saleRow            `json:"payments"`
	NumSells            int                  `json:"numSells"`
	TotalPriceConverted float64              `json:"totalPriceConverted"`
	TotalProducts       int                  `json:"totalProducts"`
	BySource            map[string]sourceBox `json:"bySource"`
	SimbolCoinType      string               `json:"simbolCoinType"`
}

// decimal converts cents to the API's decimal amounts.
func decimal(cents int64) float64 { return float64(cents) / 100 }

func (s *Server) retrieveBilling(w http.ResponseWriter, r *http.Request, sc Scope) {
	var q billingQuery
	if err := httpx.DecodeJSON(r, &q); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	rep, err := s.deps.Billing.Sales(r.Context(), sc.CompanyID, q.DateIni, q.DateEnd)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, billingBody(rep, q.Details == nil || *q.Details))
}

// billingBody is a report as the API shows it; without details the rows carry no lines.
func billingBody(rep billing.Report, details bool) billingResponse {
	out := billingResponse{Payments: make([]saleRow, 0, len(rep.Rows)), NumSells: rep.NumSells,
		TotalPriceConverted: decimal(rep.TotalCents), TotalProducts: rep.Units, SimbolCoinType: rep.Symbol,
		BySource: make(map[string]sourceBox, len(rep.BySource))}
	for src, t := range rep.BySource {
		out.BySource[src] = sourceBox{Count: t.Count, Total: decimal(t.TotalCents)}
	}
	for _, row := range rep.Rows {
		sr := saleRow{ID: row.ID, IDBooking: row.BookingID, UpdatedAt: row.At.UTC().Format(time.RFC3339),
			ContactName: row.ContactName, Phone: row.Phone, Email: row.Email, Name: row.Name(), Token: row.Identifier,
			Reference: checkout.FormatReference(row.Reference), Type: row.Type, PriceConverted: decimal(row.AmountCents),
			TotalPrice: decimal(row.TotalCents),
			Refundable: decimal(row.RefundableCents), Paid: decimal(row.PaidCents), Refunded: decimal(row.RefundedCents),
			RefundBlocked: row.RefundBlocked, PaymentMode: row.PaymentMode,
			ShoppingCart: saleCart{Source: row.Source, State: row.State, Token: row.Identifier, Description: row.Name()},
			Details:      []saleLine{}, Methods: row.Methods}
		if sr.Methods == nil {
			sr.Methods = []string{}
		}
		if row.By != "" {
			by := row.By
			sr.By = &by
		}
		if row.Reason != "" {
			reason := row.Reason
			sr.Reason = &reason
		}
		sr.Credit = decimal(row.CreditCents)
		if row.CreditCode != "" {
			code := row.CreditCode
			sr.CreditCode = &code
		}
		if details {
			for _, l := range row.Lines {
				sr.Details = append(sr.Details, saleLine{ID: l.ID, Name: l.Name, Token: row.Identifier, Type: l.Kind,
					Quantity: l.Quantity, Drivers: l.Drivers, UnitPrice: decimal(l.UnitCents), OriginalUnitPrice: decimal(l.OriginalUnitCents),
					DiscountPrice: decimal(l.DiscountCents), PriceConverted: decimal(l.TotalCents), Sessions: l.Sessions})
			}
		}
		out.Payments = append(out.Payments, sr)
	}
	return out
}

// refundBody is schema RefundRequest.
type refundBody struct {
	Amount    *int64 `json:"amount"`
	OrderID   string `json:"orderId"`
	Token     string `json:"token"`
	IDCompany int64  `json:"idCompany"`
}

func (s *Server) executeRefund(w http.ResponseWriter, r *http.Request, sc Scope) {
	var body refundBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if body.Amount == nil {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "The refund amount is missing.", map[string]string{"amount": "required"}))
		return
	}
	id := strings.TrimSpace(body.OrderID)
	if id == "" {
		id = strings.TrimSpace(body.Token)
	} else if t := strings.TrimSpace(body.Token); t != "" && t != id {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "orderId and token name two bookings.", map[string]string{"token": "must match orderId"}))
		return
	}
	res, err := s.deps.Billing.Refund(r.Context(), billing.RefundRequest{CompanyID: sc.CompanyID, UserID: sc.UserID,
		UserEmail: sc.Email, Identifier: id, AmountCents: *body.Amount, IdempotencyKey: r.Header.Get("Idempotency-Key")})
	var pe *billing.ProviderError
	if errors.As(err, &pe) {
		msg := "The payment provider refused or did not answer the refund; nothing was refunded."
		if pe.Refunded > 0 {
			msg = "The payment provider refused part of the refund; only " + pricing.FormatCents(pe.Refunded) + " was refunded."
		}
		httpx.WriteJSON(w, http.StatusBadGateway, httpx.ErrorBody{Code: apperr.Unavailable, Message: msg,
			RequestID: httpx.RequestID(r.Context())})
		return
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{
		"refunded": decimal(res.RefundedCents), "remaining": decimal(res.RemainingCents), "method": res.Method}})
}
