package account_test

import (
	"context"
	"fmt"
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
//
// It measures the production cost (UseProductionCost), not the cheap one of test binaries, and is not
// parallel: it measures time, and it sets package state.
func TestUnknownEmailTakesAsLongAsWrongPassword(t *testing.T) {
	account.UseProductionCost(t)
	db := storetest.Open(t, store.SQLite)
	ctx := context.Background()
	ids := newCompanies(t, db, "Alpha")
	clk := clock.NewManual(time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC))
	if err := account.NewService(db.Admins(), clk).CreateAdmin(ctx, "a@example.com", "A", "right-password-123", ids[0], "ADMIN"); err != nil {
		t.Fatal(err)
	}
	auth, err := account.NewAuth(db.Staff(), clk, account.AuthConfig{Throttle: account.Throttle{PerAccount: 1000, PerPair: 1000, PerAddress: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	login := func(email string) time.Duration {
		start := time.Now()
		_, err := auth.Login(ctx, account.LoginInput{Email: email, Password: "wrong-password-123", Address: "192.0.2.1"})
		if !apperr.Is(err, apperr.Unauthorized) {
			t.Fatalf("login %s: %v", email, err)
		}
		return time.Since(start)
	}
	// Interleaved, so that load from elsewhere on the machine falls on both alike; medians of 9.
	var wrongs, unknowns []time.Duration
	for i := 0; i < 9; i++ {
		wrongs = append(wrongs, login("a@example.com"))
		unknowns = append(unknowns, login("nobody@example.com"))
	}
	slices.Sort(wrongs)
	slices.Sort(unknowns)
	wrong, unknown := wrongs[4], unknowns[4]
	// Without the dummy hash an unknown e-mail answers in well under a millisecond against tens of
	// milliseconds: a factor of 4 tells the two apart on a busy machine without flaking.
	if unknown < wrong/4 || wrong < unknown/4 {
		t.Errorf("median wrong password %v, unknown e-mail %v: more than a factor of 4 apart", wrong, unknown)
	}
}

// Parallel failures cannot slip under the limit: the check and the record are one locked step.
func TestParallelFailuresStayUnderTheLimit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewManual(time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC))
		auth, err := account.NewAuth(db.Staff(), clk, account.AuthConfig{Throttle: account.Throttle{PerAccount: 1000, PerPair: 3, PerAddress: 100, Window: time.Hour}})
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
				_, err := auth.Login(ctx, account.LoginInput{Email: "target@example.com", Password: "guess", Address: "192.0.2.1"})
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

// refuseAll is a captcha verifier that refuses every payload, as a wrong one is refused.
type refuseAll struct{}

func (refuseAll) Verify(context.Context, string) error {
	return apperr.WithFields(apperr.Unprocessable, "The captcha was not solved.", map[string]string{"captcha": "invalid"})
}

// Past the account's limit, parallel guesses from many addresses cannot slip past the captcha: the
// account's count and the record are one locked step too, and an attempt asked for the captcha records
// nothing.
func TestParallelGuessesFromManyAddressesMeetTheCaptcha(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewManual(time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC))
		auth, err := account.NewAuth(db.Staff(), clk, account.AuthConfig{
			Throttle: account.Throttle{PerAccount: 3, PerPair: 100, PerAddress: 100, Window: time.Hour}, Captcha: refuseAll{}})
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
				_, err := auth.Login(ctx, account.LoginInput{Email: "target@example.com", Password: "guess",
					Captcha: "forged", Address: fmt.Sprintf("198.51.100.%d", i+1)})
				mu.Lock()
				codes[apperr.CodeOf(err)]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[apperr.Unauthorized] != 3 || codes[apperr.Unprocessable] != 9 {
			t.Errorf("answers %v; want 3 checked (unauthorized) and 9 asked for the captcha", codes)
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
