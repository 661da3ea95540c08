package checkout

import (
	"context"
	"fmt"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/pricing"
)

// SaleLine is one line of a sale for the cart-details dialog (schema SaleDetailLine).
type SaleLine struct {
	ID                int64         `json:"id"`
	Name              string        `json:"name"`
	Token             string        `json:"token"` // the booking identifier
	Type              string        `json:"type"`  // the line's kind (PRODUCT, PACK, EVENT, VOUCHER) or REFUND
	Quantity          int           `json:"quantity"`
	Drivers           int           `json:"drivers"` // what the unit price is multiplied by (drivers, packs); 1 on a refund line
	UnitPrice         pricing.Cents `json:"unitPriceConverted"`
	OriginalUnitPrice pricing.Cents `json:"originalUnitPriceConverted"`
	Discount          pricing.Cents `json:"discountPrice"`
	Price             pricing.Cents `json:"priceConverted"` // negative on a refund line
	Sessions          []string      `json:"sessions"`       // circuit-local "YYYY-MM-DD HH:mm"
}

// SaleLineRefund is the type of a refund line of a sale (its prices are negative).
const SaleLineRefund = "REFUND"

// CartDetails is a sale with its lines (schema AdminCartDetails's data).
type CartDetails struct {
	Token   string        `json:"token"`
	State   string        `json:"state"`
	Details []SaleLine    `json:"details"`
	Price   pricing.Cents `json:"priceConverted"`
}

// MasterContact is the contact of a booking.
type MasterContact struct {
	Name      string  `json:"name"`
	Surname   *string `json:"surname"`
	Phone     string  `json:"phone"`
	Email     string  `json:"email"`
	BirthDate *string `json:"birthDate"`
	MemberID  *int64  `json:"memberId"`
}

// MasterSession is one session of a booking line.
type MasterSession struct {
	Date  string `json:"date"` // YYYY-MM-DD, circuit-local
	Time  string `json:"time"` // HH:mm
	Track string `json:"track"`
}

// MasterLine is one line of a booking.
type MasterLine struct {
	ID         int64           `json:"id"`
	Name       string          `json:"name"`
	Type       string          `json:"type"`
	Quantity   int             `json:"quantity"`
	NumDrivers int             `json:"numDrivers"`
	UnitPrice  pricing.Cents   `json:"unitPrice"`
	Total      pricing.Cents   `json:"total"`
	Sessions   []MasterSession `json:"sessions"`
}

// MasterDriver is one driver of a booking.
type MasterDriver struct {
	Name     string  `json:"name"`
	Email    *string `json:"email"`
	Underage bool    `json:"underage"`
}

// MasterPayment is one payment of a booking.
type MasterPayment struct {
	ID        int64         `json:"id"`
	Provider  string        `json:"provider"`
	Status    string        `json:"status"`
	Amount    pricing.Cents `json:"amount"`
	CreatedAt time.Time     `json:"createdAt"`
	// Method is a desk payment's method (cash, card_terminal, voucher, other); nil for an online one.
	Method *string `json:"method"`
	// By is the e-mail of the staff member who took a desk payment; nil for an online one.
	By *string `json:"by"`
	// Corrected is what correction lines took off the payment; Holds what it still holds (its charge
	// less corrections and refunds), the most a correction may take.
	Corrected pricing.Cents `json:"corrected"`
	Holds     pricing.Cents `json:"holds"`
}

// MasterCorrection is one correction line of a booking's ledger.
type MasterCorrection struct {
	PaymentID int64         `json:"paymentId"`
	Amount    pricing.Cents `json:"amount"` // positive: what was taken off the payment
	Reason    string        `json:"reason"`
	At        time.Time     `json:"at"`
	By        *string       `json:"by"`
}

// MasterRefund is one refund of a booking's ledger.
type MasterRefund struct {
	Amount pricing.Cents `json:"amount"`
	At     time.Time     `json:"at"`
	By     *string       `json:"by"` // the staff e-mail, nil for a provider-side refund
}

// MasterData is the whole booking for the details dialog (schema BookingMasterData).
type MasterData struct {
	ID            int64              `json:"id"`
	Identifier    string             `json:"identifier"`
	Reference     string             `json:"reference"` // the short reference, shown form ABCD-2345
	State         string             `json:"state"`
	Source        string             `json:"source"`
	CreatedAt     time.Time          `json:"createdAt"`
	CancelledAt   *time.Time         `json:"cancelledAt"`
	Culture       string             `json:"culture"`
	PaymentMode   string             `json:"paymentMode"`
	TakenBy       *string            `json:"takenBy"` // the staff member who took it at the desk; nil for a customer's
	Contact       MasterContact      `json:"contact"`
	Lines         []MasterLine       `json:"lines"`
	Drivers       []MasterDriver     `json:"drivers"`
	Payments      []MasterPayment    `json:"payments"`
	Refunds       []MasterRefund     `json:"refunds"`
	Corrections   []MasterCorrection `json:"corrections"`
	Total         pricing.Cents      `json:"total"`
	OriginalTotal pricing.Cents      `json:"originalTotal"`
	Discount      pricing.Cents      `json:"discount"`
	Refundable    pricing.Cents      `json:"refundable"`
	// Paid is what the ledger holds (charges less corrections and refunds); Due what is left to pay
	// (the total less charges net of corrections), what the desk's Record payment offers.
	Paid         pricing.Cents `json:"paid"`
	Due          pricing.Cents `json:"due"`
	Cancellable  bool          `json:"cancellable"`
	CancelReason *string       `json:"cancelReason"`
	// RefundOwed is what the circuit owes the customer at the desk (bookings.refund_owed_cents).
	RefundOwed pricing.Cents `json:"refundOwed"`

	// Arrived and NoShow are the counter's marks: the customer came (check-in), or did not (no-show).
	Arrived bool `json:"arrived"`
	NoShow  bool `json:"noShow"`

	// RefundBlocked tells why the booking cannot be refunded now (billing.RefundBlock), nil when it can.
	RefundBlocked *string `json:"refundBlocked"`

	// Creditable is what a cancellation keeping the money as credit would issue (everything paid and
	// not refunded, credit notes spent on it included); 0 once a note was issued.
	Creditable pricing.Cents `json:"creditable"`
	// CreditNote is the note issued when staff cancelled the booking keeping its money, nil for none.
	CreditNote *MasterCredit `json:"creditNote"`

	FirstStart    *time.Time           `json:"-"`
	RefundPolicy  billing.RefundPolicy `json:"-"` // the company's refund policy
	TimeZone      string               `json:"-"` // the circuit's
	ChargedCents  int64                `json:"-"` // charges of the ledger less corrections
	RefundedCents int64                `json:"-"` // refunds of the ledger (positive)
	// CreditPaidCents are the charges that spent a credit note: no money to refund.
	CreditPaidCents int64 `json:"-"`
}

// MasterCredit is a booking's credit note as its details show it (schema BookingCreditNote).
type MasterCredit struct {
	Code      string        `json:"code"` // XXXX-XXXX-XXXX-XXXX
	Amount    pricing.Cents `json:"amount"`
	Balance   pricing.Cents `json:"balance"`
	CreatedAt time.Time     `json:"createdAt"`
	ExpiresAt time.Time     `json:"expiresAt"`
}

// StaffMember is a member as the back office shows it (schema AdminMember's data).
type StaffMember struct {
	ID   int64 `json:"id"`
	Data struct {
		Nick            string    `json:"nick"`
		Name            string    `json:"name"`
		Surname         *string   `json:"surname"`
		Birthday        *string   `json:"birthday"`
		Phone           *string   `json:"phone"`
		Email           string    `json:"email"`
		AcceptSendPromo bool      `json:"acceptSendPromo"`
		CreatedAt       time.Time `json:"createdAt"`
	} `json:"data"`
}

// StaffCartDetails returns the lines of one sale of the company, named by its booking identifier or
// its cart token. Returns apperr.Invalid for an empty or overlong token and apperr.NotFound.
func (s *Service) StaffCartDetails(ctx context.Context, companyID int64, token string) (CartDetails, error) {
	st, err := s.staff()
	if err != nil {
		return CartDetails{}, err
	}
	if token == "" || len(token) > 200 {
		return CartDetails{}, apperr.WithFields(apperr.Invalid, "The token is malformed.", map[string]string{"token": "required, at most 200 characters"})
	}
	return st.CartDetails(ctx, companyID, token)
}

// StaffMasterData returns the whole booking with what can still be refunded and whether staff may
// cancel it now. Returns apperr.NotFound.
func (s *Service) StaffMasterData(ctx context.Context, companyID, bookingID int64) (MasterData, error) {
	st, err := s.staff()
	if err != nil {
		return MasterData{}, err
	}
	m, err := st.MasterData(ctx, companyID, bookingID)
	if err != nil {
		return MasterData{}, err
	}
	m.Paid = pricing.Cents(max(m.ChargedCents-m.RefundedCents, 0))
	// A credit note's payment is no money to give back; a booking whose money became credit has none.
	m.Refundable = pricing.Cents(max(m.ChargedCents-m.CreditPaidCents-m.RefundedCents, 0))
	if m.CreditNote == nil {
		m.Creditable = m.Paid
	} else {
		m.Refundable = 0
	}
	if m.State != StatusCancelled {
		m.Due = pricing.Cents(max(int64(m.Total)-m.ChargedCents, 0))
	}
	loc, err := time.LoadLocation(m.TimeZone)
	if err != nil {
		return MasterData{}, fmt.Errorf("company %d time zone %q: %w", companyID, m.TimeZone, err)
	}
	if b := billing.RefundBlock(m.RefundPolicy, s.d.Clock.Now(), m.FirstStart, loc, m.ChargedCents, int64(m.Refundable)); b != "" {
		m.RefundBlocked = &b
	}
	if m.CreditNote != nil {
		b := billing.BlockKeptAsCredit
		m.RefundBlocked = &b
	}
	if reason := StaffCancelReason(m.State, m.FirstStart, s.d.Clock.Now()); reason != "" {
		m.CancelReason = &reason
	} else {
		m.Cancellable = true
	}
	return m, nil
}

// StaffMember returns a member of the company. Returns apperr.NotFound.
func (s *Service) StaffMember(ctx context.Context, companyID, memberID int64) (StaffMember, error) {
	st, err := s.staff()
	if err != nil {
		return StaffMember{}, err
	}
	return st.Member(ctx, companyID, memberID)
}
