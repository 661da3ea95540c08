package sessions_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pitlane/internal/clock"
	"pitlane/internal/httpapi"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// madrid is the fixture's time zone.
var madrid, _ = time.LoadLocation("Europe/Madrid")

// day is the date the tests book (a Tuesday), and now is 09:00 that morning at the circuit.
const day = "2026-12-01"

func at(hhmm string) string { return day + " " + hhmm + ":00" }

type env struct {
	db  *store.DB
	fix storetest.Fixture
	clk *clock.Manual
	svc *sessions.Service
	h   http.Handler
}

func newEnv(t *testing.T, db *store.DB, o storetest.FixtureOptions) *env {
	t.Helper()
	e := &env{db: db, fix: storetest.NewFixture(t, db, o)}
	e.clk = clock.NewManual(time.Date(2026, 12, 1, 9, 0, 0, 0, madrid))
	e.svc = sessions.NewService(db.Holds(), e.clk, 10*time.Minute)
	e.h = httpapi.New(httpapi.Deps{DB: db, Sessions: e.svc, Logger: quietLogger()})
	return e
}

// cart creates a shopping cart and returns its token.
func (e *env) cart(t testing.TB) string {
	t.Helper()
	tok, err := e.svc.NewCart(context.Background(), e.fix.CompanyID)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// hold posts a pre-booking over HTTP and returns the status and body.
func (e *env) hold(t testing.TB, visitor, cart string, kind string, id int64, drivers int, dates ...string) (int, map[string]any) {
	t.Helper()
	body, _ := json.Marshal(sessions.HoldRequest{BookingDates: dates, NumDrivers: drivers, IDType: id, Type: kind, Token: cart})
	req := httptest.NewRequest("POST", "/api/prebooking", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+e.fix.Token)
	if visitor != "" {
		req.Header.Set("X-Visitor-Id", visitor)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out
}

// livePlaces counts, from the rows, the places held by live holds plus booked in one session.
func (e *env) livePlaces(t testing.TB, circuit int64, local string) int {
	t.Helper()
	ts, err := time.ParseInLocation("2006-01-02 15:04:05", local, madrid)
	if err != nil {
		t.Fatal(err)
	}
	var held, booked int
	ctx := context.Background()
	err = e.db.Read(ctx, func(tx *store.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(hs.places), 0) FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
			WHERE hs.circuit_id = ? AND hs.starts_at = ? AND h.expires_at > ? AND h.released_at IS NULL AND h.booking_id IS NULL`,
			circuit, ts.UnixMilli(), e.clk.Now().UnixMilli()).Scan(&held); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT COALESCE(SUM(booked), 0) FROM slots WHERE circuit_id = ? AND starts_at = ?`,
			circuit, ts.UnixMilli()).Scan(&booked)
	})
	if err != nil {
		t.Fatal(err)
	}
	return held + booked
}

func visitor(i int) string { return fmt.Sprintf("visitor-%06d", i) }
