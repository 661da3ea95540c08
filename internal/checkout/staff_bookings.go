package checkout

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/pricing"
)

// Filter types of the staff bookings list (admin spec section 2).
const (
	FilterSessionDate = "fechaReserva" // by the booking's (first) session date, the default
	FilterSaleDate    = "fechaVenta"   // by the date it was sold, in the company's time zone
)

// MinRangeDays is the shortest longest range the staff bookings list accepts, whatever the company's
// maxDaysBooking: a whole month always fits.
const MinRangeDays = 31

// StaffStore is the database side of the back office's bookings section. Every method is scoped by
// the company: a booking of another company is never read nor changed (apperr.NotFound).
type StaffStore interface {
	// StaffLimits reads what the bookings query depends on: the company's name, time zone and the
	// largest maxDaysBooking of its installations. Returns apperr.NotFound for an unknown company.
	StaffLimits(ctx context.Context, companyID int64) (StaffLimits, error)
	// EachBooking calls fn for each booking of the range in order (session date and time, then id), reading
	// them with a cursor: the rows are never all in memory. An error of fn stops the walk.
	EachBooking(ctx context.Context, r BookingRange, fn func(BookingRow) error) error
	// CartDetails returns the lines of the company's sale named by a booking identifier or a cart
	// token. Returns apperr.NotFound.
	CartDetails(ctx context.Context, companyID int64, token string) (CartDetails, error)
	// MasterData returns the whole booking. Returns apperr.NotFound.
	MasterData(ctx context.Context, companyID, bookingID int64) (MasterData, error)
	// Member returns a member of the company. Returns apperr.NotFound.
	Member(ctx context.Context, companyID, memberID int64) (StaffMember, error)
	// CancelByStaff cancels the company's booking when CheckStaffCancel allows, in one transaction with
	// the release of its places, the cancellation mails and the audit entry. Returns apperr.NotFound
	// and CheckStaffCancel's errors.
	CancelByStaff(ctx context.Context, companyID, bookingID int64, by Actor, now time.Time) (StaffCancelled, error)
	// CancelByStaffRefund cancels the company's booking as CancelByStaff does and, when the company's
	// refund policy allows a refund now (billing.CheckPolicy), reserves everything paid as pending
	// refunds under the booking's cancellation key, in the same transaction; the mails wait for
	// Store.SettleCancelRefunds unless nothing was reserved. Returns apperr.NotFound,
	// CheckStaffCancel's and CheckPolicy's errors.
	CancelByStaffRefund(ctx context.Context, companyID, bookingID int64, by Actor, now time.Time) (CustomerCancelled, error)
	// CancelByStaffCredit cancels the company's booking as CancelByStaff does and keeps everything
	// paid as a credit note with the code (stored form), in the same transaction; nothing goes to a
	// provider. Returns apperr.NotFound, apperr.Conflict (staff may not cancel) and
	// apperr.Unprocessable (nothing paid is left to keep).
	CancelByStaffCredit(ctx context.Context, companyID, bookingID int64, by Actor, now time.Time, code string) (StaffCancelledCredit, error)
	// ResendConfirmation queues the customer's confirmation mail again (a new cancel link, whose token
	// hashes to tokenHash, at cancelURL) with its audit entry. Returns apperr.NotFound, apperr.Conflict
	// (cancelled, or waiting for its online payment) and apperr.Unprocessable (no e-mail address).
	ResendConfirmation(ctx context.Context, companyID, bookingID int64, by Actor, tokenHash, cancelURL string, now time.Time) (Resent, error)
	// UpdateContact locks the company's booking, validates the edit with validate (given the company's
	// country) and writes it with an audit entry of the contact before and after. Returns
	// apperr.NotFound and validate's errors.
	UpdateContact(ctx context.Context, companyID, bookingID int64, by Actor, now time.Time, validate func(country string) (ContactEdit, error)) (ContactEdit, error)
}

// StaffLimits are the company settings the staff bookings query depends on.
type StaffLimits struct {
	CompanyName    string
	Currency       string // ISO 4217 code (EUR): the export's price column names it
	TimeZone       string
	MaxDaysBooking int // the largest of the company's installations (0 when it has none)
}

// BookingsQuery is the body of POST /api/admin/retrieve-bookings (and the export's query).
type BookingsQuery struct {
	IDCompany  int64  `json:"idCompany"`
	DateIni    string `json:"dateIni"`
	DateEnd    string `json:"dateEnd"`
	FilterType string `json:"filterType,omitempty"`
	// Search keeps the rows whose short reference, customer name, e-mail or phone matches (see
	// BookingRange.Search); empty: all rows of the range.
	Search string `json:"search,omitempty"`
}

// MinSearchLength and MaxSearchLength bound the search text a bookings query accepts (in characters,
// after trimming); outside them the query is refused with 422.
const (
	MinSearchLength = 2
	MaxSearchLength = 100
)

// SearchLimit is the most rows a search over all dates answers (the most recent sessions first); the
// totals say when more matched (BookingTotals.Truncated).
const SearchLimit = 200

// BookingRange is a checked bookings query: the company, the inclusive local dates, and for sale dates
// the instants [FromMs, UntilMs) of the company's local midnights that bound them.
type BookingRange struct {
	CompanyID   int64
	CompanyName string
	Currency    string // the company's ISO 4217 code, for the export's price column
	From, To    string // YYYY-MM-DD, inclusive
	BySale      bool
	FromMs      int64
	UntilMs     int64
	Now         time.Time      // when cancellability is judged
	Location    *time.Location // the company's time zone (sale dates, exported times)
	// Search, when not empty, keeps the rows of the range whose short reference is it (typed with or
	// without the dash, in any case), or whose customer name or e-mail contains it (case-insensitive),
	// or whose phone contains its digits (at least 3).
	Search string
	// AllDates: a search without dates, over all the company's bookings (From, To and the instants are
	// unset): the reference exactly, the start of the name, of its second or third word or of the
	// e-mail, or the phone's digits (at least 6) with or without the country code; at most Limit rows,
	// the most recent session first.
	AllDates bool
	Limit    int
}

// RangeLimit is the longest range in days the bookings query accepts: the company's maxDaysBooking,
// never less than MinRangeDays.
func RangeLimit(maxDaysBooking int) int { return max(maxDaysBooking, MinRangeDays) }

// CheckBookingsQuery validates a bookings query against the company's limits (admin spec section 5):
// dates are YYYY-MM-DD (apperr.Invalid otherwise, as is an unknown filter type), dateIni not after
// dateEnd and the range no longer than RangeLimit days, both ends counted (apperr.Unprocessable).
//
// A search (2 to 100 characters once trimmed, 422 otherwise) without either date spans all dates
// (BookingRange.AllDates); with dates it narrows the range.
func CheckBookingsQuery(q BookingsQuery, l StaffLimits, loc *time.Location, now time.Time) (BookingRange, error) {
	search := strings.TrimSpace(q.Search)
	if n := len([]rune(search)); n > MaxSearchLength || (q.Search != "" && n < MinSearchLength) {
		return BookingRange{}, apperr.WithFields(apperr.Unprocessable, "The search must be 2 to 100 characters long.",
			map[string]string{"search": "must be " + strconv.Itoa(MinSearchLength) + " to " + strconv.Itoa(MaxSearchLength) + " characters"})
	}
	if search != "" && q.DateIni == "" && q.DateEnd == "" {
		if q.FilterType != "" && q.FilterType != FilterSessionDate && q.FilterType != FilterSaleDate {
			return BookingRange{}, apperr.WithFields(apperr.Invalid, "The bookings query is malformed.",
				map[string]string{"filterType": "must be fechaReserva or fechaVenta"})
		}
		return BookingRange{CompanyName: l.CompanyName, Now: now, Search: search, AllDates: true, Limit: SearchLimit}, nil
	}
	fe := apperr.FieldErrors{}
	from, errFrom := time.ParseInLocation(time.DateOnly, q.DateIni, loc)
	if errFrom != nil {
		fe.Add("dateIni", "must be a date YYYY-MM-DD")
	}
	to, errTo := time.ParseInLocation(time.DateOnly, q.DateEnd, loc)
	if errTo != nil {
		fe.Add("dateEnd", "must be a date YYYY-MM-DD")
	}
	bySale := false
	switch q.FilterType {
	case "", FilterSessionDate:
	case FilterSaleDate:
		bySale = true
	default:
		fe.Add("filterType", "must be fechaReserva or fechaVenta")
	}
	if err := fe.Err(apperr.Invalid, "The bookings query is malformed."); err != nil {
		return BookingRange{}, err
	}
	if from.After(to) {
		return BookingRange{}, apperr.WithFields(apperr.Unprocessable, "The start date is after the end date.",
			map[string]string{"dateIni": "must not be after dateEnd", "dateEnd": "must not be before dateIni"})
	}
	limit := RangeLimit(l.MaxDaysBooking)
	if days := daysBetween(from, to) + 1; days > limit {
		return BookingRange{}, apperr.WithFields(apperr.Unprocessable, "The date range is too long.",
			map[string]string{"dateEnd": "the range may span at most " + strconv.Itoa(limit) + " days"})
	}
	return BookingRange{From: q.DateIni, To: q.DateEnd, BySale: bySale, CompanyName: l.CompanyName,
		FromMs: from.UnixMilli(), UntilMs: to.AddDate(0, 0, 1).UnixMilli(), Now: now, Search: search}, nil
}

// daysBetween counts calendar days from a to b (local midnights; DST-safe).
func daysBetween(a, b time.Time) int {
	ua := time.Date(a.Year(), a.Month(), a.Day(), 0, 0, 0, 0, time.UTC)
	ub := time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, time.UTC)
	return int(ub.Sub(ua).Hours() / 24)
}

// BookingRow is one row of the staff bookings list (schema BookingRow).
type BookingRow struct {
	ID                int64         `json:"id"`
	IDBooking         int64         `json:"idBooking"`
	BookingIdentifier string        `json:"bookingIdentifier"`
	Reference         string        `json:"reference"` // the short reference, shown form ABCD-2345
	CreatedAt         time.Time     `json:"createdAt"`
	BookingDate       *string       `json:"bookingDate"` // first session, circuit-local "YYYY-MM-DD HH:mm"; nil for a voucher
	ContactName       string        `json:"contactName"`
	Phone             string        `json:"phone"`
	Email             string        `json:"email"`
	Price             pricing.Cents `json:"price"`
	NumParticipants   int           `json:"numParticipants"`
	State             string        `json:"state"`
	Track             string        `json:"track"`
	Source            string        `json:"source"`
	PaymentMode       string        `json:"paymentMode"`
	Cancellable       bool          `json:"cancellable"`

	Sessions   int        `json:"-"` // sessions the booking takes (booking_slots rows)
	FirstStart *time.Time `json:"-"` // the first session's start, nil for a voucher
}

// BookingTotals are the totals of a bookings list. Cancelled rows count as bookings but not in the
// sessions, drivers and price.
type BookingTotals struct {
	Bookings int           `json:"bookings"`
	Sessions int           `json:"sessions"`
	Drivers  int           `json:"drivers"`
	Price    pricing.Cents `json:"price"`
	// Truncated: a search over all dates matched more than SearchLimit bookings; the rows are the first
	// SearchLimit (the most recent sessions).
	Truncated bool `json:"truncated,omitempty"`
}

// Add counts a row into the totals.
func (t *BookingTotals) Add(r BookingRow) {
	t.Bookings++
	if r.State == StatusCancelled {
		return
	}
	t.Sessions += r.Sessions
	t.Drivers += r.NumParticipants
	t.Price += r.Price
}

// BookingRows is the answer of the staff bookings list (schema BookingRows); adminapi writes it row by
// row (BookingRow.AppendJSON) as the rows are read.
type BookingRows struct {
	Data   []BookingRow  `json:"data"`
	Totals BookingTotals `json:"totals"`
}

// errEnough stops a walk that has its Limit rows.
var errEnough = errors.New("checkout: enough rows")

// Actor is the staff user behind a back-office write, for the audit log.
type Actor struct {
	UserID int64
	Email  string
}

// StaffBookingsRange checks a bookings query of the company against its limits (CheckBookingsQuery)
// and returns the range to list or export.
func (s *Service) StaffBookingsRange(ctx context.Context, companyID int64, q BookingsQuery) (BookingRange, error) {
	st, err := s.staff()
	if err != nil {
		return BookingRange{}, err
	}
	l, err := st.StaffLimits(ctx, companyID)
	if err != nil {
		return BookingRange{}, err
	}
	loc, err := time.LoadLocation(l.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	r, err := CheckBookingsQuery(q, l, loc, s.d.Clock.Now())
	r.CompanyID, r.Location, r.Currency = companyID, loc, l.Currency
	return r, err
}

// StaffEachBooking walks the bookings of a checked range in order, each with its cancellability,
// and returns their totals. The rows are streamed from the database, never all held at once.
func (s *Service) StaffEachBooking(ctx context.Context, r BookingRange, fn func(BookingRow) error) (BookingTotals, error) {
	var t BookingTotals
	st, err := s.staff()
	if err != nil {
		return t, err
	}
	err = st.EachBooking(ctx, r, func(row BookingRow) error {
		if r.Limit > 0 && t.Bookings >= r.Limit {
			t.Truncated = true
			return errEnough
		}
		row.Cancellable = StaffCancelReason(row.State, row.FirstStart, r.Now) == ""
		t.Add(row)
		return fn(row)
	})
	if errors.Is(err, errEnough) {
		err = nil
	}
	return t, err
}
