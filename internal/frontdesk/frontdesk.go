// Package frontdesk is the counter's day: the staff's Today view (the day's sessions in time order with
// their bookings, expected and arrived drivers) and the arrival marks (check-in) that it shows. Its
// rules are pure functions over plain values; the Service runs them over a Store.
package frontdesk

import (
	"context"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/clock"
)

// Mark is a request to mark a booking arrived, or to undo its mark.
type Mark struct {
	CompanyID int64
	UserID    int64 // the staff member; 0 when unknown
	UserEmail string
	// BookingID or Reference names the booking (Reference in stored form, checkout.NormalizeReference);
	// exactly one is set once the request is valid.
	BookingID int64
	Reference string
	// Token is the check token read from the booking's QR code (CheckCode), when the mark came from a
	// scan: the store refuses the mark when it is not the booking's. Empty for a typed reference or an id.
	Token string
	// IdempotencyKey is the client's key (optional): a mark replayed with it is done once.
	IdempotencyKey string
	Now            time.Time
}

// Found is a booking as the check-in page shows it before it is marked.
type Found struct {
	Arrival
	Name     string
	Sessions []FoundSession
	Drivers  int
	// TotalCents is the booking's total.
	TotalCents int64
}

// FoundSession is one booked session (or the event) of a found booking.
type FoundSession struct {
	Date    string // local YYYY-MM-DD
	Time    string // local HH:MM
	Name    string // the circuit's or the event's name
	Product string
	Drivers int
}

// Arrival is a booking's arrival state after a mark or its undoing.
type Arrival struct {
	BookingID  int64
	Identifier string
	Reference  string // formatted, ABCD-2345
	State      string // the booking's status
	Arrived    bool
	ArrivedAt  time.Time // zero when not arrived
	ArrivedBy  string    // the e-mail of who marked it; "" when not arrived
	// AlreadyArrived: the booking was already marked when this mark came (a repeat, a replay or a
	// concurrent mark), so this one changed nothing. For an undo: the booking was not marked.
	AlreadyArrived bool
	// NoShow: the booking is marked as a no-show (the customer did not come).
	NoShow bool
	// Replayed: the mark's Idempotency-Key was used before for this booking; nothing was changed.
	Replayed  bool
	DueCents  int64
	PaidCents int64
}

// Store keeps the arrival marks and reads the day.
type Store interface {
	// MarkArrived marks the company's booking arrived unless it already is. Returns apperr.NotFound (no
	// such booking of the company), apperr.Unprocessable (cancelled, or an online payment still awaited)
	// and apperr.Conflict (the key was used for another booking).
	MarkArrived(ctx context.Context, m Mark) (Arrival, error)
	// UndoArrival removes the booking's mark (arrived or no-show), if any. Returns apperr.NotFound.
	UndoArrival(ctx context.Context, m Mark) (Arrival, error)
	// MarkNoShow marks the company's booking a no-show unless it already is (AlreadyArrived then says
	// so), when NoShowProblem allows. Returns apperr.NotFound and NoShowProblem's errors.
	MarkNoShow(ctx context.Context, m Mark) (Arrival, error)
	// FindBooking reads the company's booking by its stored reference for the check-in page, checking
	// token when it is not empty. Returns apperr.NotFound and BadToken's error.
	FindBooking(ctx context.Context, companyID int64, reference, token string) (Found, error)
	// Day reads the company's sessions and event bookings between two instants [from, until).
	Day(ctx context.Context, companyID int64, from, until time.Time, loc *time.Location) (Day, error)
	// CompanyZone is the company's time zone name. Returns apperr.NotFound.
	CompanyZone(ctx context.Context, companyID int64) (string, error)
}

// Service runs the counter's day.
type Service struct {
	store Store
	clock clock.Clock
}

// NewService returns the service over its store and clock (clock.System when nil).
func NewService(s Store, c clock.Clock) *Service {
	if c == nil {
		c = clock.System{}
	}
	return &Service{store: s, clock: c}
}

// Target reads what names the booking of a mark: a numeric id, or a reference in any case, with or
// without its dash. Returns apperr.Unprocessable when it is neither.
func Target(bookingID int64, reference string) (int64, string, error) {
	reference = strings.TrimSpace(reference)
	switch {
	case bookingID > 0 && reference == "":
		return bookingID, "", nil
	case bookingID == 0 && reference != "":
		if ref := checkout.NormalizeReference(reference); ref != "" {
			return 0, ref, nil
		}
		return 0, "", apperr.WithFields(apperr.Unprocessable, "That is not a booking reference.",
			map[string]string{"reference": "8 letters and digits, as ABCD-2345"})
	}
	return 0, "", apperr.WithFields(apperr.Unprocessable, "Name the booking by its reference or its id.",
		map[string]string{"reference": "a reference or a bookingId, one of them"})
}

// CheckKey checks a client's Idempotency-Key: optional, at most 200 printable characters.
func CheckKey(key string) error {
	if len(key) > 200 {
		return apperr.WithFields(apperr.Unprocessable, "The Idempotency-Key is too long.", map[string]string{"Idempotency-Key": "at most 200 characters"})
	}
	for _, r := range key {
		if r < 0x21 || r > 0x7e {
			return apperr.WithFields(apperr.Unprocessable, "The Idempotency-Key holds a character it may not.",
				map[string]string{"Idempotency-Key": "printable ASCII without spaces"})
		}
	}
	return nil
}

// Scanned fills a mark from a scanned check code (code, may be empty): its reference and token. A
// mark names its booking by a code, a reference or an id, one of them. Returns apperr.Unprocessable.
func Scanned(m Mark, code string) (Mark, error) {
	if strings.TrimSpace(code) == "" {
		return m, nil
	}
	if m.BookingID > 0 || strings.TrimSpace(m.Reference) != "" {
		return m, apperr.WithFields(apperr.Unprocessable, "Name the booking by its code, its reference or its id, one of them.",
			map[string]string{"code": "alone"})
	}
	ref, token, err := ParseCheckCode(code)
	if err != nil {
		return m, err
	}
	m.Reference, m.Token = ref, token
	return m, nil
}

// FindBooking reads a booking for the check-in page, named by a scanned code or a typed reference (any
// case, with or without the dash). Returns apperr.Unprocessable, apperr.NotFound and BadToken's error.
func (s *Service) FindBooking(ctx context.Context, companyID int64, reference, code string) (Found, error) {
	m, err := Scanned(Mark{Reference: reference}, code)
	if err != nil {
		return Found{}, err
	}
	if m.Token == "" {
		if _, m.Reference, err = Target(0, m.Reference); err != nil {
			return Found{}, err
		}
	}
	return s.store.FindBooking(ctx, companyID, m.Reference, m.Token)
}

// MarkArrived marks a booking arrived (the mark's Now is the service's clock). A mark with a Token
// (from Scanned) is refused when the token is not the booking's.
func (s *Service) MarkArrived(ctx context.Context, m Mark) (Arrival, error) {
	var err error
	if m.BookingID, m.Reference, err = Target(m.BookingID, m.Reference); err != nil {
		return Arrival{}, err
	}
	if err := CheckKey(m.IdempotencyKey); err != nil {
		return Arrival{}, err
	}
	m.Now = s.clock.Now()
	return s.store.MarkArrived(ctx, m)
}

// UndoArrival removes a booking's arrival mark.
func (s *Service) UndoArrival(ctx context.Context, m Mark) (Arrival, error) {
	var err error
	if m.BookingID, m.Reference, err = Target(m.BookingID, m.Reference); err != nil {
		return Arrival{}, err
	}
	m.Now = s.clock.Now()
	return s.store.UndoArrival(ctx, m)
}

// MarkNoShow marks a booking a no-show (the mark's Now is the service's clock).
func (s *Service) MarkNoShow(ctx context.Context, m Mark) (Arrival, error) {
	var err error
	if m.BookingID, m.Reference, err = Target(m.BookingID, m.Reference); err != nil {
		return Arrival{}, err
	}
	m.Now = s.clock.Now()
	return s.store.MarkNoShow(ctx, m)
}

// NoShowProblem is the rule of a no-show mark: the booking is not cancelled, is not marked arrived
// (undo the arrival first: apperr.Conflict), and its first session has started (before, the customer
// may still come: apperr.Unprocessable). firstStart nil (no session, a voucher) cannot be a no-show.
func NoShowProblem(status string, arrived bool, firstStart *time.Time, now time.Time) error {
	switch {
	case status == checkout.StatusCancelled:
		return apperr.New(apperr.Unprocessable, "The booking is cancelled: it cannot be marked a no-show.")
	case arrived:
		return apperr.New(apperr.Conflict, "The booking is marked arrived: undo the arrival first.")
	case firstStart == nil:
		return apperr.New(apperr.Unprocessable, "The booking has no session: it cannot be marked a no-show.")
	case now.Before(*firstStart):
		return apperr.New(apperr.Unprocessable, "The session has not started yet: the customer may still come.")
	}
	return nil
}
