package store

import (
	"context"
	"time"

	"pitlane/internal/apperr"
)

// SpendCaptcha records a solved captcha challenge as used until it expires, so it passes once only on
// any instance. Returns apperr.Conflict if it was already used.
func (sc Secrets) SpendCaptcha(ctx context.Context, challenge string, expires time.Time) error {
	return sc.db.Write(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `INSERT INTO captcha_used (challenge, expires_at) VALUES (?, ?)
			ON CONFLICT (challenge) DO NOTHING`, challenge, expires.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			return apperr.New(apperr.Conflict, "The captcha was already used.")
		}
		return nil
	})
}

// DeleteSpentCaptchas forgets used challenges that expired before now (they can no longer pass the
// expiry check) and returns how many.
func (sc Secrets) DeleteSpentCaptchas(ctx context.Context, now time.Time) (int64, error) {
	var n int64
	err := sc.db.Write(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM captcha_used WHERE expires_at < ?`, now.UnixMilli())
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}
