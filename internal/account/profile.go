package account

import (
	"context"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// ProfileStore is what Profiles needs from the database (store.Profiles implements it).
type ProfileStore interface {
	// ReserveReauth starts a check of the user's current password in one transaction: it finds the
	// limit-th most recent wrong current password of the user since since (zero when there are fewer)
	// and, when there is none, records this check as one (cleared by ClearReauth if it is right) and
	// returns the user's password hash. When the limit is reached it records nothing.
	// Returns apperr.NotFound if there is no user.
	ReserveReauth(ctx context.Context, userID int64, since, now time.Time, limit int) (hit time.Time, hash string, err error)
	// ClearReauth forgets the user's wrong current passwords.
	ClearReauth(ctx context.Context, userID int64) error
	// UpdateProfile sets the user's name and e-mail and records it in the audit log of each of the
	// user's companies. Returns apperr.Conflict if another user has the e-mail.
	UpdateProfile(ctx context.Context, userID int64, name, email string, now time.Time) error
	// SetPassword replaces the user's password hash and revokes every live session of the user but
	// keep, in one transaction, recording it in the audit log of each of the user's companies; it
	// returns how many sessions it revoked.
	SetPassword(ctx context.Context, userID int64, hash string, keep int64, now time.Time) (int64, error)
}

// The throttle of current-password checks (a password or e-mail change): after ReauthLimit wrong
// current passwords of a user within ReauthWindow, checks are refused until the oldest of them leaves
// the window; a right one clears them. A stolen session cannot guess the password it would need to
// take the account over.
const (
	ReauthLimit  = 5
	ReauthWindow = 15 * time.Minute
)

// Profiles is "My account" of the settings dialog: a staff user's own name, e-mail and password.
type Profiles struct {
	store ProfileStore
	clock clock.Clock
}

// NewProfiles returns Profiles over the store.
func NewProfiles(s ProfileStore, clk clock.Clock) *Profiles { return &Profiles{store: s, clock: clk} }

// ProfileChange is a change of the signed-in user's name and e-mail; CurrentPassword is needed only
// when the e-mail (the sign-in name) changes.
type ProfileChange struct {
	Name, Email, CurrentPassword string
}

// Update changes the user's name and e-mail. Returns apperr.Unprocessable with field errors (name,
// email, currentPassword: missing or wrong when the e-mail changes) and apperr.Conflict when the
// e-mail belongs to another user.
func (p *Profiles) Update(ctx context.Context, s Staff, in ProfileChange) error {
	name, email := strings.TrimSpace(in.Name), NormaliseEmail(in.Email)
	fe := apperr.FieldErrors{}
	if name == "" || len(name) > 200 {
		fe.Add("name", "Enter a name of up to 200 characters.")
	}
	if !ValidEmail(email) {
		fe.Add("email", "Enter a valid e-mail address.")
	}
	if err := fe.Err(apperr.Unprocessable, "Check the highlighted fields."); err != nil {
		return err
	}
	if email != NormaliseEmail(s.Email) {
		if err := p.checkCurrent(ctx, s.UserID, in.CurrentPassword); err != nil {
			return err
		}
	}
	err := p.store.UpdateProfile(ctx, s.UserID, name, email, p.clock.Now())
	if apperr.Is(err, apperr.Conflict) {
		return apperr.WithFields(apperr.Conflict, "Another account uses that e-mail address.",
			map[string]string{"email": "Another account uses that e-mail address."})
	}
	return err
}

// ChangePassword checks the current password, sets the new one and signs the user out everywhere
// except the session s (the one asking). Returns apperr.Unprocessable with field errors
// (currentPassword wrong, newPassword shorter than MinPasswordLength or equal to the current one) and
// the number of sessions signed out.
func (p *Profiles) ChangePassword(ctx context.Context, s Staff, current, next string) (int64, error) {
	fe := apperr.FieldErrors{}
	if msg := passwordProblem(next, s.Email, s.Name); msg != "" {
		fe.Add("newPassword", msg)
	} else if next == current {
		fe.Add("newPassword", "Choose a password different from the current one.")
	}
	if err := p.checkCurrent(ctx, s.UserID, current); err != nil {
		return 0, err
	}
	if err := fe.Err(apperr.Unprocessable, "Check the highlighted fields."); err != nil {
		return 0, err
	}
	hash, err := HashPassword(next)
	if err != nil {
		return 0, err
	}
	return p.store.SetPassword(ctx, s.UserID, hash, s.SessionID, p.clock.Now())
}

// checkCurrent returns apperr.Unprocessable naming currentPassword unless it is the user's password,
// and a *ThrottleError (apperr.TooManyRequests) without checking it after ReauthLimit wrong ones in
// ReauthWindow. A wrong one is recorded before it is checked (so parallel guesses cannot slip under the
// limit); a right one clears them. An empty one is refused without counting.
func (p *Profiles) checkCurrent(ctx context.Context, userID int64, current string) error {
	wrong := apperr.WithFields(apperr.Unprocessable, "The current password is not right.",
		map[string]string{"currentPassword": "The current password is not right."})
	if current == "" || len(current) > 1024 {
		return wrong
	}
	now := p.clock.Now()
	hit, hash, err := p.store.ReserveReauth(ctx, userID, now.Add(-ReauthWindow), now, ReauthLimit)
	if err != nil {
		return err
	}
	if wait := retryAfter(ReauthWindow, now, hit); wait > 0 {
		return &ThrottleError{RetryAfter: wait, Message: "Too many wrong passwords. Please wait before trying again."}
	}
	ok, err := CheckPassword(hash, current)
	if err != nil {
		return err
	}
	if !ok {
		return wrong // the reservation stays: it is the failure
	}
	return p.store.ClearReauth(ctx, userID)
}
