package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

var outboxNow = time.Date(2026, 5, 9, 10, 0, 0, 0, time.UTC)

func testMessage(i int) notify.Message {
	return notify.Message{Kind: notify.KindBookingConfirmation, Culture: "es-ES", To: fmt.Sprintf("c%d@example.com", i),
		Subject: fmt.Sprintf("Reserva %d", i), Text: "texto", HTML: "<p>html</p>",
		Attachments: []notify.Attachment{{Name: "booking.ics", ContentType: "text/calendar", Data: []byte("BEGIN:VCALENDAR\r\n")}}}
}

func enqueue(t *testing.T, db *store.DB, n int, now time.Time) {
	t.Helper()
	err := db.Write(context.Background(), func(tx *store.Tx) error {
		for i := 0; i < n; i++ {
			if err := tx.EnqueueEmail(context.Background(), testMessage(i), now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A message written in a transaction that rolls back (the booking failed) is never sent.
func TestEnqueueRollsBackWithItsTransaction(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		boom := errors.New("booking failed")
		err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.EnqueueEmail(ctx, testMessage(1), outboxNow); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if list, _ := db.Outbox().RecentEmails(ctx, 10); len(list) != 0 {
			t.Fatalf("%d messages after a rollback", len(list))
		}
		got, err := db.Outbox().ClaimEmails(ctx, outboxNow.Add(time.Hour), time.Minute, 10)
		if err != nil || len(got) != 0 {
			t.Fatalf("claimed %d after a rollback (%v)", len(got), err)
		}
	})
}

// A message is stored as given, attachments included, and read back whole by id; the list is newest
// first; the stats count it.
func TestOutboxStoresMessages(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		m := testMessage(7)
		m.CompanyID = f.CompanyID
		if err := db.Write(ctx, func(tx *store.Tx) error { return tx.EnqueueEmail(ctx, m, outboxNow) }); err != nil {
			t.Fatal(err)
		}
		enqueue(t, db, 1, outboxNow.Add(time.Second))
		list, err := db.Outbox().RecentEmails(ctx, 10)
		if err != nil || len(list) != 2 {
			t.Fatalf("list: %d, %v", len(list), err)
		}
		if list[0].Message.To != "c0@example.com" || list[1].Message.To != "c7@example.com" {
			t.Errorf("not newest first: %s, %s", list[0].Message.To, list[1].Message.To)
		}
		e, err := db.Outbox().OutboxEmail(ctx, list[1].ID)
		if err != nil {
			t.Fatal(err)
		}
		if e.Status != notify.StatusPending || e.Message.CompanyID != f.CompanyID || e.Message.Culture != "es-ES" ||
			e.Message.HTML != "<p>html</p>" || len(e.Message.Attachments) != 1 ||
			string(e.Message.Attachments[0].Data) != "BEGIN:VCALENDAR\r\n" || !e.CreatedAt.Equal(outboxNow) {
			t.Errorf("read back: %+v", e)
		}
		if _, err := db.Outbox().OutboxEmail(ctx, 9999); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("a missing message: %v, want not found", err)
		}
		st, err := db.Outbox().OutboxStats(ctx)
		if err != nil || st.Pending != 2 || st.OldestDue == nil || !st.OldestDue.Equal(outboxNow) {
			t.Errorf("stats %+v, %v", st, err)
		}
	})
}

// Two workers claiming at the same time never get the same message: every message is claimed exactly
// once, counted in the rows the claims returned and in the table.
func TestClaimIsExclusive(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		const total = 60
		enqueue(t, db, total, outboxNow)
		var mu sync.Mutex
		seen := map[int64]int{}
		var wg sync.WaitGroup
		for w := 0; w < 4; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					got, err := db.Outbox().ClaimEmails(ctx, outboxNow, 5*time.Minute, 3)
					if err != nil {
						t.Error(err)
						return
					}
					if len(got) == 0 {
						return
					}
					mu.Lock()
					for _, o := range got {
						seen[o.ID]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(seen) != total {
			t.Fatalf("%d distinct messages claimed, want %d", len(seen), total)
		}
		for id, n := range seen {
			if n != 1 {
				t.Errorf("message %d claimed %d times", id, n)
			}
		}
		st, _ := db.Outbox().OutboxStats(ctx)
		if st.Sending != total || st.Pending != 0 {
			t.Errorf("stats after claiming: %+v", st)
		}
	})
}

// A claimed message is not claimed again while leased; when the lease runs out (its worker died)
// another worker takes it; a failed attempt waits until its next attempt; a sent one is done.
func TestLeaseRetryAndSent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		enqueue(t, db, 1, outboxNow)
		claim := func(at time.Time) []notify.Outgoing {
			t.Helper()
			got, err := db.Outbox().ClaimEmails(ctx, at, 5*time.Minute, 10)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		first := claim(outboxNow)
		if len(first) != 1 || first[0].Attempts != 1 || first[0].Message.Subject != "Reserva 0" ||
			len(first[0].Message.Attachments) != 1 {
			t.Fatalf("first claim: %+v", first)
		}
		if got := claim(outboxNow.Add(4 * time.Minute)); len(got) != 0 {
			t.Fatal("claimed again while leased")
		}
		again := claim(outboxNow.Add(5 * time.Minute))
		if len(again) != 1 || again[0].Attempts != 2 {
			t.Fatalf("not reclaimed after the lease ran out: %+v", again)
		}
		id := again[0].ID
		at := outboxNow.Add(5 * time.Minute)
		if err := db.Outbox().MarkEmailFailed(ctx, id, "dial tcp: connection refused", at.Add(5*time.Minute), false); err != nil {
			t.Fatal(err)
		}
		e, _ := db.Outbox().OutboxEmail(ctx, id)
		if e.Status != notify.StatusPending || e.LastError != "dial tcp: connection refused" || !e.NextAttemptAt.Equal(at.Add(5*time.Minute)) {
			t.Fatalf("after a failure: %+v", e)
		}
		if got := claim(at.Add(4 * time.Minute)); len(got) != 0 {
			t.Fatal("claimed before its next attempt")
		}
		if got := claim(at.Add(5 * time.Minute)); len(got) != 1 {
			t.Fatal("not claimed at its next attempt")
		}
		if err := db.Outbox().MarkEmailSent(ctx, id, at.Add(6*time.Minute)); err != nil {
			t.Fatal(err)
		}
		e, _ = db.Outbox().OutboxEmail(ctx, id)
		if e.Status != notify.StatusSent || e.SentAt == nil || !e.SentAt.Equal(at.Add(6*time.Minute)) || e.LastError != "" {
			t.Fatalf("after sending: %+v", e)
		}
		if got := claim(at.Add(48 * time.Hour)); len(got) != 0 {
			t.Fatal("a sent message was claimed")
		}
	})
}

// Following the backoff schedule, a message that never goes through is tried MaxAttempts times over
// about two days and then marked failed, never to be claimed again.
func TestFailedAfterMaxAttempts(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		enqueue(t, db, 1, outboxNow)
		now := outboxNow
		var waits []time.Duration
		for i := 1; ; i++ {
			got, err := db.Outbox().ClaimEmails(ctx, now, 5*time.Minute, 10)
			if err != nil || len(got) != 1 || got[0].Attempts != i {
				t.Fatalf("attempt %d: %+v, %v", i, got, err)
			}
			wait, giveUp := notify.RetryAfter(got[0].Attempts)
			if err := db.Outbox().MarkEmailFailed(ctx, got[0].ID, "554 rejected", now.Add(wait), giveUp); err != nil {
				t.Fatal(err)
			}
			if giveUp {
				break
			}
			waits = append(waits, wait)
			now = now.Add(wait)
			if got, _ := db.Outbox().ClaimEmails(ctx, now.Add(-time.Second), 5*time.Minute, 10); len(got) != 0 {
				t.Fatalf("attempt %d: claimed before the backoff of %v ran out", i, wait)
			}
		}
		want := []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 6 * time.Hour, 12 * time.Hour, 24 * time.Hour}
		if fmt.Sprint(waits) != fmt.Sprint(want) {
			t.Errorf("waits %v, want %v", waits, want)
		}
		st, _ := db.Outbox().OutboxStats(ctx)
		if st.Failed != 1 || st.Pending != 0 || st.OldestDue != nil {
			t.Errorf("stats %+v", st)
		}
		list, _ := db.Outbox().RecentEmails(ctx, 1)
		if list[0].Attempts != notify.MaxAttempts || list[0].Status != notify.StatusFailed {
			t.Errorf("after giving up: %+v", list[0])
		}
		if got, _ := db.Outbox().ClaimEmails(ctx, now.Add(365*24*time.Hour), time.Minute, 10); len(got) != 0 {
			t.Error("a failed message was claimed")
		}
	})
}

// The company's notification addresses are read by kind, in the order they were added.
func TestCompanyNotifyEmails(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		err := db.Write(ctx, func(tx *store.Tx) error {
			for _, r := range [][2]string{{"confirmation", "desk@k.example"}, {"cancellation", "boss@k.example"},
				{"confirmation", "boss@k.example"}} {
				if _, err := tx.Exec(ctx, `INSERT INTO company_notify_emails (company_id, kind, email) VALUES (?, ?, ?)`,
					f.CompanyID, r[0], r[1]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var conf, problem []string
		err = db.Read(ctx, func(tx *store.Tx) error {
			var err error
			if conf, err = tx.CompanyNotifyEmails(ctx, f.CompanyID, "confirmation"); err != nil {
				return err
			}
			problem, err = tx.CompanyNotifyEmails(ctx, f.CompanyID, "problem")
			return err
		})
		if err != nil || fmt.Sprint(conf) != "[desk@k.example boss@k.example]" || problem == nil || len(problem) != 0 {
			t.Errorf("confirmation %v, problem %v, %v", conf, problem, err)
		}
	})
}
