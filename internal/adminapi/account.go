package adminapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"pitlane/internal/account"
	"pitlane/internal/httpx"
)

// AccountService is "My account" of the settings dialog (account.Profiles): the signed-in user's own
// name, e-mail and password.
type AccountService interface {
	// Update changes the user's name and e-mail (the current password is needed to change the e-mail).
	// Returns apperr.Unprocessable with field errors, apperr.Conflict when the e-mail is taken, and a
	// *account.ThrottleError (apperr.TooManyRequests) after too many wrong current passwords.
	Update(ctx context.Context, s account.Staff, in account.ProfileChange) error
	// ChangePassword checks the current password, sets the new one and revokes the user's other
	// sessions, returning how many. Returns apperr.Unprocessable with field errors, and a
	// *account.ThrottleError (apperr.TooManyRequests) after too many wrong current passwords.
	ChangePassword(ctx context.Context, s account.Staff, current, next string) (int64, error)
}

// writeThrottled writes err, with Retry-After when it is a throttle's refusal.
func writeThrottled(w http.ResponseWriter, r *http.Request, err error) {
	var te *account.ThrottleError
	if errors.As(err, &te) {
		w.Header().Set("Retry-After", strconv.Itoa(te.RetryAfterSeconds()))
		httpx.Logger(r.Context()).Warn("current-password check throttled", "retry_after_s", te.RetryAfterSeconds())
	}
	httpx.WriteError(w, r, err)
}

// updateMe is PUT /api/users/me: the signed-in user's name and e-mail; answers as GET /api/users/me.
func (s *Server) updateMe(w http.ResponseWriter, r *http.Request) {
	staff, err := s.staff(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var in struct {
		Name            string `json:"name"`
		Email           string `json:"email"`
		CurrentPassword string `json:"currentPassword"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.deps.Account.Update(r.Context(), staff, account.ProfileChange(in)); err != nil {
		writeThrottled(w, r, err)
		return
	}
	s.me(w, r)
}

// changePassword is POST /api/users/changePassword: the current password checked, the new one set,
// every other session of the user signed out (this one stays).
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	staff, err := s.staff(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var in struct {
		CurrentPassword string `json:"currentPassword"`
		NewPassword     string `json:"newPassword"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	n, err := s.deps.Account.ChangePassword(r.Context(), staff, in.CurrentPassword, in.NewPassword)
	if err != nil {
		writeThrottled(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("staff password changed", "user_id", staff.UserID, "sessions_revoked", n)
	httpx.WriteJSON(w, http.StatusOK, struct {
		OtherSessionsSignedOut int64 `json:"otherSessionsSignedOut"`
	}{n})
}
