package sessions_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
)

// 200 visitors race for the last 3 places of a session: exactly 3 win, 197 are told 421, nobody sees
// a 5xx or a database error; the rows agree. Repeated 20 times, on both engines.
func TestLastPlacesRace(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{Capacity: 12})
		e.setMaxSlots(t, 100) // each cart races in every round: this test is about places, not maxSlotsBooking
		const visitors, free = 200, 3
		carts := make([]string, visitors)
		for i := range carts {
			carts[i] = e.cart(t)
		}
		for round := 0; round < 20; round++ {
			slot := at(fmt.Sprintf("%02d:%02d", 10+round/4, (round%4)*15))
			// Fill the session up to its last 3 places.
			if code, body := e.hold(t, "filler-visitor", e.cart(t), sessions.KindProduct, e.fix.Product, 12-free, slot); code != 201 {
				t.Fatalf("round %d: filler got %d %v", round, code, body)
			}
			codes := make([]int, visitors)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := 0; i < visitors; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					<-start
					codes[i], _ = e.hold(t, visitor(i), carts[i], sessions.KindProduct, e.fix.Product, 1, slot)
				}(i)
			}
			close(start)
			wg.Wait()
			count := map[int]int{}
			for _, c := range codes {
				count[c]++
			}
			if count[201] != free || count[421] != visitors-free || len(count) != 2 {
				t.Fatalf("round %d: statuses %v, want %d×201 and %d×421", round, count, free, visitors-free)
			}
			if n := e.livePlaces(t, e.fix.Circuit, slot); n != 12 {
				t.Fatalf("round %d: %d places held in rows, want 12", round, n)
			}
		}
	})
}

// 500 mixed requests (1–4 drivers, single sessions, packs, limited stock) over 5 sessions: held plus
// booked never exceeds capacity in any session and stock is never oversold.
func TestMixedRequestsNeverOverbook(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		const capacity = 10
		e := newEnv(t, db, storetest.FixtureOptions{Capacity: capacity})
		// Five sessions 30 minutes apart; the pack (gapSlots 1 at 15-minute intervals) takes sessions
		// 0,1,2 or 1,2,3 or 2,3,4 alternating between the two circuits.
		slots := []string{at("12:00"), at("12:30"), at("13:00"), at("13:30"), at("14:00")}
		const n = 500
		var wg sync.WaitGroup
		statuses := make([]int, n)
		start := make(chan struct{})
		for i := 0; i < n; i++ {
			cart := e.cart(t)
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				r := rand.New(rand.NewPCG(uint64(i), 7))
				drivers := 1 + r.IntN(4)
				<-start
				switch i % 3 {
				case 0:
					k := r.IntN(3)
					statuses[i], _ = e.hold(t, visitor(i), cart, sessions.KindPack, e.fix.Pack, drivers, slots[k], slots[k+1], slots[k+2])
				case 1:
					statuses[i], _ = e.hold(t, visitor(i), cart, sessions.KindProduct, e.fix.Limited, drivers, slots[r.IntN(5)])
				default:
					a := r.IntN(5)
					b := (a + 1 + r.IntN(4)) % 5
					statuses[i], _ = e.hold(t, visitor(i), cart, sessions.KindProduct, e.fix.Product, drivers, slots[a], slots[b])
				}
			}(i)
		}
		close(start)
		wg.Wait()
		count := map[int]int{}
		for _, c := range statuses {
			count[c]++
			if c >= 500 || (c != 201 && c != 421) {
				t.Errorf("unexpected status %d", c)
			}
		}
		if count[201] == 0 || count[421] == 0 {
			t.Fatalf("the race should have winners and losers: %v", count)
		}
		for _, c := range []int64{e.fix.Circuit, e.fix.Circuit2} {
			for _, s := range slots {
				if got := e.livePlaces(t, c, s); got > capacity {
					t.Errorf("circuit %d %s: %d places taken of %d", c, s, got, capacity)
				}
			}
		}
		used, err := db.Holds().StockUsed(t.Context(), e.fix.Limited, sessions.KindProduct, e.clk.Now())
		if err != nil {
			t.Fatal(err)
		}
		if used > storetest.FixtureStock {
			t.Errorf("stock oversold: %d of %d", used, storetest.FixtureStock)
		}
		t.Logf("statuses %v; limited stock used %d/%d", count, used, storetest.FixtureStock)
	})
}

// A release racing the expiry of the same hold, with new holds arriving at the same time, leaves every
// place counted once: the newcomers get exactly the places that existed.
func TestReleaseRacingExpiry(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{Capacity: 4})
		slot := at("15:00")
		cartA := e.cart(t)
		code, body := e.hold(t, "visitor-a-000", cartA, sessions.KindProduct, e.fix.Product, 4, slot)
		if code != 201 {
			t.Fatalf("%d %v", code, body)
		}
		id := body["prebookingIdentifier"].(string)
		e.clk.Advance(10*time.Minute + time.Millisecond) // expired, nobody swept it
		carts := []string{e.cart(t), e.cart(t), e.cart(t), e.cart(t), e.cart(t), e.cart(t)}
		var wg sync.WaitGroup
		codes := make([]int, len(carts))
		for i := range carts {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				codes[i], _ = e.hold(t, visitor(i), carts[i], sessions.KindProduct, e.fix.Product, 1, slot)
			}(i)
		}
		for i := 0; i < 3; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := e.svc.Release(t.Context(), cartA, id); err != nil {
					t.Errorf("release: %v", err)
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := e.svc.Housekeep(t.Context(), 0); err != nil {
				t.Errorf("housekeep: %v", err)
			}
		}()
		wg.Wait()
		won := 0
		for _, c := range codes {
			if c == 201 {
				won++
			}
		}
		if won != 4 {
			t.Fatalf("4 places were free after the expiry; %d newcomers got one (%v)", won, codes)
		}
		if got := e.livePlaces(t, e.fix.Circuit, slot); got != 4 {
			t.Fatalf("%d places counted, want 4", got)
		}
	})
}

// A hold that finds the session full, while another transaction is releasing places on it, waits for
// that transaction and then takes a place it freed: the customer is not told "full" about a session
// with places. PostgreSQL only (SQLite runs one writer at a time, so the two cannot interleave): the
// releasing transaction is held open until the newcomer is seen waiting on the session's row lock.
func TestHoldWaitingOnARelease(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.Postgres)
	e := newEnv(t, db, storetest.FixtureOptions{Capacity: 4})
	slot := at("16:00")
	code, body := e.hold(t, "visitor-a-000", e.cart(t), sessions.KindProduct, e.fix.Product, 4, slot)
	if code != 201 {
		t.Fatalf("%d %v", code, body)
	}
	identifier := body["prebookingIdentifier"].(string)
	newcomerCart := e.cart(t)

	locked, proceed, released := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		// What a release does, in one transaction: the slot's row locked first, then — once the newcomer
		// waits for that row — the hold's places taken out of the counter and the hold marked released.
		released <- db.Write(context.Background(), func(tx *store.Tx) error {
			var holdID, circuitID, startsAt int64
			if err := tx.QueryRow(context.Background(), `SELECT h.id, hs.circuit_id, hs.starts_at FROM holds h
				JOIN hold_slots hs ON hs.hold_id = h.id WHERE h.identifier = ?`, identifier).Scan(&holdID, &circuitID, &startsAt); err != nil {
				return err
			}
			if _, err := tx.Exec(context.Background(), `SELECT 1 FROM slots WHERE circuit_id = ? AND starts_at = ? FOR UPDATE`,
				circuitID, startsAt); err != nil {
				return err
			}
			close(locked)
			<-proceed
			for _, s := range []struct {
				sql  string
				args []any
			}{
				{`UPDATE hold_slots SET counted = 0 WHERE hold_id = ?`, []any{holdID}},
				{`UPDATE slots SET held = held - 4 WHERE circuit_id = ? AND starts_at = ?`, []any{circuitID, startsAt}},
				{`UPDATE holds SET released_at = ? WHERE id = ?`, []any{e.clk.Now().UnixMilli(), holdID}},
			} {
				if _, err := tx.Exec(context.Background(), s.sql, s.args...); err != nil {
					return err
				}
			}
			return nil
		})
	}()
	select {
	case <-locked:
	case err := <-released:
		t.Fatalf("the release's transaction ended before the newcomer came: %v", err)
	}

	newcomer := make(chan int, 1)
	go func() {
		code, _ := e.hold(t, "visitor-b-000", newcomerCart, sessions.KindProduct, e.fix.Product, 1, slot)
		newcomer <- code
	}()
	// The newcomer has found the counter full and waits for the slot's row: another backend of this
	// database waiting on a lock.
	testwait.Until(t, 10*time.Millisecond, "the newcomer's hold waiting on the session's row lock", func() bool {
		var waiting int
		err := db.Read(context.Background(), func(tx *store.Tx) error {
			return tx.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
				WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting)
		})
		return err == nil && waiting > 0
	})
	close(proceed)
	if err := testwait.Receive(t, released, "the release's commit"); err != nil {
		t.Fatal(err)
	}
	if code := testwait.Receive(t, newcomer, "the newcomer's answer"); code != 201 {
		t.Fatalf("the newcomer got %d for a session whose 4 places had just been released, want 201", code)
	}
	if got := e.livePlaces(t, e.fix.Circuit, slot); got != 1 {
		t.Fatalf("%d places counted, want the newcomer's 1", got)
	}
}
