package checkout_test

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// deskToken is the staff session of the desk tests: a user with the ADMIN role in the fixture's
// company (A) and none in company B.
const deskToken = "desk-session-token"

// deskAuth is a staff sign-in double: one fixed token, one user, one company.
type deskAuth struct {
	adminapi.AuthService // sign-in itself is not used by these tests
	user                 account.Staff
	company              int64
}

func (a deskAuth) Resolve(_ context.Context, token string) (account.Staff, error) {
	if token != deskToken {
		return account.Staff{}, apperr.New(apperr.Unauthorized, "no session")
	}
	return a.user, nil
}

func (a deskAuth) RoleIn(_ context.Context, userID, companyID int64) (account.Role, error) {
	if userID == a.user.UserID && companyID == a.company {
		return account.RoleAdmin, nil
	}
	return "", apperr.New(apperr.Forbidden, "no role there")
}

// desk is the checkout env with a second company (B), the staff side of the checkout service and the
// staff API behind a fake sign-in.
type desk struct {
	*env
	b     storetest.Fixture
	staff *checkout.Service
	admin *apitest.Client
	mux   http.Handler
	user  int64
}

func newDesk(t testing.TB, db *store.DB) *desk {
	t.Helper()
	d := &desk{env: newEnv(t, db)}
	d.b = storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "company-b-token", PublicKey: "company-b"})
	d.exec(t, `UPDATE companies SET name = 'Circuito Norte' WHERE id = ?`, d.fix.CompanyID)
	ctx := context.Background()
	if err := db.Write(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO admin_users (email, name, password_hash, created_at, updated_at)
			VALUES ('desk@kart.example', 'Desk', 'x', 1, 1) RETURNING id`).Scan(&d.user)
	}); err != nil {
		t.Fatal(err)
	}
	d.staff = checkout.NewService(checkout.Deps{Store: db.Checkout(), Staff: db.Bookings(), Clock: d.clk, BaseURL: base})
	mux := http.NewServeMux()
	adminapi.New(adminapi.Deps{Clock: d.clk, Bookings: d.staff,
		Auth: deskAuth{user: account.Staff{UserID: d.user, Email: "desk@kart.example", Name: "Desk"}, company: d.fix.CompanyID}}).Register(mux)
	d.mux = mux
	d.admin = apitest.New(t, mux)
	return d
}

// as is the staff session header.
var as = []string{"Authorization", "Bearer " + deskToken}

// seed is a booking written straight into the tables, for lists that need many or odd bookings.
type seed struct {
	company, circuit, product int64
	start                     string // circuit-local "YYYY-MM-DD HH:mm", "" for a voucher (no date)
	created                   string // company-local "YYYY-MM-DD HH:mm"
	status                    string
	name, phone, email        string
	drivers, sessions         int
	cents                     int64
}

// seedN numbers seeded bookings' identifiers across the package's tests, which run in parallel.
var seedN atomic.Int64

// seedBooking writes a booking with one line of s.sessions sessions (an hour apart) for s.drivers.
func (d *desk) seedBooking(t testing.TB, s seed) int64 {
	t.Helper()
	n := seedN.Add(1)
	if s.status == "" {
		s.status = checkout.StatusPaid
	}
	s.drivers, s.sessions = max(s.drivers, 1), max(s.sessions, 1)
	created, err := time.ParseInLocation("2006-01-02 15:04", s.created, madrid)
	if err != nil {
		t.Fatal(err)
	}
	var first sql.NullInt64
	var date sql.NullString
	var starts []time.Time
	if s.start != "" {
		st, err := time.ParseInLocation("2006-01-02 15:04", s.start, madrid)
		if err != nil {
			t.Fatal(err)
		}
		first = sql.NullInt64{Int64: st.UnixMilli(), Valid: true}
		date = sql.NullString{String: st.Format("2006-01-02"), Valid: true}
		for i := 0; i < s.sessions; i++ {
			starts = append(starts, st.Add(time.Duration(i)*time.Hour))
		}
	}
	var id int64
	ctx := context.Background()
	err = d.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO bookings (identifier, company_id, status, payment_mode, contact_name, phone, email,
				original_total_cents, total_cents, booking_date, first_starts_at, created_at, updated_at)
			VALUES (?, ?, ?, 'circuit', ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, "seed-"+strconv.FormatInt(n, 10), s.company, s.status,
			s.name, s.phone, s.email, s.cents, s.cents, date, first, created.UnixMilli(), created.UnixMilli()).Scan(&id); err != nil {
			return err
		}
		var line int64
		if err := tx.QueryRow(ctx, `INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers,
				unit_price_cents, original_price_cents, total_cents) VALUES (?, ?, 'PRODUCT', 'Adult 10 min', ?, ?, ?, ?, ?) RETURNING id`,
			id, s.product, max(len(starts), 1), s.drivers, s.cents, s.cents, s.cents).Scan(&line); err != nil {
			return err
		}
		for i, st := range starts {
			if _, err := tx.Exec(ctx, `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date,
				local_time, product_id, places) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, line, i, s.circuit, st.UnixMilli(),
				st.Format("2006-01-02"), st.Format("15:04:05"), s.product, s.drivers); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}
