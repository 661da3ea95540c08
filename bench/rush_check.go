package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	_ "modernc.org/sqlite"             // database/sql driver "sqlite"
)

// rushCompany is the demo company the rush sells: online payment with the simulated provider.
const rushCompany = "Circuito Norte"

// rushDB is a direct connection to the database the instances use, for the setup and the checks.
type rushDB struct {
	db       *sql.DB
	postgres bool
}

func openRushDB(dbURL string) (*rushDB, error) {
	if path, ok := strings.CutPrefix(dbURL, "sqlite:"); ok {
		db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
		return &rushDB{db: db}, err
	}
	db, err := sql.Open("pgx", dbURL)
	return &rushDB{db: db, postgres: true}, err
}

// q rebinds ? placeholders to $n on PostgreSQL.
func (r *rushDB) q(query string) string {
	if !r.postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, c := range query {
		if c == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// setCapacity makes every session of the company's installation hold capacity places.
func (r *rushDB) setCapacity(ctx context.Context, capacity int) error {
	res, err := r.db.ExecContext(ctx, r.q(`UPDATE installations SET max_participants = ?
		WHERE company_id = (SELECT id FROM companies WHERE name = ?)`), capacity, rushCompany)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("%s has %d installations, want 1", rushCompany, n)
	}
	return nil
}

// check reads what the rush left: sessions over capacity anywhere, places sold in the session set,
// and every paid rush booking's status and customer confirmation mails (outbox kind
// booking_confirmation; the company's copies are company_notice). completed are the contact addresses
// of the journeys that ended on the provider's 303.
func (r *rushDB) check(ctx context.Context, t rushTarget, completed map[string]bool) (rushCheck, error) {
	var c rushCheck
	rows, err := r.db.QueryContext(ctx, `SELECT s.local_date, s.local_time, s.capacity,
		(SELECT COALESCE(SUM(bs.places), 0) FROM booking_slots bs
			JOIN booking_lines bl ON bl.id = bs.booking_line_id JOIN bookings b ON b.id = bl.booking_id
			WHERE bs.circuit_id = s.circuit_id AND bs.starts_at = s.starts_at AND b.status <> 'cancelada')
		FROM slots s`)
	if err != nil {
		return c, err
	}
	for rows.Next() {
		var date, at string
		var capacity, places int
		if err := rows.Scan(&date, &at, &capacity, &places); err != nil {
			_ = rows.Close()
			return c, err
		}
		if places > capacity {
			c.oversold++
		}
		if date == t.date && t.times[at] {
			c.sessions++
			c.sold += places
		}
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return c, err
	}
	rows, err = r.db.QueryContext(ctx, `SELECT b.email, b.status,
		(SELECT COUNT(*) FROM outbox_emails o WHERE o.booking_id = b.id AND o.kind = 'booking_confirmation')
		FROM bookings b WHERE b.email LIKE 'rush-%' AND EXISTS (SELECT 1 FROM payments p
			JOIN payment_entries e ON e.payment_id = p.id
			WHERE p.booking_id = b.id AND p.provider = 'simulated' AND e.kind = 'charge')`)
	if err != nil {
		return c, err
	}
	for rows.Next() {
		var email, status string
		var mails int
		if err := rows.Scan(&email, &status, &mails); err != nil {
			_ = rows.Close()
			return c, err
		}
		c.paid++
		if status == "pagada" {
			c.confirmed++
		}
		if mails == 1 {
			c.oneMail++
		}
		if !completed[email] {
			c.extraByEmail++
		}
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return c, err
	}
	err = r.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM bookings WHERE email LIKE 'rush-%' AND status = 'pending'`).
		Scan(&c.pendingLeft)
	return c, err
}

// paidRush counts the rush bookings the simulated provider's charge has reached.
func (r *rushDB) paidRush(ctx context.Context) (int, error) {
	var n int
	err := r.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM bookings b WHERE b.email LIKE 'rush-%' AND EXISTS (
		SELECT 1 FROM payments p JOIN payment_entries e ON e.payment_id = p.id
		WHERE p.booking_id = b.id AND p.provider = 'simulated' AND e.kind = 'charge')`).Scan(&n)
	return n, err
}

// waitPaid waits, at most within, until want rush bookings are paid: the provider answers the card
// page after 5 s even when its notification has not been delivered yet, and delivers it later (2 s,
// then 10 s, …), as a real provider does. It returns how many were paid when the visitors finished
// and how long the rest took to arrive.
func (r *rushDB) waitPaid(ctx context.Context, want int, within time.Duration) (atEnd int, waited time.Duration, err error) {
	start := time.Now()
	atEnd, err = r.paidRush(ctx)
	for n := atEnd; err == nil && n < want && time.Since(start) < within; {
		time.Sleep(250 * time.Millisecond)
		n, err = r.paidRush(ctx)
	}
	return atEnd, time.Since(start), err
}
