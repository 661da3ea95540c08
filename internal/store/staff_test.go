package store_test

import (
	"context"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// Housekeeping deletes what no longer counts and keeps what does: live and recently ended sessions,
// failures still in the throttle's window.
func TestStaffDeleteStaleKeepsWhatStillCounts(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
		ms := func(d time.Duration) int64 { return now.Add(d).UnixMilli() }
		var user int64
		err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `INSERT INTO admin_users (email, name, password_hash, created_at, updated_at)
				VALUES ('a@example.com', 'A', 'x', 1, 1) RETURNING id`).Scan(&user); err != nil {
				return err
			}
			for i, s := range []struct {
				expires int64
				revoked any
			}{
				{ms(2 * time.Hour), nil},             // live
				{ms(-time.Hour), nil},                // ended an hour ago: kept a day
				{ms(-25 * time.Hour), nil},           // ended over a day ago
				{ms(time.Hour), ms(-25 * time.Hour)}, // revoked over a day ago
			} {
				if _, err := tx.Exec(ctx, `INSERT INTO admin_sessions (token_hash, user_id, created_at, last_seen_at, expires_at, revoked_at)
					VALUES (?, ?, 1, 1, ?, ?)`, "hash"+string(rune('0'+i)), user, s.expires, s.revoked); err != nil {
					return err
				}
			}
			for _, at := range []int64{ms(-time.Minute), ms(-14 * time.Minute), ms(-16 * time.Minute)} {
				if _, err := tx.Exec(ctx, `INSERT INTO login_failures (scope, key, failed_at) VALUES ('account', 'a@example.com', ?)`, at); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		n, err := db.Staff().DeleteStale(ctx, now.Add(-24*time.Hour), now.Add(-15*time.Minute))
		if err != nil || n != 3 {
			t.Fatalf("DeleteStale = %d, %v; want 3 rows (two sessions, one failure)", n, err)
		}
		var sessions, failures int
		_ = db.Read(ctx, func(tx *store.Tx) error {
			_ = tx.QueryRow(ctx, `SELECT COUNT(*) FROM admin_sessions WHERE token_hash IN ('hash0', 'hash1')`).Scan(&sessions)
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM login_failures`).Scan(&failures)
		})
		if sessions != 2 || failures != 2 {
			t.Errorf("kept %d of the 2 recent sessions and %d of the 2 failures in the window", sessions, failures)
		}
		// The failures left still close the account at a limit of 2.
		r, err := db.Staff().ReserveLogin(ctx, account.LoginAttempt{Account: "a@example.com", Address: "192.0.2.1",
			Since: now.Add(-15 * time.Minute), Now: now, AccountLimit: 2, AddressLimit: 20})
		if err != nil || !r.Gate.AccountLimitHit.Equal(time.UnixMilli(ms(-14*time.Minute))) || r.Found {
			t.Errorf("gate %+v (found %v, %v): want the account closed by its failure of 14 minutes ago", r.Gate, r.Found, err)
		}
	})
}
