package adminapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// todayAnswer is schema TodayView, the parts the tests read.
type todayAnswer struct {
	Date            string `json:"date"`
	ExpectedDrivers int    `json:"expectedDrivers"`
	ArrivedDrivers  int    `json:"arrivedDrivers"`
	Sessions        []struct {
		Kind            string `json:"kind"`
		Name            string `json:"name"`
		LocalTime       string `json:"localTime"`
		ExpectedDrivers int    `json:"expectedDrivers"`
		ArrivedDrivers  int    `json:"arrivedDrivers"`
		Bookings        []struct {
			ID        int64   `json:"id"`
			Reference string  `json:"reference"`
			Name      string  `json:"name"`
			Drivers   int     `json:"drivers"`
			Paid      float64 `json:"paid"`
			Due       float64 `json:"due"`
			State     string  `json:"state"`
			Arrived   bool    `json:"arrived"`
			ArrivedBy *string `json:"arrivedBy"`
		} `json:"bookings"`
	} `json:"sessions"`
}

// arrivalAnswer is schema ArrivalResult.
type arrivalAnswer struct {
	Data struct {
		BookingID      int64   `json:"bookingId"`
		Reference      string  `json:"reference"`
		State          string  `json:"state"`
		Arrived        bool    `json:"arrived"`
		ArrivedBy      *string `json:"arrivedBy"`
		AlreadyArrived bool    `json:"alreadyArrived"`
		Replayed       bool    `json:"replayed"`
		Due            float64 `json:"due"`
	} `json:"data"`
}

// daySeat is a booking to seed on the counter's day.
type daySeat struct {
	company   storetest.Fixture
	circuit   int64     // 0: an event booking (no session places)
	at        time.Time // the session's (or event's) start
	drivers   int
	status    string // default pending
	mode      string // default circuit
	placed    int    // places_booked; default 1
	reference string
	name      string
}

// seat writes a booking of 29.00 per driver with one line and, on a circuit, its session's slot.
func (e *env) seat(t *testing.T, s daySeat) int64 {
	t.Helper()
	e.seq++
	if s.status == "" {
		s.status = "pending"
	}
	if s.mode == "" {
		s.mode = "circuit"
	}
	if s.placed == 0 {
		s.placed = 1
	}
	source, kind, product := "BOOKING", "PRODUCT", "Adult 10 min"
	if s.circuit == 0 {
		source, kind, product = "EVENT", "EVENT", "Night race"
	}
	local := s.at.In(madrid)
	total := int64(2900 * s.drivers)
	created := now.Add(-48 * time.Hour).UnixMilli()
	id := e.insertID(t, `INSERT INTO bookings (identifier, company_id, source, status, payment_mode, culture, contact_name,
		phone, email, original_total_cents, total_cents, booking_date, first_starts_at, places_booked, reference, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 'en-GB', ?, '+34600000002', 'day@example.com', ?, ?, ?, ?, ?, ?, ?, ?)`,
		fmt.Sprintf("DAY-%d-%04d", s.company.CompanyID, e.seq), s.company.CompanyID, source, s.status, s.mode, s.name, total, total,
		local.Format("2006-01-02"), s.at.UnixMilli(), s.placed, s.reference, created, created)
	line := e.insertID(t, `INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers, unit_price_cents,
		original_price_cents, total_cents) VALUES (?, ?, ?, ?, ?, ?, 2900, 2900, ?)`, id, s.company.Product, kind, product, s.drivers, s.drivers, total)
	if s.circuit != 0 {
		e.exec(t, `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date, local_time, product_id, places)
			VALUES (?, 0, ?, ?, ?, ?, ?, ?)`, line, s.circuit, s.at.UnixMilli(), local.Format("2006-01-02"), local.Format("15:04:05"),
			s.company.Product, s.drivers)
	}
	return id
}

func (e *env) today(t *testing.T, date string, as []string) todayAnswer {
	t.Helper()
	res := e.api.Do("GET", fmt.Sprintf("/api/admin/today?idCompany=%d&date=%s", e.a.CompanyID, date), nil, as...)
	if res.Status != http.StatusOK {
		t.Fatalf("today %s: %d %s", date, res.Status, res.Body)
	}
	var out todayAnswer
	if err := json.Unmarshal(res.Body, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkIn sends POST /api/admin/check-in (or undo-check-in) with the body's booking and the key.
func (e *env) checkIn(t *testing.T, path, booking, key string, as []string) (int, arrivalAnswer, errorAnswer) {
	t.Helper()
	headers := append([]string(nil), as...)
	if key != "" {
		headers = append(headers, "Idempotency-Key", key)
	}
	res := e.api.Do("POST", path, fmt.Sprintf(`{"idCompany":%d,%s}`, e.a.CompanyID, booking), headers...)
	var ok arrivalAnswer
	var bad errorAnswer
	if res.Status == http.StatusOK {
		if err := json.Unmarshal(res.Body, &ok); err != nil {
			t.Fatal(err)
		}
	} else if err := json.Unmarshal(res.Body, &bad); err != nil {
		t.Fatalf("%d %s: %v", res.Status, res.Body, err)
	}
	return res.Status, ok, bad
}

// TestTodayAndArrivals walks a Madrid day at the counter on both engines: the day's sessions in time
// order (one at 00:30 local, which is the day before in UTC, in; one at 23:30 the evening before, out),
// with their bookings, drivers, paid and due; cancelled bookings, unpaid online checkouts and another
// company's bookings left out; then arrival marks by a reference typed without the dash, repeated, made
// twice at once, replayed from an offline queue after an undo, refused on a cancelled booking and not
// found for another company's booking, each reflected in the day's counts.
func TestTodayAndArrivals(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		day := func(h, m int) time.Time { return time.Date(2026, 3, 15, h, m, 0, 0, madrid) }
		ten := e.seat(t, daySeat{company: e.a, circuit: e.a.Circuit, at: day(10, 0), drivers: 3, reference: "TDAY2345", name: "Ana"})
		tenPaid := e.seat(t, daySeat{company: e.a, circuit: e.a.Circuit, at: day(10, 0), drivers: 2, status: "pagada", mode: "online",
			reference: "TDAY2346", name: "Ben"})
		early := e.seat(t, daySeat{company: e.a, circuit: e.a.Circuit2, at: day(0, 30), drivers: 1, reference: "TDAY2347", name: "Cai"})
		e.seat(t, daySeat{company: e.a, circuit: e.a.Circuit, at: day(-1, 30), drivers: 4, reference: "TDAY2348", name: "Eve before"})
		cancelled := e.seat(t, daySeat{company: e.a, circuit: e.a.Circuit, at: day(10, 0), drivers: 5, status: "cancelada",
			reference: "TDAY2349", name: "Cancelled"})
		unpaid := e.seat(t, daySeat{company: e.a, circuit: e.a.Circuit, at: day(10, 0), drivers: 6, mode: "online", placed: -1,
			reference: "TDAY2352", name: "Checkout"})
		event := e.seat(t, daySeat{company: e.a, at: day(18, 0), drivers: 1, status: "pagada", mode: "online", reference: "TDAY2353", name: "Dee"})
		other := e.seat(t, daySeat{company: e.b, circuit: e.b.Circuit, at: day(10, 0), drivers: 2, reference: "TDAY2354", name: "bravo"})
		e.exec(t, `UPDATE bookings SET places_booked = 0 WHERE id = ?`, unpaid)

		got := e.today(t, "2026-03-15", e.desk)
		shape := func(a todayAnswer) string {
			s := fmt.Sprintf("%d/%d", a.ArrivedDrivers, a.ExpectedDrivers)
			for _, se := range a.Sessions {
				s += fmt.Sprintf(" | %s %s %s %d/%d:", se.LocalTime, se.Kind, se.Name, se.ArrivedDrivers, se.ExpectedDrivers)
				for _, b := range se.Bookings {
					s += fmt.Sprintf(" %s %s x%d paid %.2f due %.2f %s arrived=%v", b.Reference, b.Name, b.Drivers, b.Paid, b.Due, b.State, b.Arrived)
				}
			}
			return s
		}
		var circuit1, circuit2 string
		ctx := t.Context()
		if err := e.db.Read(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `SELECT name FROM circuits WHERE id = ?`, e.a.Circuit).Scan(&circuit1); err != nil {
				return err
			}
			return tx.QueryRow(ctx, `SELECT name FROM circuits WHERE id = ?`, e.a.Circuit2).Scan(&circuit2)
		}); err != nil {
			t.Fatal(err)
		}
		want := "0/7" +
			" | 00:30 session " + circuit2 + " 0/1: TDAY-2347 Cai x1 paid 0.00 due 29.00 pending arrived=false" +
			" | 10:00 session " + circuit1 + " 0/5: TDAY-2345 Ana x3 paid 0.00 due 87.00 pending arrived=false" +
			" TDAY-2346 Ben x2 paid 0.00 due 58.00 pagada arrived=false" +
			" | 18:00 event Night race 0/1: TDAY-2353 Dee x1 paid 0.00 due 29.00 pagada arrived=false"
		if s := shape(got); s != want {
			t.Fatalf("the day:\n got %s\nwant %s", s, want)
		}
		if got.Date != "2026-03-15" {
			t.Errorf("date %q", got.Date)
		}
		// The evening before holds the 23:30 session only.
		if s := shape(e.today(t, "2026-03-14", e.desk)); s != "0/4 | 23:30 session "+circuit1+" 0/4: TDAY-2348 Eve before x4 paid 0.00 due 116.00 pending arrived=false" {
			t.Errorf("the day before: %s", s)
		}

		// The counter marks Ana arrived by her reference typed in lower case without the dash.
		status, a, bad := e.checkIn(t, "/api/admin/check-in", `"reference":"tday2345"`, "", e.desk)
		if status != http.StatusOK || !a.Data.Arrived || a.Data.AlreadyArrived || a.Data.BookingID != ten ||
			a.Data.Reference != "TDAY-2345" || a.Data.ArrivedBy == nil || *a.Data.ArrivedBy != "desk@kart.example" || a.Data.Due != 87 {
			t.Fatalf("check-in: %d %+v %+v", status, a, bad)
		}
		// A second call: one arrival, answered alreadyArrived.
		status, a, _ = e.checkIn(t, "/api/admin/check-in", fmt.Sprintf(`"bookingId":%d`, ten), "", e.desk)
		if status != http.StatusOK || !a.Data.Arrived || !a.Data.AlreadyArrived {
			t.Errorf("second check-in: %d %+v", status, a)
		}
		arrivals := func(id int64) int64 {
			return e.count(t, `SELECT COUNT(*) FROM booking_arrivals WHERE booking_id = ?`, id)
		}
		audits := func(id int64, action string) int64 {
			return e.count(t, `SELECT COUNT(*) FROM audit_log a JOIN bookings b ON b.identifier = a.entity_id
				WHERE b.id = ? AND a.action = ?`, id, action)
		}
		if arrivals(ten) != 1 || audits(ten, "booking.arrived") != 1 {
			t.Errorf("after two marks: %d arrivals, %d audit entries", arrivals(ten), audits(ten, "booking.arrived"))
		}

		// Two counters mark Ben at once: one arrival, one of the two answered alreadyArrived.
		var wg sync.WaitGroup
		answers := make([]arrivalAnswer, 2)
		statuses := make([]int, 2)
		for i := range 2 {
			wg.Go(func() {
				statuses[i], answers[i], _ = e.checkIn(t, "/api/admin/check-in", `"reference":"TDAY-2346"`, fmt.Sprintf("tablet-%d", i), e.desk)
			})
		}
		wg.Wait()
		if statuses[0] != 200 || statuses[1] != 200 || answers[0].Data.AlreadyArrived == answers[1].Data.AlreadyArrived ||
			arrivals(tenPaid) != 1 || audits(tenPaid, "booking.arrived") != 1 {
			t.Errorf("two marks at once: %v %+v; %d arrivals, %d audit entries", statuses, answers, arrivals(tenPaid), audits(tenPaid, "booking.arrived"))
		}

		// A payment at the counter and the marks show in the day.
		if status, _, bad := e.pay(t, ten, "cash", 3000, "day-cash", e.desk); status != http.StatusOK {
			t.Fatalf("payment: %d %+v", status, bad)
		}
		want = "5/7" +
			" | 00:30 session " + circuit2 + " 0/1: TDAY-2347 Cai x1 paid 0.00 due 29.00 pending arrived=false" +
			" | 10:00 session " + circuit1 + " 5/5: TDAY-2345 Ana x3 paid 30.00 due 57.00 parcialmentepagada arrived=true" +
			" TDAY-2346 Ben x2 paid 0.00 due 58.00 pagada arrived=true" +
			" | 18:00 event Night race 0/1: TDAY-2353 Dee x1 paid 0.00 due 29.00 pagada arrived=false"
		if s := shape(e.today(t, "2026-03-15", e.desk)); s != want {
			t.Errorf("after the marks and the payment:\n got %s\nwant %s", s, want)
		}

		// An offline queue: Cai marked with a key, undone at the desk, then the queue replays its mark late.
		if status, a, _ := e.checkIn(t, "/api/admin/check-in", fmt.Sprintf(`"bookingId":%d`, early), "queue-1", e.desk); status != 200 || !a.Data.Arrived {
			t.Fatalf("queued mark: %d %+v", status, a)
		}
		status, a, _ = e.checkIn(t, "/api/admin/undo-check-in", `"reference":"tday-2347"`, "", e.desk)
		if status != http.StatusOK || a.Data.Arrived || !a.Data.AlreadyArrived || arrivals(early) != 0 || audits(early, "booking.arrival_undone") != 1 {
			t.Errorf("undo: %d %+v, %d arrivals", status, a, arrivals(early))
		}
		status, a, _ = e.checkIn(t, "/api/admin/check-in", fmt.Sprintf(`"bookingId":%d`, early), "queue-1", e.desk)
		if status != http.StatusOK || !a.Data.Replayed || !a.Data.AlreadyArrived || a.Data.Arrived || arrivals(early) != 0 {
			t.Errorf("the late replay marked again what was undone: %d %+v, %d arrivals", status, a, arrivals(early))
		}
		// Undoing what is not marked changes nothing.
		if status, a, _ := e.checkIn(t, "/api/admin/undo-check-in", fmt.Sprintf(`"bookingId":%d`, early), "", e.desk); status != 200 || a.Data.AlreadyArrived {
			t.Errorf("second undo: %d %+v", status, a)
		}
		// The queue's key for another booking is refused.
		if status, _, bad := e.checkIn(t, "/api/admin/check-in", fmt.Sprintf(`"bookingId":%d`, event), "queue-1", e.desk); status != http.StatusConflict {
			t.Errorf("key reused for another booking: %d %+v", status, bad)
		}

		// Refusals, each writing nothing.
		for _, c := range []struct {
			name, body string
			want       int
		}{
			{"cancelled", fmt.Sprintf(`"bookingId":%d`, cancelled), http.StatusUnprocessableEntity},
			{"online checkout not paid", fmt.Sprintf(`"bookingId":%d`, unpaid), http.StatusUnprocessableEntity},
			{"another company's booking by id", fmt.Sprintf(`"bookingId":%d`, other), http.StatusNotFound},
			{"another company's booking by reference", `"reference":"TDAY-2354"`, http.StatusNotFound},
			{"no booking named", `"reference":""`, http.StatusUnprocessableEntity},
			{"not a reference", `"reference":"TDAY"`, http.StatusUnprocessableEntity},
		} {
			if status, _, bad := e.checkIn(t, "/api/admin/check-in", c.body, "", e.desk); status != c.want {
				t.Errorf("%s: %d %+v; want %d", c.name, status, bad, c.want)
			}
		}
		if n := e.count(t, `SELECT COUNT(*) FROM booking_arrivals WHERE booking_id IN (?, ?, ?)`, cancelled, unpaid, other); n != 0 {
			t.Errorf("%d arrivals written by refused marks", n)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ?`, e.b.CompanyID); n != 0 {
			t.Errorf("company B's audit log has %d entries", n)
		}
		// A bad date is refused.
		if res := e.api.Do("GET", fmt.Sprintf("/api/admin/today?idCompany=%d&date=15-03-2026", e.a.CompanyID), nil, e.desk...); res.Status != http.StatusBadRequest {
			t.Errorf("bad date: %d %s", res.Status, res.Body)
		}
	})
}

// TestLiveSignalsTheCompanysWrites: a Today view's socket (GET /api/admin/live, as the counter member)
// hears "changed" when a write of its company succeeds, here an arrival mark; a plain GET says the
// socket is served there, and another site's page may not open it.
func TestLiveSignalsTheCompanysWrites(t *testing.T) {
	t.Parallel()
	e := newEnv(t, store.SQLite, nil)
	booking := e.seedDue(t, "pending")
	live := fmt.Sprintf("/api/admin/live?idCompany=%d", e.a.CompanyID)
	if res := e.api.Do("GET", live, nil, e.desk...); res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"available":true`) {
		t.Fatalf("plain GET: %d %s", res.Status, res.Body)
	}
	ctx := t.Context()
	url := "ws" + strings.TrimPrefix(e.srv.URL, "http") + live
	headers := http.Header{"Authorization": {e.desk[1]}}
	if _, res, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {e.desk[1]},
		"Origin": {"https://elsewhere.example"}}}); err == nil || res == nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("another site's page opened the socket: %v %v", res, err)
	}
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: headers})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	got := make(chan string, 1)
	go func() {
		_, b, err := c.Read(ctx)
		if err == nil {
			got <- string(b)
		}
	}()
	// The socket joins the hub just after its handshake: mark and undo until the signal comes (the first
	// mark may come before the join; one after it must be heard).
	for i := 0; ; i++ {
		path := "/api/admin/check-in"
		if i%2 == 1 {
			path = "/api/admin/undo-check-in"
		}
		if status, _, bad := e.checkIn(t, path, fmt.Sprintf(`"bookingId":%d`, booking), "", e.desk); status != http.StatusOK {
			t.Fatalf("%s: %d %+v", path, status, bad)
		}
		select {
		case m := <-got:
			if m != `{"type":"changed"}` {
				t.Fatalf("the socket said %s", m)
			}
			return
		case <-time.After(100 * time.Millisecond):
		case <-ctx.Done():
			t.Fatal("no change signal before the test's deadline")
		}
	}
}
