package checkout

import (
	"context"

	"pitlane/internal/apperr"
	"pitlane/internal/notify"
	"pitlane/internal/pricing"
)

// SummaryStore reads what the done page shows of a booking; *store.DB implements it.
type SummaryStore interface {
	// BookingMail loads a booking as its mails tell it (lines, sessions, drivers, company, short
	// reference, the booking's page on the web app at webBase). Returns apperr.NotFound for an unknown
	// identifier.
	BookingMail(ctx context.Context, identifier, webBase string) (notify.Booking, error)
	// BookingPaid is what was paid on the booking so far, in cents (charges less refunds).
	BookingPaid(ctx context.Context, identifier string) (int64, error)
	// BookingLineDrivers is the drivers' names of each line of the booking, in line order.
	BookingLineDrivers(ctx context.Context, identifier string) ([][]string, error)
}

// Summary is the done page's account of a booking: per line the product, its sessions (local date and
// time at the circuit) and its drivers, what was paid and how, and the short reference people read out.
type Summary struct {
	Identifier  string        `json:"identifier"`
	Reference   string        `json:"reference"` // shown form, ABCD-2345
	Status      string        `json:"status"`
	PaymentMode string        `json:"paymentMode"`
	Culture     string        `json:"culture"`
	TimeZone    string        `json:"timeZone"`
	Currency    string        `json:"currency"`
	Total       pricing.Cents `json:"total"`
	Paid        pricing.Cents `json:"paid"`
	HasCalendar bool          `json:"hasCalendar"`
	// CheckCode is the text of the booking's check-in QR code; "" for a cancelled booking.
	CheckCode string        `json:"checkCode"`
	Lines     []SummaryLine `json:"lines"`
}

// SummaryLine is one line of a Summary.
type SummaryLine struct {
	Product  string           `json:"product"`
	Quantity int              `json:"quantity"`
	Total    pricing.Cents    `json:"total"`
	Sessions []SummarySession `json:"sessions"`
	Drivers  []string         `json:"drivers"`
}

// SummarySession is one session of a line: local date and time at the circuit, and the instant.
type SummarySession struct {
	Date     string `json:"date"`     // YYYY-MM-DD, at the circuit
	Time     string `json:"time"`     // HH:mm, at the circuit
	StartsAt string `json:"startsAt"` // RFC 3339, UTC
	Circuit  string `json:"circuit"`
}

// summaryStore is the store's summary side, or an error when the service was built without one.
func (s *Service) summaryStore() (SummaryStore, error) {
	ss, ok := s.d.Store.(SummaryStore)
	if !ok {
		return nil, apperr.New(apperr.Internal, "Booking summaries are not available.")
	}
	return ss, nil
}

// Summary returns the done page's account of the booking. Returns apperr.NotFound for an unknown or
// malformed identifier.
func (s *Service) Summary(ctx context.Context, identifier string) (Summary, error) {
	if identifier == "" || len(identifier) > MaxTokenLength {
		return Summary{}, apperr.New(apperr.NotFound, "No booking with that identifier.")
	}
	ss, err := s.summaryStore()
	if err != nil {
		return Summary{}, err
	}
	b, err := ss.BookingMail(ctx, identifier, s.d.BaseURL)
	if err != nil {
		return Summary{}, err
	}
	paid, err := ss.BookingPaid(ctx, identifier)
	if err != nil {
		return Summary{}, err
	}
	drivers, err := ss.BookingLineDrivers(ctx, identifier)
	if err != nil {
		return Summary{}, err
	}
	mode := ModeOnline
	if b.PayAtCircuit {
		mode = ModeCircuit
	}
	out := Summary{Identifier: b.Identifier, Reference: notify.ShownReference(b), Status: b.PaymentState,
		PaymentMode: mode, Culture: b.Culture, TimeZone: b.Company.TimeZone, Currency: b.Company.Currency,
		Total: pricing.Cents(b.TotalCents), Paid: pricing.Cents(paid), CheckCode: b.CheckCode, Lines: []SummaryLine{}}
	for i, l := range b.Lines {
		sl := SummaryLine{Product: l.Name, Quantity: l.Quantity, Total: pricing.Cents(l.TotalCents),
			Sessions: []SummarySession{}, Drivers: []string{}}
		for _, ses := range l.Sessions {
			sl.Sessions = append(sl.Sessions, SummarySession{Date: ses.Date, Time: ses.Time, StartsAt: ses.StartUTC, Circuit: ses.Circuit})
			out.HasCalendar = true
		}
		if i < len(drivers) && drivers[i] != nil {
			sl.Drivers = drivers[i]
		}
		out.Lines = append(out.Lines, sl)
	}
	return out, nil
}

// Calendar returns the booking's .ics file, the same as its confirmation mail's attachment. Returns
// apperr.NotFound for an unknown identifier or a booking without sessions (nothing to add).
func (s *Service) Calendar(ctx context.Context, identifier string) (notify.Attachment, error) {
	if identifier == "" || len(identifier) > MaxTokenLength {
		return notify.Attachment{}, apperr.New(apperr.NotFound, "No booking with that identifier.")
	}
	ss, err := s.summaryStore()
	if err != nil {
		return notify.Attachment{}, err
	}
	b, err := ss.BookingMail(ctx, identifier, s.d.BaseURL)
	if err != nil {
		return notify.Attachment{}, err
	}
	if b.PaymentState == StatusCancelled {
		return notify.Attachment{}, apperr.New(apperr.NotFound, "This booking has been cancelled.")
	}
	att, err := notify.BookingCalendar(b)
	if err != nil {
		return notify.Attachment{}, apperr.New(apperr.NotFound, "This booking has no session to add to a calendar.")
	}
	return att, nil
}
