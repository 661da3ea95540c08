package opstest

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// pair is two instances of the built binary on one PostgreSQL database, both delivering mail to
// the same SMTP double.
type pair struct {
	dbURL  string
	keys   map[string]string
	admins map[string][2]string
	box    *mailbox
	in     [2]*instance
}

// startPair seeds the demo on a new database and starts two instances at the same moment. With
// queue > 0, an instance without a mail server first makes that many bookings and stops, so their
// mails wait in the outbox for both workers to start on them together; it returns those bookings.
func startPair(t *testing.T, queue int) (*pair, []booked) {
	t.Helper()
	p := &pair{dbURL: postgresURL(t)}
	d := seedDemo(t, p.dbURL)
	p.keys, p.admins = d.keys, d.admins
	var queued []booked
	if queue > 0 {
		quiet := startInstance(t, baseEnv(p.dbURL))
		queued = bookMany(t, []*instance{quiet}, p.keys["Fjord Karting"], queue, 20, "queued")
		if code := quiet.term(t); code != 0 {
			t.Fatalf("exit %d:\n%s", code, quiet.log.String())
		}
	}
	p.box = startMailbox(t)
	env := baseEnv(p.dbURL)
	env["PITLANE_SMTP_URL"] = p.box.url
	for i := range p.in {
		p.in[i] = launchInstance(t, env)
	}
	for _, in := range p.in {
		in.waitReady(t)
	}
	return p, queued
}

// bookMany makes n one-driver bookings at the company paid at the circuit, spread over the instances
// and over sessions from daysAhead days on; each contact address starts with tag.
func bookMany(t *testing.T, ins []*instance, key string, n, daysAhead int, tag string) []booked {
	t.Helper()
	first, err := newVisitor(ins[0].base, key, 0)
	if err != nil {
		t.Fatal(err)
	}
	product, err := first.product()
	if err != nil {
		t.Fatal(err)
	}
	sessions, err := first.freeSessions(product, daysAhead, 2, n)
	if err != nil {
		t.Fatal(err)
	}
	var out []booked
	var mu sync.Mutex
	base := int(time.Now().UnixNano() % 1000000)
	parallel(t, n, 6, func(i int) error {
		v, err := newVisitor(ins[i%len(ins)].base, key, base+i)
		if err != nil {
			return err
		}
		b, err := v.book(product, sessions[i%len(sessions)], fmt.Sprintf("%s-%d-%d@example.com", tag, base, i), 1)
		if err != nil {
			return err
		}
		mu.Lock()
		out = append(out, b)
		mu.Unlock()
		return nil
	})
	return out
}

// TestTwoInstances runs the customer-side checks of issue 17 "Two instances, one database" on two
// built binaries sharing one throwaway PostgreSQL database.
func TestTwoInstances(t *testing.T) {
	t.Parallel()
	p, queued := startPair(t, 30)
	db := openDB(t, p.dbURL)
	t.Run("each mail once", func(t *testing.T) { testEachMailOnce(t, p, db, queued) })
	t.Run("last places race", func(t *testing.T) { testLastPlacesRace(t, p, db) })
	t.Run("live viewers", func(t *testing.T) { testLiveViewers(t, p) })
}

// testLastPlacesRace: 200 visitors split over both instances race for the last 3 places of a
// session, 20 times over: exactly 3 holds each time, the others told the session is full (421), no
// server error.
func testLastPlacesRace(t *testing.T, p *pair, db *sql.DB) {
	const visitors, rounds, last = 200, 20, 3
	setup, err := newVisitor(p.in[0].base, p.keys["Fjord Karting"], 500000)
	if err != nil {
		t.Fatal(err)
	}
	product, err := setup.product()
	if err != nil {
		t.Fatal(err)
	}
	sessions, err := setup.freeSessions(product, 5, last+2, rounds)
	if err != nil || len(sessions) < rounds {
		t.Fatalf("%d sessions with room: %v", len(sessions), err)
	}
	// The visitors, each with a cart, half on each instance.
	vs := make([]*visitor, visitors)
	carts := make([]string, visitors)
	parallel(t, visitors, 32, func(i int) error {
		v, err := newVisitor(p.in[i%2].base, p.keys["Fjord Karting"], 600000+i)
		if err == nil {
			vs[i] = v
			carts[i], err = v.cart()
		}
		return err
	})
	started := time.Now()
	for r, s := range sessions[:rounds] {
		// The session gets a row with one place held by the setup visitor; then all but 3 of the rest
		// are booked (as if sold earlier).
		cart, err := setup.cart()
		if err == nil {
			_, err = setup.hold(cart, product, s, 1)
		}
		if err != nil {
			t.Fatalf("round %d: setup hold: %v", r, err)
		}
		res, err := db.Exec(rebind(p.dbURL, `UPDATE slots SET booked = capacity - held - ? WHERE local_date = ? AND local_time = ? AND held = 1`),
			last, s.Date, s.StartTime)
		if n, _ := res.RowsAffected(); err != nil || n != 1 {
			t.Fatalf("round %d: set the session to %d free places: %d rows, %v", r, last, n, err)
		}

		statuses := map[int]int{}
		var mu sync.Mutex
		var won []int
		gate := make(chan struct{})
		var wg sync.WaitGroup
		for i, v := range vs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-gate
				_, err := v.hold(carts[i], product, s, 1)
				code := http.StatusCreated
				var ae *apiError
				if errors.As(err, &ae) {
					code = ae.status
				} else if err != nil {
					code = -1
				}
				mu.Lock()
				statuses[code]++
				if err == nil {
					won = append(won, i)
				}
				mu.Unlock()
			}()
		}
		close(gate)
		wg.Wait()
		holds := count(t, db, p.dbURL, `SELECT COUNT(*) FROM hold_slots hs JOIN slots s ON s.circuit_id = hs.circuit_id AND s.starts_at = hs.starts_at
			WHERE s.local_date = ? AND s.local_time = ?`, s.Date, s.StartTime) - 1
		var capacity, booked, held int
		if err := db.QueryRow(rebind(p.dbURL, `SELECT capacity, booked, held FROM slots WHERE local_date = ? AND local_time = ? AND held > 0`),
			s.Date, s.StartTime).Scan(&capacity, &booked, &held); err != nil {
			t.Fatal(err)
		}
		if holds != last || statuses[http.StatusCreated] != last || statuses[http.StatusMisdirectedRequest] != visitors-last ||
			booked+held != capacity {
			t.Errorf("round %d (%s %s): %d holds in the database, answers by status %v; session capacity %d, booked %d, held %d",
				r, s.Date, s.StartTime, holds, statuses, capacity, booked, held)
		}
		// The winners' carts now hold a place: they get fresh ones for the next round.
		for _, i := range won {
			if carts[i], err = vs[i].cart(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d rounds of %d visitors over 2 instances in %v", rounds, visitors, time.Since(started).Round(time.Millisecond))
}

// parallel runs fn(0..n-1) on up to width goroutines and fails the test on the first error.
func parallel(t *testing.T, n, width int, fn func(i int) error) {
	t.Helper()
	sem := make(chan struct{}, width)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := fn(i); err != nil {
				errs <- fmt.Errorf("%d: %w", i, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// testEachMailOnce: the mails of the bookings made before the instances started, and of bookings
// made through both while they run, are each delivered exactly once by the two outbox workers.
func testEachMailOnce(t *testing.T, p *pair, db *sql.DB, queued []booked) {
	more := bookMany(t, p.in[:], p.keys["Fjord Karting"], 12, 25, "twice")
	checkAcknowledged(t, db, p.dbURL, append(queued, more...))
	if rows := outbox(t, db); len(rows) < len(queued)+len(more) {
		t.Fatalf("%d mails queued for %d bookings", len(rows), len(queued)+len(more))
	}
	p.box.waitDelivered(t, func() []outboxMail { return outbox(t, db) }, patience(t))
	for i, in := range p.in {
		t.Logf("instance %d sent %d mails", i+1, strings.Count(in.log.String(), `msg="e-mail sent"`))
	}
}

// testLiveViewers: a viewer of a booking page on instance 1 and one of the same page on instance 2
// are each told of the other (the hub shares joins through PostgreSQL).
func testLiveViewers(t *testing.T, p *pair) {
	ctx, cancel := context.WithTimeout(context.Background(), patience(t))
	defer cancel()
	key := "booking" + p.keys["Vättern Karting"]
	if p.keys["Vättern Karting"] == "" {
		key = "booking" + p.keys["Fjord Karting"]
	}
	conns := make([]*websocket.Conn, 2)
	for i, in := range p.in {
		c, _, err := websocket.Dial(ctx, strings.Replace(in.base, "http://", "ws://", 1)+"/ws",
			&websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {fmt.Sprintf("10.200.0.%d", i+1)}}})
		if err != nil {
			t.Fatalf("instance %d: %v", i+1, err)
		}
		defer c.CloseNow()
		msg, _ := json.Marshal(map[string]any{"type": "setUserEvent", "data": map[string]string{"user": fmt.Sprintf("viewer%d", i+1), "key": key}})
		if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
			t.Fatal(err)
		}
		conns[i] = c
	}
	for i, c := range conns {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("viewer on instance %d heard nothing: %v", i+1, err)
		}
		var m struct {
			Type string `json:"type"`
			Data struct {
				Key string `json:"key"`
			} `json:"data"`
		}
		if err := json.Unmarshal(b, &m); err != nil || m.Type != "showEvent" || m.Data.Key != key {
			t.Errorf("viewer on instance %d got %s, want showEvent for %s", i+1, b, key)
		}
	}
}
