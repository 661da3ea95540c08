package account_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// An unknown e-mail is checked against a dummy hash, so it costs what a wrong password costs: without
// it the answer would come back in a millisecond instead of tens and tell who has an account.
func TestUnknownEmailTakesAsLongAsWrongPassword(t *testing.T) {
	db := storetest.Open(t, store.SQLite)
	ctx := context.Background()
	ids := newCompanies(t, db, "Alpha")
	clk := clock.NewManual(time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC))
	if err := account.NewService(db, clk).CreateAdmin(ctx, "a@example.com", "A", "right-password-123", ids[0], "ADMIN"); err != nil {
		t.Fatal(err)
	}
	auth, err := account.NewAuth(db.Staff(), clk, account.AuthConfig{Throttle: account.Throttle{PerAccount: 1000, PerAddress: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	median := func(email string) time.Duration {
		var ds []time.Duration
		for i := 0; i < 7; i++ {
			start := time.Now()
			_, err := auth.Login(ctx, email, "wrong-password-123", "192.0.2.1")
			ds = append(ds, time.Since(start))
			if !apperr.Is(err, apperr.Unauthorized) {
				t.Fatalf("login %s: %v", email, err)
			}
		}
		slices.Sort(ds)
		return ds[len(ds)/2]
	}
	wrong, unknown := median("a@example.com"), median("nobody@example.com")
	if unknown < wrong/2 || wrong < unknown/2 {
		t.Errorf("median wrong password %v, unknown e-mail %v: more than a factor of 2 apart", wrong, unknown)
	}
}

// Parallel failures cannot slip under the limit: the check and the record are one locked step.
func TestParallelFailuresStayUnderTheLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewManual(time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC))
		auth, err := account.NewAuth(db.Staff(), clk, account.AuthConfig{Throttle: account.Throttle{PerAccount: 3, PerAddress: 100, Window: time.Hour}})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[apperr.Code]int{}
		for i := 0; i < 12; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := auth.Login(ctx, "target@example.com", "guess", "192.0.2.1")
				mu.Lock()
				codes[apperr.CodeOf(err)]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[apperr.Unauthorized] != 3 || codes[apperr.TooManyRequests] != 9 {
			t.Errorf("answers %v; want 3 checked (unauthorized) and 9 throttled", codes)
		}
		var rows int
		if err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM login_failures WHERE scope = 'account'`).Scan(&rows)
		}); err != nil {
			t.Fatal(err)
		}
		if rows != 3 {
			t.Errorf("%d failures recorded, want 3", rows)
		}
	})
}
