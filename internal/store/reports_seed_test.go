package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// kpiSeeder writes bookings, their lines, sessions and drivers, members, payments and ledger entries
// for the KPI tests, with plain SQL, so that the figures are checked against rows and not against the
// code that normally writes them.
type kpiSeeder struct {
	t   *testing.T
	db  *store.DB
	f   storetest.Fixture
	loc *time.Location
	n   int
}

func newKPISeeder(t *testing.T, db *store.DB, f storetest.Fixture, zone string) *kpiSeeder {
	t.Helper()
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	return &kpiSeeder{t: t, db: db, f: f, loc: loc}
}

// at is a local wall time of the seeder's company.
func (s *kpiSeeder) at(y int, m time.Month, d, hh, mm int) time.Time {
	return time.Date(y, m, d, hh, mm, 0, 0, s.loc)
}

func (s *kpiSeeder) next() int { s.n++; return s.n }

func (s *kpiSeeder) exec(q string, args ...any) int64 {
	s.t.Helper()
	var id int64
	err := s.db.Write(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRow(context.Background(), q+" RETURNING id", args...).Scan(&id)
	})
	if err != nil {
		s.t.Fatalf("seed %q: %v", q, err)
	}
	return id
}

// member writes a member of the company created at the instant, with the birthday ("" for none).
func (s *kpiSeeder) member(created time.Time, birthday string) int64 {
	n := s.next()
	var b any
	if birthday != "" {
		b = birthday
	}
	return s.exec(`INSERT INTO members (company_id, nick, name, birthday, email, unsubscribe_key_hash, created_at, updated_at)
		VALUES (?, ?, 'Member', ?, ?, ?, ?, ?)`, s.f.CompanyID, fmt.Sprintf("nick%d", n), b,
		fmt.Sprintf("m%d@example.com", n), fmt.Sprintf("%d-%d", s.f.CompanyID, n), created.UnixMilli(), created.UnixMilli())
}

// kpiBooking is a booking being seeded.
type kpiBooking struct {
	s    *kpiSeeder
	id   int64
	line int64
	pos  int
}

// booking writes a booking with the status, the contact's birth date ("" none) and member (0 none), and
// one line.
func (s *kpiSeeder) booking(status, birthDate string, memberID int64) *kpiBooking {
	n := s.next()
	var bd, mid any
	if birthDate != "" {
		bd = birthDate
	}
	if memberID != 0 {
		mid = memberID
	}
	created := s.at(2026, 1, 1, 12, 0).UnixMilli()
	id := s.exec(`INSERT INTO bookings (identifier, company_id, status, payment_mode, contact_name, phone, email, birth_date,
			member_id, original_total_cents, total_cents, created_at, updated_at)
		VALUES (?, ?, ?, 'online', 'Contact', '+34600000000', 'c@example.com', ?, ?, 0, 0, ?, ?)`,
		fmt.Sprintf("B-%d-%d", s.f.CompanyID, n), s.f.CompanyID, status, bd, mid, created, created)
	line := s.exec(`INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers, unit_price_cents,
			original_price_cents, total_cents) VALUES (?, ?, 'PRODUCT', 'Adult 10 min', 1, 1, 0, 0, 0)`, id, s.f.Product)
	return &kpiBooking{s: s, id: id, line: line}
}

// session puts places of the booking in the circuit's session starting at the instant.
func (b *kpiBooking) session(circuit int64, starts time.Time, places int) *kpiBooking {
	b.s.t.Helper()
	b.pos++
	l := starts.In(b.s.loc)
	err := b.s.db.Write(context.Background(), func(tx *store.Tx) error {
		_, err := tx.Exec(context.Background(), `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at,
				local_date, local_time, product_id, places) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			b.line, b.pos, circuit, starts.UnixMilli(), l.Format(time.DateOnly), l.Format(time.TimeOnly), b.s.f.Product, places)
		if err != nil {
			return err
		}
		_, err = tx.Exec(context.Background(), `UPDATE bookings SET first_starts_at = ?, booking_date = ?
			WHERE id = ? AND (first_starts_at IS NULL OR first_starts_at > ?)`, starts.UnixMilli(), l.Format(time.DateOnly), b.id, starts.UnixMilli())
		return err
	})
	if err != nil {
		b.s.t.Fatal(err)
	}
	return b
}

// set runs an UPDATE of the booking (its id is the last argument), as a cancellation or a move would.
func (b *kpiBooking) set(q string, args ...any) *kpiBooking {
	b.s.t.Helper()
	err := b.s.db.Write(context.Background(), func(tx *store.Tx) error {
		_, err := tx.Exec(context.Background(), q, append(args, b.id)...)
		return err
	})
	if err != nil {
		b.s.t.Fatal(err)
	}
	return b
}

// status changes the booking's status.
func (b *kpiBooking) status(s string) *kpiBooking {
	return b.set(`UPDATE bookings SET status = ? WHERE id = ?`, s)
}

// move moves the booking's sessions to the circuit and instant.
func (b *kpiBooking) move(circuit int64, starts time.Time) *kpiBooking {
	b.set(`UPDATE bookings SET first_starts_at = ? WHERE id = ?`, starts.UnixMilli())
	return b.set(`UPDATE booking_slots SET circuit_id = ?, starts_at = ? WHERE booking_line_id IN
		(SELECT id FROM booking_lines WHERE booking_id = ?)`, circuit, starts.UnixMilli())
}

// driver adds a driver to the booking, linked to the member (0 none).
func (b *kpiBooking) driver(memberID int64) *kpiBooking {
	var mid any
	if memberID != 0 {
		mid = memberID
	}
	b.s.exec(`INSERT INTO drivers (booking_id, booking_line_id, position, name, member_id) VALUES (?, ?, ?, 'Driver', ?)`,
		b.id, b.line, b.s.next(), mid)
	return b
}

// entry records a ledger entry of the booking through a payment of the provider. amount is written as
// given (a refund may be stored negative, as some adapters do).
func (b *kpiBooking) entry(provider, kind string, amount int64, at time.Time) *kpiBooking {
	pay := b.s.exec(`INSERT INTO payments (company_id, booking_id, provider, status, amount_cents, currency, created_at, updated_at)
		VALUES (?, ?, ?, 'approved', ?, 'EUR', ?, ?)`, b.s.f.CompanyID, b.id, provider, amount, at.UnixMilli(), at.UnixMilli())
	b.s.exec(`INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, pay, b.id, kind, amount, provider, fmt.Sprintf("ev-%d-%d", b.s.f.CompanyID, b.s.next()), at.UnixMilli())
	return b
}

func (b *kpiBooking) charge(cents int64, at time.Time) *kpiBooking {
	return b.entry("simulated", "charge", cents, at)
}
func (b *kpiBooking) refund(cents int64, at time.Time) *kpiBooking {
	return b.entry("simulated", "refund", cents, at)
}
