package opstest

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	_ "modernc.org/sqlite"             // database/sql driver "sqlite"
)

// openDB opens the database an instance uses, to check its rows directly.
func openDB(t *testing.T, dbURL string) *sql.DB {
	t.Helper()
	var db *sql.DB
	var err error
	if path, ok := strings.CutPrefix(dbURL, "sqlite:"); ok {
		db, err = sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	} else {
		db, err = sql.Open("pgx", dbURL)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// rebind turns ? placeholders into $n for PostgreSQL.
func rebind(dbURL, q string) string {
	if strings.HasPrefix(dbURL, "sqlite:") {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// count runs a COUNT query.
func count(t *testing.T, db *sql.DB, dbURL, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(rebind(dbURL, q), args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// checkAcknowledged checks that every acknowledged booking is in the database with its line, its
// session places and its drivers, and, paid online, its payment.
func checkAcknowledged(t *testing.T, db *sql.DB, dbURL string, list []booked) {
	t.Helper()
	for _, b := range list {
		var id int64
		var status, mode string
		var err error
		if b.payRef != "" {
			err = db.QueryRow(rebind(dbURL, `SELECT b.id, b.status, b.payment_mode FROM payments p JOIN bookings b ON b.id = p.booking_id
				WHERE p.provider = 'simulated' AND p.provider_ref = ?`), b.payRef).Scan(&id, &status, &mode)
		} else {
			err = db.QueryRow(rebind(dbURL, `SELECT id, status, payment_mode FROM bookings WHERE identifier = ?`), b.identifier).
				Scan(&id, &status, &mode)
		}
		if err != nil {
			t.Errorf("acknowledged booking %+v is not in the database: %v", b, err)
			continue
		}
		wantMode := "circuit"
		if b.payRef != "" {
			wantMode = "online"
		}
		if mode != wantMode || status == "cancelada" {
			t.Errorf("booking %+v: status %s, payment mode %s", b, status, mode)
		}
		var email string
		_ = db.QueryRow(rebind(dbURL, `SELECT email FROM bookings WHERE id = ?`), id).Scan(&email)
		if email != b.email {
			t.Errorf("booking %+v has contact %q", b, email)
		}
		if n := count(t, db, dbURL, `SELECT COUNT(*) FROM booking_lines WHERE booking_id = ?`, id); n != 1 {
			t.Errorf("booking %+v has %d lines, want 1", b, n)
		}
		if n := count(t, db, dbURL, `SELECT COALESCE(SUM(bs.places), 0) FROM booking_slots bs
			JOIN booking_lines bl ON bl.id = bs.booking_line_id WHERE bl.booking_id = ?`, id); n != b.drivers {
			t.Errorf("booking %+v takes %d places, want %d", b, n, b.drivers)
		}
		if n := count(t, db, dbURL, `SELECT COUNT(*) FROM drivers WHERE booking_id = ?`, id); n != b.drivers {
			t.Errorf("booking %+v has %d drivers, want %d", b, n, b.drivers)
		}
	}
}

// checkCapacity checks every session: the places of its bookings that are not cancelled fit its
// capacity, and its booked counter equals the places of the confirmed ones (an online booking waiting
// for its payment still has its places through its hold, in the held counter).
func checkCapacity(t *testing.T, db *sql.DB) {
	t.Helper()
	rows, err := db.Query(`SELECT s.circuit_id, s.local_date, s.local_time, s.capacity, s.booked,
		(SELECT COALESCE(SUM(bs.places), 0) FROM booking_slots bs
			JOIN booking_lines bl ON bl.id = bs.booking_line_id JOIN bookings b ON b.id = bl.booking_id
			WHERE bs.circuit_id = s.circuit_id AND bs.starts_at = s.starts_at AND b.status <> 'cancelada'),
		(SELECT COALESCE(SUM(bs.places), 0) FROM booking_slots bs
			JOIN booking_lines bl ON bl.id = bs.booking_line_id JOIN bookings b ON b.id = bl.booking_id
			WHERE bs.circuit_id = s.circuit_id AND bs.starts_at = s.starts_at AND b.status <> 'cancelada'
			AND NOT (b.payment_mode = 'online' AND b.status = 'pending'))
		FROM slots s`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	sessions := 0
	for rows.Next() {
		var circuit int64
		var date, at string
		var capacity, counter, places, confirmed int
		if err := rows.Scan(&circuit, &date, &at, &capacity, &counter, &places, &confirmed); err != nil {
			t.Fatal(err)
		}
		sessions++
		if places > capacity {
			t.Errorf("circuit %d %s %s: %d places booked, capacity %d", circuit, date, at, places, capacity)
		}
		if counter != confirmed {
			t.Errorf("circuit %d %s %s: booked counter %d, confirmed bookings take %d places", circuit, date, at, counter, confirmed)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if sessions == 0 {
		t.Error("no session has a row: the burst booked nothing")
	}
}

// outboxMail is one row of the outbox.
type outboxMail struct {
	to, subject, status string
}

func outbox(t *testing.T, db *sql.DB) []outboxMail {
	t.Helper()
	rows, err := db.Query(`SELECT to_addr, subject, status FROM outbox_emails ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []outboxMail
	for rows.Next() {
		var m outboxMail
		if err := rows.Scan(&m.to, &m.subject, &m.status); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}
