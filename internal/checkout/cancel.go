package checkout

import (
	"time"

	"pitlane/internal/billing"
	"pitlane/internal/pricing"
)

// The refund policies of a company (companies.cancel_refund_policy): what a customer who cancels a
// paid booking in time gets back.
const (
	RefundCard = "card" // the online charges go back to the card at once, through the provider
	RefundDesk = "desk" // the refundable amount is owed; staff settle it at the circuit's desk
	RefundNone = "none" // no refund
)

// ValidRefundPolicy tells whether p is one of the refund policies.
func ValidRefundPolicy(p string) bool { return p == RefundCard || p == RefundDesk || p == RefundNone }

// Why a booking cannot be cancelled by its customer (CancelView.Reason).
const (
	CancelReasonCancelled = "cancelled" // cancelled already
	CancelReasonNoDate    = "noDate"    // a voucher or gift without a session
	CancelReasonStarted   = "started"   // the first session has started
	CancelReasonClosed    = "closed"    // inside the company's window before the session
)

// CancelReason is CheckCancel as a code: "" when the customer may cancel, else one of the
// CancelReason constants.
func CancelReason(status string, firstStart *time.Time, maxDays int, now time.Time) string {
	switch {
	case status == StatusCancelled:
		return CancelReasonCancelled
	case firstStart == nil:
		return CancelReasonNoDate
	case !now.Before(*firstStart):
		return CancelReasonStarted
	case maxDays > 0 && now.After(firstStart.AddDate(0, 0, -maxDays)):
		return CancelReasonClosed
	}
	return ""
}

// PlanRefund splits what cancelling gives back under a policy: online is what the booking's card
// charges have left to refund, cash what its desk (cash) charges have. Under RefundCard the online part
// goes back to the card and the cash part is owed at the desk (a card refund cannot return cash);
// under RefundDesk everything is owed at the desk; under RefundNone nothing is given back. An unknown
// policy counts as RefundCard, the default.
func PlanRefund(policy string, online, cash int64) (toCard, atDesk int64) {
	online, cash = max(online, 0), max(cash, 0)
	switch policy {
	case RefundNone:
		return 0, 0
	case RefundDesk:
		return 0, online + cash
	}
	return online, cash
}

// CancelMoney is what cancelling does, or did, with the money of a booking.
type CancelMoney struct {
	Policy string        `json:"policy"` // RefundCard, RefundDesk or RefundNone
	Paid   pricing.Cents `json:"paid"`   // charged and not refunded before the cancellation
	ToCard pricing.Cents `json:"toCard"` // given back (or to be given back) to the card
	AtDesk pricing.Cents `json:"atDesk"` // owed to the customer at the circuit's desk
	// Pending is true when a card refund was asked of the provider and not yet confirmed.
	Pending bool `json:"pending"`
}

// CancelSession is one session of a booking line, local to the circuit.
type CancelSession struct {
	Date    string `json:"date"` // YYYY-MM-DD
	Time    string `json:"time"` // HH:mm
	Circuit string `json:"circuit"`
}

// CancelLine is one booked line as the cancel page shows it.
type CancelLine struct {
	Name     string          `json:"name"`
	Quantity int             `json:"quantity"`
	Sessions []CancelSession `json:"sessions"`
}

// CancelView is the cancel page's view of a booking: what it is, whether the customer may cancel it,
// and what cancelling means (or meant) for the money.
type CancelView struct {
	Reference    string         `json:"reference"` // the short reference customers know, ABCD-2345
	Status       string         `json:"status"`
	Cancellable  bool           `json:"cancellable"`
	Reason       *string        `json:"reason"` // why not, when not cancellable
	Company      string         `json:"company"`
	Logo         string         `json:"logo"`         // the company's logo URL; empty: none
	ContactEmail string         `json:"contactEmail"` // the company's contact address; empty: none
	ContactPhone string         `json:"contactPhone"` // the company's contact phone, international form; empty: none
	PrimaryColor string         `json:"primaryColor"` // the company's colour, #rrggbb; empty: none
	Currency     string         `json:"currency"`
	TimeZone     string         `json:"timeZone"`
	Culture      string         `json:"culture"`
	FirstSession *CancelSession `json:"firstSession"`
	Lines        []CancelLine   `json:"lines"`
	Drivers      []string       `json:"drivers"`
	Total        pricing.Cents  `json:"total"`
	// Money is what cancelling would do (a booking that may be cancelled) or did (one the customer
	// cancelled); nil for a booking cancelled otherwise, or one that cannot be cancelled.
	Money *CancelMoney `json:"money"`
	// CancelledAt is when the booking was cancelled, nil while it is not.
	CancelledAt *time.Time `json:"cancelledAt"`
	// DefaultCulture is the company's default culture, the language rule's last step on the cancel page.
	DefaultCulture string `json:"defaultCulture"`
}

// CustomerCancelled is what Store.CancelByToken (or StaffStore.CancelByStaffRefund) did.
type CustomerCancelled struct {
	BookingID int64
	CompanyID int64
	// By is the staff member who cancelled with a refund; zero for the customer.
	By Actor
	// Replay is true when the booking was cancelled already (by an earlier request): nothing was done.
	Replay bool
	// Parts are the card refunds to ask of the providers (none on a replay).
	Parts []billing.ReservedPart
}
