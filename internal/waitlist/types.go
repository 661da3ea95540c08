// Package waitlist is the waiting list of full sessions (issue 27): visitors join a full session's
// list, and places freed later are offered to them in join order, held for a while in a cart made for
// the offer. The store gives freed places in the transaction that frees them (docs/architecture.md
// "Waiting list"); this package holds the types, the rules for joining, and the Service the HTTP layers
// call.
package waitlist

// Entry states.
const (
	Waiting = "waiting"
	Offered = "offered"
	Booked  = "booked"
	Expired = "expired"
	Left    = "left"
)

// DefaultOfferMinutes is how long an offer holds its places unless the company says otherwise.
const DefaultOfferMinutes = 30

// Join is a visitor asking to wait for places in one circuit session.
type Join struct {
	CompanyID, ProductID, CircuitID int64
	StartsAt                        int64 // Unix ms
	LocalDate, LocalTime            string
	UnitCents                       int64 // price per driver quoted when joining: the offer's price
	Name, Email, Phone, Culture     string
	Drivers                         int
}

// Entry is one entry as its owner and the staff see it.
type Entry struct {
	ID                          int64
	CompanyID, ProductID        int64
	CircuitID, StartsAt         int64
	LocalDate, LocalTime        string
	Name, Email, Phone, Culture string
	Drivers                     int
	State                       string
	Position                    int   // among the entries still waiting or offered; 0 once ended
	OfferExpiresAt              int64 // Unix ms, while offered
	OfferCartToken              string
	OfferHold                   string // the offer hold's identifier, while offered
	LeaveToken                  string
	Offers                      int
	CreatedAt                   int64
}

// Offer is an offer opened by its link: the cart made for it, with the hold that keeps the places, so
// the booking flow can continue from the cart.
type Offer struct {
	PublicKey      string // the company's public key: the booking page's address
	ProductID      int64
	CartToken      string
	HoldIdentifier string
	Date           string // "YYYY-MM-DD HH:MM:SS" at the circuit
	ExpiresAt      int64  // Unix ms
	PriceCents     int64
	Drivers        int
	LeaveToken     string
	EventKey       string // the event's public key when the offer is a place of an event, else ""
	VisitorID      string // an event offer's visitor id: the registration page finds the held place by it
}

// Actor is the staff member a staff action is audited as.
type Actor struct {
	UserID int64
	Email  string
}

// JoinEventRequest is the public form of a sold-out event: the contact (a registration is one place).
type JoinEventRequest struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Culture string `json:"culture"`
	Captcha string `json:"captcha"`
}

// Settings are a company's waiting-list settings.
type Settings struct {
	Enabled      bool
	OfferMinutes int
}

// Offer time bounds, in minutes.
const (
	MinOfferMinutes = 5
	MaxOfferMinutes = 24 * 60
)
