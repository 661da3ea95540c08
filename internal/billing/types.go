// Package billing is the back office's money view: the sales and refunds a company settled between two
// dates, and staff refunds. A sale is a booking with settled charges in the ledger (payments +
// payment_entries); a booking paid at the circuit is a sale once the desk records it as a payment with
// provider "cash" and a charge entry. Rules (ranges, the refund window, how a refund is split across
// charges) are pure functions here; Service runs them over a Store in transactions and calls the
// payment providers. See docs/architecture.md, "Billing and refunds".
package billing

import (
	"strings"
	"time"
)

// The states a billing row shows (shopping_cart.state).
const (
	StatePaid              = "PAID"
	StatePartiallyRefunded = "PARTIALLY_REFUNDED"
	StateRefunded          = "REFUNDED"
	StateRefund            = "REFUND"        // a refund row
	StatePayment           = "PAYMENT"       // a payment row: a later payment of a sale made before the range
	StateCorrection        = "CORRECTION"    // a correction row
	StateCreditIssued      = "CREDIT_ISSUED" // a credit note issued on a cancellation (amount 0: the money stays taken)
)

// The types of billing row.
const (
	TypeSale         = "SALE"
	TypeRefund       = "REFUND"
	TypePayment      = "PAYMENT"    // a charge made in the range on a sale whose first charge was before it
	TypeCorrection   = "CORRECTION" // a correction line of a desk payment (negative)
	TypeCreditIssued = "CREDIT"     // a credit note issued when staff cancelled a paid booking keeping its money
)

// CashProvider is payments.provider of a sale settled at the circuit's desk: it is refunded as a
// recorded cash refund, without a gateway.
const CashProvider = "cash"

// Sources are the business lines of bookings.source, in the order the back office shows them.
var Sources = []string{"BOOKING", "EVENT", "LICENSING", "EXTERNAL"}

// Line is one line of a sale's cart.
type Line struct {
	ID                int64
	Name              string
	Kind              string // PRODUCT, PACK, EVENT, VOUCHER
	Quantity          int
	Drivers           int // what the unit price is multiplied by: the line's drivers (or packs); 1 on a ledger row's line
	UnitCents         int64
	OriginalUnitCents int64
	DiscountCents     int64
	TotalCents        int64
	Sessions          []string // circuit-local "YYYY-MM-DD HH:mm"
}

// Row is one row of the billing table: a sale (the booking's charges made in the range, dated by its
// first charge), a refund (one refund entry of the ledger, dated when it was made, with a negative
// amount), a payment (a charge made in the range on a sale first charged before it: a part paid at the
// counter later) or a correction (one correction entry, negative, with its reason). Every ledger line
// made in the range is in exactly one row, so the rows add up to the ledger's takings of the range,
// which are the KPIs' and the cash-up's.
type Row struct {
	ID              string // "S<booking id>" for a sale, "R", "P" or "C" + the entry id for the others
	BookingID       int64
	Identifier      string
	Reference       string // the short reference as stored (ABCD2345), "" for a booking without one
	At              time.Time
	ContactName     string
	Phone           string
	Email           string
	Source          string
	PaymentMode     string
	Type            string     // TypeSale, TypeRefund, TypePayment or TypeCorrection
	State           string     // StatePaid, StatePartiallyRefunded, StateRefunded, StateRefund, StatePayment, StateCorrection
	AmountCents     int64      // charged in the range (sale, payment) or taken back (refund, correction: negative)
	TotalCents      int64      // the booking's total
	RefundableCents int64      // charges less corrections and refunds of the sale (0 on the other rows)
	PaidCents       int64      // a sale's charges less corrections, whenever made (0 on the other rows)
	RefundedCents   int64      // a sale's refunds, whenever made (0 on the other rows)
	FirstStart      *time.Time // the booking's first session, nil for none (a voucher)
	RefundBlocked   string     // why a sale cannot be refunded now (RefundBlock), "" when it can; "" on the other rows
	Methods         []string   // how the row's money moved: desk methods (DeskMethods) or MethodOnline
	By              string     // the staff e-mail that wrote the row's line (a sale: its first desk charge's)
	Reason          string     // a correction's
	CreditCents     int64      // a credit row's note amount, or what a payment row took from a credit note (its AmountCents is 0)
	CreditCode      string     // a credit row's note code, shown form
	KeptAsCredit    bool       // a sale whose money became a credit note when it was cancelled
	Lines           []Line
}

// SourceTotal is one business line's box: sales counted, and their amount less refunds.
type SourceTotal struct {
	Count      int
	TotalCents int64
}

// Report is the billing of a range.
type Report struct {
	Rows       []Row
	NumSells   int   // sale rows
	TotalCents int64 // sales less refunds
	Units      int   // units sold (quantities of the sales' lines)
	BySource   map[string]SourceTotal
	Symbol     string // the company's currency symbol
	Currency   string
	From, To   time.Time // the range, from inclusive, to exclusive
}

// Summarise fills the report's totals from its rows.
func Summarise(r *Report) {
	r.NumSells, r.TotalCents, r.Units = 0, 0, 0
	r.BySource = make(map[string]SourceTotal, len(Sources))
	for _, s := range Sources {
		r.BySource[s] = SourceTotal{}
	}
	for _, row := range r.Rows {
		st := r.BySource[row.Source]
		st.TotalCents += row.AmountCents
		r.TotalCents += row.AmountCents
		if row.Type == TypeSale {
			st.Count++
			r.NumSells++
			for _, l := range row.Lines {
				r.Units += l.Quantity
			}
		}
		r.BySource[row.Source] = st
	}
}

// CompanyInfo is what billing needs of a company.
type CompanyInfo struct {
	TimeZone string
	Symbol   string
	Currency string
	Refunds  RefundPolicy
}

// RefundRequest is a staff refund of part or all of a sale.
type RefundRequest struct {
	CompanyID      int64
	UserID         int64
	UserEmail      string
	Identifier     string // the booking identifier
	AmountCents    int64
	IdempotencyKey string // optional
}

// RefundResult is the answer to a refund.
type RefundResult struct {
	RefundedCents  int64  `json:"refunded"`
	RemainingCents int64  `json:"remaining"`
	Method         string `json:"method"` // "provider" or "cash"
}

// The methods of RefundResult.
const (
	MethodProvider = "provider"
	MethodCash     = "cash"
)

// Reservation is what Store.ReserveRefund checks and reserves.
type Reservation struct {
	RefundRequest
	RequestHash string
	Now         time.Time
}

// ReservedPart is a pending refunds row: a Part of a refund held against its charge.
type ReservedPart struct {
	RefundID int64
	Part
}

// Reserved is the outcome of ReserveRefund: the parts to carry out, or the stored answer of a request
// repeated with the same idempotency key.
type Reserved struct {
	BookingID int64
	Parts     []ReservedPart
	Replay    *RefundResult
}

// PartOutcome is what the provider said about one part.
type PartOutcome struct {
	RefundID         int64
	AmountCents      int64
	Provider         string
	ProviderRefundID string // set on success
	Err              string // set on failure
}

// Settlement is what Store.SettleRefund records of a refund's parts once the providers answered.
type Settlement struct {
	CompanyID      int64
	BookingID      int64
	UserID         int64
	UserEmail      string
	IdempotencyKey string
	Outcomes       []PartOutcome
	Now            time.Time
}

// PendingRefund is a refund reservation still pending, for reconciliation.
type PendingRefund struct {
	ReservedPart
	CompanyID      int64
	BookingID      int64
	UserID         int64
	UserEmail      string
	IdempotencyKey string
}

// Name is what the billing table shows as the row's name: the names of the sale's lines, or of what
// was sold on a refund row.
func (r Row) Name() string {
	if r.Type != TypeSale {
		if len(r.Lines) > 0 {
			return r.Lines[0].Name
		}
		return ""
	}
	names := make([]string, 0, len(r.Lines))
	for _, l := range r.Lines {
		names = append(names, l.Name)
	}
	return strings.Join(names, ", ")
}
