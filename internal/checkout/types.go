package checkout

import "time"

// Booking statuses (bookings.status), as a customer sees them.
const (
	StatusPending   = "pending"            // waiting for payment (online or at the circuit)
	StatusPaid      = "pagada"             // paid in full
	StatusPartPaid  = "parcialmentepagada" // paid in part
	StatusCancelled = "cancelada"          // cancelled
)

// Payment modes (bookings.payment_mode).
const (
	ModeOnline  = "online"  // paid by card through a payment provider
	ModeCircuit = "circuit" // paid at the circuit
)

// Payment statuses (payments.status).
const (
	PaymentCreated           = "created"
	PaymentApproved          = "approved"
	PaymentDeclined          = "declined"
	PaymentExpired           = "expired"
	PaymentRefunded          = "refunded"
	PaymentPartiallyRefunded = "partially_refunded"
)

// Hold kinds a cart line can have.
const (
	KindProduct = "PRODUCT"
	KindPack    = "PACK"
	KindEvent   = "EVENT"
	KindVoucher = "VOUCHER"
)

// Timing of online payments.
const (
	// PaymentWindow is how long the holds of a booking waiting for an online payment stay live: the
	// provider's page lasts 30 minutes, plus a margin for its notification to arrive.
	PaymentWindow = 35 * time.Minute
	// ReconcileAfter is how old a payment still 'created' must be before reconciliation asks the
	// provider what became of it (Deps.ReconcileAfter, PITLANE_RECONCILE_AFTER, overrides it).
	ReconcileAfter = 5 * time.Minute
	// VoucherValidity is how long a voucher sold in voucher mode can be redeemed.
	VoucherValidity = 365 * 24 * time.Hour
)

// CartLine is one line of a shopping cart: a hold (pre-booking) of a product, pack or voucher.
type CartLine struct {
	ID                int64
	HoldID            int64 // 0 when the hold is gone (swept by housekeeping)
	HoldIdentifier    string
	ProductID         int64
	ProductName       string
	EventID           int64 // the product's event, 0 when none
	Kind              string
	Quantity          int      // drivers
	UnitCents         int64    // per driver, before any discount code
	OriginalUnitCents int64    // per driver, list price
	TotalCents        int64    // the whole line, before any discount code
	Dates             []string // local session starts "YYYY-MM-DD HH:mm:ss", in order
	TrackName         string
	ExpiresAt         time.Time // the hold's expiry (zero when the hold is gone)
	Live              bool      // the hold is unexpired, unreleased and not part of a booking
}

// DiscountCode is a stored discount code.
type DiscountCode struct {
	ID         int64
	Code       string
	Kind       string // "PERCENT" (Value whole percent) or "FIXED" (Value cents)
	Value      int64
	ProductIDs []int64 // empty: every product (or, with EventID, the event's products)
	EventID    int64   // 0: not tied to an event
	ExpiresOn  string  // last valid local date YYYY-MM-DD; empty: never
	UsageLimit *int64
	UsedCount  int64
}

// Discount kinds.
const (
	DiscountPercent = "PERCENT"
	DiscountFixed   = "FIXED"
)

// Cart is a shopping cart with its lines and the company settings checkout needs.
type Cart struct {
	ID        int64
	Token     string
	CompanyID int64
	Status    string // open, ordered, abandoned
	Discount  *DiscountCode
	Lines     []CartLine
	Company   CompanySettings
	// Released are the identifiers of the cart's holds that were released (their lines are gone).
	Released map[string]bool
}

// CompanySettings are the company settings checkout rules depend on.
type CompanySettings struct {
	ID                   int64
	Name                 string
	Token                string
	Country              string // ISO 3166 alpha-2: default region of phone numbers
	Currency             string
	TimeZone             string
	Location             *time.Location // TimeZone loaded (UTC when unknown)
	PaymentsActive       bool
	PaymentProvider      string
	VoucherMode          bool
	ShowEmails           bool
	EmailOptional        bool
	CancelBookingMaxDays int
	DefaultCulture       string
}
