package opstest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pitlane/internal/payment/simulated"
)

// TestCrashSafety kills the real binary with SIGKILL in the middle of a booking burst and restarts it
// on the same database, on SQLite and on PostgreSQL (issue 17, "Crash safety").
func TestCrashSafety(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		testCrash(t, "sqlite:"+filepath.Join(t.TempDir(), "pitlane.db"))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		testCrash(t, postgresURL(t))
	})
}

// crashBurst is the booking burst of a crash test: workers book until the server stops answering.
type crashBurst struct {
	mu       sync.Mutex
	acked    []booked
	errs     []string // answers no crash explains: 5xx, or 4xx other than a full session
	attempts atomic.Int64
	visitor  atomic.Int64
}

func (b *crashBurst) ack(x booked) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.acked = append(b.acked, x)
	return len(b.acked)
}

func (b *crashBurst) online() []booked {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.onlineLocked()
}

func (b *crashBurst) onlineLocked() []booked {
	var out []booked
	for _, x := range b.acked {
		if x.payRef != "" {
			out = append(out, x)
		}
	}
	return out
}

func testCrash(t *testing.T, dbURL string) {
	keys := seedDemo(t, dbURL).keys
	box := startMailbox(t)
	env := baseEnv(dbURL)
	env["PITLANE_SMTP_URL"] = box.url
	in := startInstance(t, env)
	db := openDB(t, dbURL)

	// Two companies: Fjord (paid at the circuit) and Norte (paid online through the simulated provider).
	type target struct {
		key      string
		product  int64
		sessions []session
	}
	var targets []target
	for _, name := range []string{"Fjord Karting", "Circuito Norte"} {
		v, err := newVisitor(in.base, keys[name], 0)
		if err != nil {
			t.Fatal(err)
		}
		p, err := v.product()
		if err != nil {
			t.Fatal(err)
		}
		ss, err := v.freeSessions(p, 3, 4, 6)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		targets = append(targets, target{keys[name], p, ss})
	}

	// The burst: 6 workers, each booking 1 or 2 drivers in turn at Fjord and (every third booking) Norte,
	// a few sessions each so that some fill up, until the server stops answering.
	burst := &crashBurst{}
	enough := make(chan struct{})
	var enoughOnce sync.Once
	var workers sync.WaitGroup
	for w := 0; w < 6; w++ {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for {
				n := int(burst.visitor.Add(1))
				tg := targets[0]
				if n%3 == 0 {
					tg = targets[1]
				}
				v, err := newVisitor(in.base, tg.key, n)
				var x booked
				if err == nil {
					x, err = v.book(tg.product, tg.sessions[n%len(tg.sessions)], fmt.Sprintf("crash-%d@example.com", n), 1+n%2)
				}
				burst.attempts.Add(1)
				var ae *apiError
				switch {
				case err == nil:
					if burst.ack(x) >= 20 && len(burst.online()) >= 2 {
						enoughOnce.Do(func() { close(enough) })
					}
				case errors.As(err, &ae) && ae.status == 0:
					return // the server is gone
				case errors.As(err, &ae) && ae.status == http.StatusMisdirectedRequest:
					// 421: the session is full, as it should be at some point
				default:
					burst.mu.Lock()
					burst.errs = append(burst.errs, err.Error())
					burst.mu.Unlock()
				}
			}
		}()
	}
	burstStart := time.Now()
	limit := time.NewTimer(patience(t))
	select {
	case <-enough:
		limit.Stop()
	case <-limit.C:
		burst.mu.Lock()
		defer burst.mu.Unlock()
		t.Fatalf("the burst got too few bookings in %v: %d acknowledged, %d online; errors: %.2000v",
			time.Since(burstStart).Round(time.Second), len(burst.acked), len(burst.onlineLocked()), burst.errs)
	}

	// A payment notification arrives just as the server dies; the provider will retry it.
	paid := burst.online()[0]
	var paymentID, amount int64
	if err := db.QueryRow(rebind(dbURL, `SELECT id, amount_cents FROM payments WHERE provider = 'simulated' AND provider_ref = ?`),
		paid.payRef).Scan(&paymentID, &amount); err != nil {
		t.Fatal(err)
	}
	notification, _ := json.Marshal(simulated.Body{ID: "evt_opstest_" + paid.payRef, Type: simulated.TypeApproved,
		Ref: paid.payRef, PaymentID: paymentID, AmountCents: amount, Created: time.Now().Unix()})
	firstDelivery := make(chan error, 1)
	go func() { _, err := notify(in.base, notification); firstDelivery <- err }()
	in.kill(t)
	workers.Wait()
	<-firstDelivery // applied or not: the server died around it
	t.Logf("killed after %d attempts, %d acknowledged bookings (%d online)", burst.attempts.Load(), len(burst.acked), len(burst.online()))
	if len(burst.errs) > 0 {
		t.Errorf("answers before the kill that no crash explains: %v", burst.errs)
	}
	queued := 0
	for _, m := range outbox(t, db) {
		if m.status != "sent" {
			queued++
		}
	}
	if queued == 0 {
		t.Fatal("no mail was waiting in the outbox at the kill: the test proves nothing about delivery after it")
	}

	// Restart on the same database.
	in = startInstance(t, env)
	checkAcknowledged(t, db, dbURL, burst.acked)
	checkCapacity(t, db)

	// The provider retries its notification: it is applied once.
	dup, err := notify(in.base, notification)
	if err != nil {
		t.Fatalf("notification retried after the restart: %v", err)
	}
	if n := count(t, db, dbURL, `SELECT COUNT(*) FROM payment_entries WHERE payment_id = ? AND kind = 'charge'`, paymentID); n != 1 {
		t.Errorf("%d charge entries for the payment (retry said duplicate=%v), want 1", n, dup)
	}
	var status, payStatus string
	if err := db.QueryRow(rebind(dbURL, `SELECT b.status, p.status FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE p.id = ?`),
		paymentID).Scan(&status, &payStatus); err != nil || status != "pagada" || payStatus != "approved" {
		t.Errorf("after the notification: booking %q, payment %q, %v; want pagada, approved", status, payStatus, err)
	}

	// The restarted server books again, and every mail (those queued before the kill included)
	// arrives exactly once.
	// (A session with a free place now: the burst may have filled the ones it used.)
	v, err := newVisitor(in.base, targets[0].key, 999999)
	if err == nil {
		var free []session
		if free, err = v.freeSessions(targets[0].product, 1, 1, 1); err == nil {
			var x booked
			if x, err = v.book(targets[0].product, free[0], "crash-after@example.com", 1); err == nil {
				checkAcknowledged(t, db, dbURL, []booked{x})
			}
		}
	}
	if err != nil {
		t.Errorf("booking after the restart: %v", err)
	}
	box.waitDelivered(t, func() []outboxMail { return outbox(t, db) }, patience(t))
	checkCapacity(t, db)
}

// notify posts a simulated-provider notification signed as the provider signs it and reports whether
// the server said it was a duplicate.
func notify(base string, body []byte) (duplicate bool, err error) {
	req, _ := http.NewRequest("POST", base+simulated.NotifyPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(simulated.SignatureHeader, simulated.Sign(paymentSecret, time.Now(), body))
	res, err := httpClient.Do(req)
	if err != nil {
		return false, err
	}
	defer res.Body.Close()
	var ack struct {
		Received  bool `json:"received"`
		Duplicate bool `json:"duplicate"`
	}
	if err := json.NewDecoder(res.Body).Decode(&ack); err != nil || res.StatusCode != 200 || !ack.Received {
		return false, fmt.Errorf("notification answered %d %+v %v", res.StatusCode, ack, err)
	}
	return ack.Duplicate, nil
}
