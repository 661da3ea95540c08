// Package notify is Pitlane's e-mail: messages rendered from templates in seven languages, a
// transactional outbox (a message is written in the same database transaction as what it announces)
// and a worker that delivers the outbox over SMTP with retries and backoff.
package notify

import (
	"net/url"
	"path"
	"strings"
)

// Kinds of message, stored in outbox_emails.kind.
const (
	KindBookingConfirmation = "booking_confirmation"
	KindBookingCancellation = "booking_cancellation"
	KindBookingMoved        = "booking_moved" // staff moved the booking to other sessions
	KindGiftVoucher         = "gift_voucher"
	KindEventRegistration   = "event_registration"
	KindProblemReport       = "problem_report"
	KindCompanyNotice       = "company_notice" // copies to the company's notification addresses
)

// Attachment is a file sent with a message (the .ics calendar entry of a booking, say).
type Attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Data        []byte `json:"data"`
	// Inline parts are shown inside the HTML (an <img src="cid:ContentID">), not listed as files.
	Inline    bool   `json:"inline,omitempty"`
	ContentID string `json:"contentId,omitempty"`
}

// Message is one e-mail ready for the outbox.
type Message struct {
	CompanyID int64
	BookingID *int64
	Kind      string
	Culture   string // e.g. "es-ES"; the language the message is written in
	To        string
	Subject   string
	// FromName is the sender's display name, the circuit's (the address stays the configured sender's,
	// which the domain authenticates); empty: the configured sender as it is.
	FromName string
	// ReplyTo is where a reply goes: the circuit's contact address; empty: no Reply-To.
	ReplyTo     string
	Text        string
	HTML        string
	Attachments []Attachment
}

// Company is what a message shows of the circuit that sends it.
type Company struct {
	Name     string
	Logo     string // absolute URL, or empty
	Color    string // primary colour, "#rrggbb"
	WebURL   string
	Currency string // ISO code, e.g. "EUR"
	Symbol   string // e.g. "€"
	TimeZone string // IANA name of the circuit's time zone
	Address  string // postal address, the calendar entries' LOCATION; empty: the session's circuit
	// ContactEmail is the circuit's contact address, the Reply-To of its mails; empty: none.
	ContactEmail string
	// ContactPhone is the circuit's contact phone in international form; empty: none.
	ContactPhone string
}

// Session is one booked session of a line.
type Session struct {
	Date     string // local "YYYY-MM-DD"
	Time     string // local "HH:mm"
	StartUTC string // RFC 3339, for the calendar entry
	EndUTC   string // RFC 3339
	Circuit  string
}

// Line is one item of a booking.
type Line struct {
	Name       string
	Quantity   int
	TotalCents int64
	Sessions   []Session
}

// Booking is what the booking confirmation and cancellation messages tell.
type Booking struct {
	Company    Company
	Culture    string
	Identifier string // the booking's 32-character identifier: internal (URLs, calendar UIDs)
	// Reference is the short human reference ("ABCD2345", shown ABCD-2345) that subjects, bodies and
	// calendar entries show; empty for a booking without one (then the identifier is shown).
	Reference string
	// PageURL is the booking's page on the web app (the success/status page), the calendar entries' URL;
	// empty: none.
	PageURL       string
	ContactName   string
	Email         string
	Lines         []Line
	Drivers       []string
	TotalCents    int64
	DiscountCents int64
	PaymentState  string // pagada, parcialmentepagada, cancelada, pending
	PayAtCircuit  bool
	CancelURL     string // empty when the booking cannot be cancelled online
	// CancelClosed is true when the booking is already inside the company's window in which customers
	// can no longer cancel online: the confirmation then says to contact the circuit (its phone and
	// e-mail) instead of offering the cancel link.
	CancelClosed bool
	VoucherCode  string // voucher mode: the code to redeem
	// UnsubscribeURL is the customer's member link that stops the company's news and offers
	// (UnsubscribeURL builds it); set only when the customer opted in to them, empty otherwise.
	UnsubscribeURL string
	IsGift         bool
	GiftName       string
	GiftEmail      string
	GiftMessage    string
	// CheckCode is the text of the booking's check-in QR code (frontdesk.CheckCode: reference and signed
	// token): the confirmation shows it as an inline image the desk scans. Empty: no QR.
	CheckCode string
	// Money is what a customer's cancellation did with the money (the cancellation mails say it in
	// place of the payment state); nil otherwise.
	Money *CancelMoney
	// CalendarSequence is the revision of the booking's calendar entries the customer last got
	// (bookings.ics_sequence): a later file about the same UIDs must carry a higher SEQUENCE.
	CalendarSequence int
}

// EventRegistration is what the event registration message tells.
type EventRegistration struct {
	Company    Company
	Culture    string
	EventName  string
	Nick       string
	Email      string
	StartLocal string // "YYYY-MM-DD HH:mm"
	EndLocal   string
	StartUTC   string
	EndUTC     string
	Categories []string
	TotalCents int64
	// DiscountCents is what a discount took off the price (0: none); DiscountCode is the code the
	// participant entered for it (empty: none).
	DiscountCents int64
	DiscountCode  string
	Reference     string // the short reference, shown
	Identifier    string // the booking's identifier, for the calendar entry's UID (Reference when empty)
	PageURL       string // the booking's page, the calendar entry's URL (the company's web when empty)
	// CheckCode is the text of the registration's check-in QR code (a registration is a booking: the
	// same code as a booking's, frontdesk.CheckCode); "" shows no QR.
	CheckCode string
}

// ProblemReport is a visitor's report sent to the company.
type ProblemReport struct {
	Company    Company
	Subject    string
	Text       string
	ReplyEmail string
	Page       string
}

// UnsubscribePath is the web app's route of a member's unsubscribe page; the key follows it.
const UnsubscribePath = "/member/unsubscribe/"

// UnsubscribeURL is the link of the unsubscribe page for a member's key (member.UnsubscribeKey) on the
// web app at base, its public URL ("https://book.example", a trailing slash is dropped).
func UnsubscribeURL(base, key string) string {
	return strings.TrimRight(base, "/") + UnsubscribePath + url.PathEscape(key)
}

// MailLogo is the address of a company's logo as a mail can show it: absolute (a relative path is
// joined to base, the server's public URL: mail clients resolve no relative address), http(s) only, and
// a raster image, because many mail clients show no SVG. An SVG logo of this server (a path on base)
// is sent as its PNG twin beside it (web/public/demo ships one for each demo logo); an SVG elsewhere,
// or a relative logo without a base, is left out (the mail shows the company's name instead).
func MailLogo(base, logo string) string {
	logo = strings.TrimSpace(logo)
	if logo == "" {
		return ""
	}
	base = strings.TrimRight(strings.TrimSpace(base), "/")
	own := strings.HasPrefix(logo, "/") && !strings.HasPrefix(logo, "//")
	if own {
		if base == "" {
			return ""
		}
		logo = base + logo
	} else if base != "" && strings.HasPrefix(logo, base+"/") {
		own = true
	}
	u, err := url.Parse(logo)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	if strings.EqualFold(path.Ext(u.Path), ".svg") {
		if !own {
			return ""
		}
		u.Path = strings.TrimSuffix(u.Path, path.Ext(u.Path)) + ".png"
		u.RawPath = ""
	}
	return u.String()
}
