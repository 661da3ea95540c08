package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/pricing"
)

// Bookings is the back office's view of bookings: the staff list and its export, a sale's lines, a
// booking's master data, members, and staff cancellation (checkout_cancel.go). It implements
// checkout.StaffStore. Every query names the company in its WHERE clause.
type Bookings struct{ db *DB }

// Bookings returns the staff bookings store.
func (db *DB) Bookings() Bookings { return Bookings{db: db} }

// StaffLimits implements checkout.StaffStore.
func (b Bookings) StaffLimits(ctx context.Context, companyID int64) (checkout.StaffLimits, error) {
	var l checkout.StaffLimits
	err := b.db.Read(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT c.name, c.currency, c.time_zone,
				COALESCE((SELECT MAX(i.max_days_booking) FROM installations i WHERE i.company_id = c.id), 0)
			FROM companies c WHERE c.id = ?`, companyID).Scan(&l.CompanyName, &l.Currency, &l.TimeZone, &l.MaxDaysBooking)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No such company.")
		}
		return translate(err)
	})
	return l, err
}

// staffRows reads the bookings of a range (first %s: the range's condition; second: its order), one row
// per booking: what the list shows of its lines and sessions is kept on the booking (migration 00028's
// list_* columns, recounted by triggers), so the range's index and one table are all the query reads.
const staffRows = `SELECT b.id, b.identifier, b.created_at, b.first_starts_at, b.contact_name,
		COALESCE(b.contact_surname, ''), b.phone, b.email, b.total_cents, b.status, b.source, b.payment_mode,
		COALESCE(b.reference, ''), b.list_drivers, b.list_sessions, b.list_first, b.list_circuits
	FROM bookings b
	WHERE b.company_id = ? AND %s
	ORDER BY %s`

// The staff bookings queries and their orders.
//   - By session date: the local date of the first session, then its start, then id — the order of
//     index bookings_company_date (company_id, booking_date, first_starts_at; ties in row order), so the
//     database streams the rows without sorting a month of them first (migration 00026).
//   - By sale date: created_at between the company's local midnights (index bookings_company_created),
//     listed in session order as well, bookings without a session (vouchers) last.
const (
	staffBySessionRange = `b.booking_date >= ? AND b.booking_date <= ?`
	staffBySessionOrder = `b.booking_date, b.first_starts_at, b.id`
	staffBySaleRange    = `b.created_at >= ? AND b.created_at < ?`
	staffBySaleOrder    = `CASE WHEN b.first_starts_at IS NULL THEN 1 ELSE 0 END, b.first_starts_at, b.id`
)

var (
	staffBySession = fmt.Sprintf(staffRows, staffBySessionRange, staffBySessionOrder)
	staffBySale    = fmt.Sprintf(staffRows, staffBySaleRange, staffBySaleOrder)
)

// EachBooking implements checkout.StaffStore: one query, read row by row with its cursor, each booking
// handed to fn as it is read.
func (b Bookings) EachBooking(ctx context.Context, r checkout.BookingRange, fn func(checkout.BookingRow) error) error {
	return b.db.Read(ctx, func(tx *Tx) error {
		q, args := staffBySession, []any{r.CompanyID, r.From, r.To}
		if r.BySale {
			q, args = staffBySale, []any{r.CompanyID, r.FromMs, r.UntilMs}
		}
		switch {
		case r.AllDates:
			q, args = staffAllDates, staffAllDatesArgs(r.CompanyID, r.Search, r.Limit)
		case r.Search != "":
			q, args = staffSearchQuery(r), append(args, staffSearchArgs(r.Search)...)
		}
		tracks, err := newTrackNames(ctx, tx, r.CompanyID)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			row, err := scanStaffRow(rows, tracks, r.Location)
			if err != nil {
				return err
			}
			if err := fn(row); err != nil {
				return err
			}
		}
		return rows.Err()
	})
}

// scanStaffRow reads one row of staffRows. A booking without sessions but with a start (an event's
// registration: its date is the event's, not a session's) shows that start in the company's zone loc.
func scanStaffRow(rows *sql.Rows, tracks *trackNames, loc *time.Location) (checkout.BookingRow, error) {
	var id, created, total, drivers, sessions int64
	var first sql.NullInt64
	var identifier, name, surname, phone, email, status, source, mode, reference, circuits string
	var local sql.NullString
	if err := rows.Scan(&id, &identifier, &created, &first, &name, &surname, &phone, &email, &total, &status, &source,
		&mode, &reference, &drivers, &sessions, &local, &circuits); err != nil {
		return checkout.BookingRow{}, translate(err)
	}
	if surname != "" {
		name += " " + surname
	}
	track, err := tracks.of(circuits)
	if err != nil {
		return checkout.BookingRow{}, err
	}
	row := checkout.BookingRow{ID: id, IDBooking: id, BookingIdentifier: identifier, Reference: checkout.FormatReference(reference),
		CreatedAt: time.UnixMilli(created).UTC(), ContactName: name, Phone: phone, Email: email, Price: pricing.Cents(total),
		NumParticipants: int(drivers), State: status, Source: source, PaymentMode: mode, Track: track,
		Sessions: int(sessions), FirstStart: instantOrNil(first)}
	if local.Valid {
		row.BookingDate = &local.String
	} else if first.Valid {
		if loc == nil {
			loc = time.UTC
		}
		at := time.UnixMilli(first.Int64).In(loc).Format("2006-01-02 15:04")
		row.BookingDate = &at
	}
	return row, nil
}

// trackNames turns a booking's list_circuits ('3,5') into the track the list shows ('Norte, Sur'): the
// names of the circuits of the day, read once per query, each combination joined once.
type trackNames struct {
	ctx    context.Context
	tx     *Tx
	names  map[int64]string
	joined map[string]string
}

// newTrackNames reads the names of the company's circuits.
func newTrackNames(ctx context.Context, tx *Tx, companyID int64) (*trackNames, error) {
	t := &trackNames{ctx: ctx, tx: tx, names: map[int64]string{}, joined: map[string]string{"": ""}}
	rows, err := tx.Query(ctx, `SELECT c.id, c.name FROM circuits c JOIN installations i ON i.id = c.installation_id
		WHERE i.company_id = ?`, companyID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, translate(err)
		}
		t.names[id] = name
	}
	return t, rows.Err()
}

// of is the track of a list_circuits value. A circuit that is not the company's (never written so) is
// read by its id, as the list's join read it before migration 00028.
func (t *trackNames) of(circuits string) (string, error) {
	if s, ok := t.joined[circuits]; ok {
		return s, nil
	}
	var names []string
	for _, part := range strings.Split(circuits, ",") {
		id, err := strconv.ParseInt(part, 10, 64)
		if err != nil {
			return "", fmt.Errorf("store: booking list_circuits %q: %w", circuits, err)
		}
		name, ok := t.names[id]
		if !ok {
			if err := t.tx.QueryRow(t.ctx, `SELECT name FROM circuits WHERE id = ?`, id).Scan(&name); err != nil && !IsNoRows(err) {
				return "", translate(err)
			}
			t.names[id] = name
		}
		if name != "" && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	t.joined[circuits] = strings.Join(names, ", ")
	return t.joined[circuits], nil
}

// hhmm is the HH:mm of a stored HH:MM:SS time.
func hhmm(t string) string {
	if len(t) >= 5 {
		return t[:5]
	}
	return t
}

var _ checkout.StaffStore = Bookings{}
