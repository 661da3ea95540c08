package account

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// Auth signs staff in and out and answers who a session belongs to and what its user may do: the
// back office's AuthService (internal/adminapi).
type Auth struct {
	store    StaffStore
	clock    clock.Clock
	policy   SessionPolicy
	throttle Throttle
	captcha  CaptchaVerifier   // nil: the account's limit refuses instead of asking for the captcha
	dummy    string            // a hash of nothing, checked when no user has the e-mail so both answers take as long
	sf       SecondFactorStore // nil: no second factor
}

// AuthConfig configures Auth; zero values take the defaults.
type AuthConfig struct {
	Sessions SessionPolicy
	Throttle Throttle
	// Captcha checks the proof of work asked for past an account's limit (internal/captcha's Service).
	Captcha CaptchaVerifier
	// SecondFactor stores the users' second factors (store.SecondFactor); nil: passwords alone.
	SecondFactor SecondFactorStore
}

// NewAuth returns the sign-in service over the store, telling time with clk.
func NewAuth(s StaffStore, clk clock.Clock, cfg AuthConfig) (*Auth, error) {
	dummy, err := HashPassword(GeneratePassword())
	if err != nil {
		return nil, fmt.Errorf("account: dummy hash: %w", err)
	}
	return &Auth{store: s, clock: clk, policy: cfg.Sessions.withDefaults(), throttle: cfg.Throttle.withDefaults(),
		captcha: cfg.Captcha, dummy: dummy, sf: cfg.SecondFactor}, nil
}

// errBadCredentials is the one answer for an unknown e-mail, a wrong password and a user without a
// company: a caller cannot tell them apart.
var errBadCredentials = apperr.New(apperr.Unauthorized, "Invalid email or password.")

// Login signs a user in with their e-mail and password from the client address. Every path that
// reaches the password check does the same work, so an unknown e-mail, a wrong password and a user
// without a company take as long and give the same apperr.Unauthorized. While the throttle holds for
// the (account, address) pair or the address it returns a *ThrottleError (apperr.TooManyRequests)
// without checking anything. Past the account's own limit it asks for the captcha: without a payload,
// or with one the verifier refuses, it returns apperr.Unprocessable with the field "captcha"
// (required, invalid, expired, already used), checks no password and counts no failure. Without a
// verifier (tools and tests that wire none) the account's limit refuses like the others.
func (a *Auth) Login(ctx context.Context, in LoginInput) (LoginResult, error) {
	now := a.clock.Now()
	acct := NormaliseEmail(in.Email)
	attempt := LoginAttempt{
		Account: acct, Address: in.Address, Since: now.Add(-a.throttle.Window), Now: now,
		AccountLimit: a.throttle.PerAccount, PairLimit: a.throttle.PerPair, AddressLimit: a.throttle.PerAddress,
	}
	r, err := a.store.ReserveLogin(ctx, attempt)
	if err != nil {
		return LoginResult{}, err
	}
	if wait := a.throttle.RetryAfter(r.Gate, now); wait > 0 {
		return LoginResult{}, &ThrottleError{RetryAfter: wait}
	}
	if r.Gate.NeedsCaptcha() {
		if a.captcha == nil {
			return LoginResult{}, &ThrottleError{RetryAfter: retryAfter(a.throttle.Window, now, r.Gate.AccountLimitHit)}
		}
		if in.Captcha == "" {
			return LoginResult{}, errCaptchaRequired()
		}
		if err := a.captcha.Verify(ctx, in.Captcha); err != nil {
			return LoginResult{}, err
		}
		attempt.CaptchaSolved = true
		if r, err = a.store.ReserveLogin(ctx, attempt); err != nil {
			return LoginResult{}, err
		}
		if wait := a.throttle.RetryAfter(r.Gate, now); wait > 0 {
			return LoginResult{}, &ThrottleError{RetryAfter: wait}
		}
	}
	hash := a.dummy
	if r.Found {
		hash = r.PasswordHash
	}
	ok, err := CheckPassword(hash, in.Password)
	if err != nil && r.Found {
		return LoginResult{}, fmt.Errorf("account: stored hash of user %d: %w", r.User.ID, err)
	}
	if !ok || !r.Found || len(r.Memberships) == 0 {
		// The reservation stays: it is the failure. A known user's companies see it in their audit log.
		if r.Found && len(r.Memberships) > 0 {
			if err := a.store.LoginFailed(ctx, r.User.ID, r.User.Email, in.Address, "password", now); err != nil {
				return LoginResult{}, err
			}
		}
		return LoginResult{}, errBadCredentials
	}
	// A user with a second factor (or whose company requires one) gets no session yet: SecondStep.
	if res, ok, err := a.startChallenge(ctx, r, now); ok || err != nil {
		return res, err
	}
	token := NewSessionToken()
	expires := now.Add(a.policy.Max)
	if _, err := a.store.StartSession(ctx, NewSession{UserID: r.User.ID, TokenHash: HashSessionToken(token), Now: now,
		ExpiresAt: expires, Account: acct, Address: in.Address, AddressFailureID: r.AddressFailureID,
		UserAgent: cutRunes(in.UserAgent, 300)}); err != nil {
		return LoginResult{}, err
	}
	return LoginResult{Token: token, ExpiresAt: expires, User: r.User, Companies: SortCompanies(r.Memberships)}, nil
}

// errNoSession is the answer for a token that is unknown, expired or revoked.
var errNoSession = apperr.New(apperr.Unauthorized, "Your session has ended. Please sign in again.")

// Resolve returns the user of a live session token and records its use (at most once a minute).
// Returns apperr.Unauthorized if the token is unknown, expired (idle or absolute) or revoked.
func (a *Auth) Resolve(ctx context.Context, token string) (Staff, error) {
	if token == "" || len(token) > 200 {
		return Staff{}, errNoSession
	}
	s, err := a.store.Session(ctx, HashSessionToken(token))
	if apperr.Is(err, apperr.NotFound) {
		return Staff{}, errNoSession
	}
	if err != nil {
		return Staff{}, err
	}
	now := a.clock.Now()
	live, touch := a.policy.Check(s, now)
	if !live {
		return Staff{}, errNoSession
	}
	if touch {
		if err := a.store.TouchSession(ctx, s.ID, now); err != nil {
			return Staff{}, err
		}
	}
	return Staff{UserID: s.UserID, Email: s.Email, Name: s.Name, SessionID: s.ID}, nil
}

// Logout revokes the session of the token, signed out from the client address (recorded in the audit
// log); an unknown or already revoked token is not an error.
func (a *Auth) Logout(ctx context.Context, token, address string) error {
	if token == "" || len(token) > 200 {
		return nil
	}
	return a.store.RevokeSession(ctx, HashSessionToken(token), address, a.clock.Now())
}

// RoleIn returns the user's role in the company.
// Returns apperr.Forbidden if the user has none there (or the company does not exist).
func (a *Auth) RoleIn(ctx context.Context, userID, companyID int64) (Role, error) {
	r, err := a.store.Role(ctx, userID, companyID)
	if apperr.Is(err, apperr.NotFound) || (err == nil && !r.Valid()) {
		return "", apperr.New(apperr.Forbidden, "You have no role in this company.")
	}
	return r, err
}

// Me returns the user and their companies sorted by name.
// Returns apperr.Unauthorized if the user no longer exists.
func (a *Auth) Me(ctx context.Context, userID int64) (Profile, error) {
	u, ms, err := a.store.StaffUser(ctx, userID)
	if apperr.Is(err, apperr.NotFound) {
		return Profile{}, errNoSession
	}
	if err != nil {
		return Profile{}, err
	}
	return Profile{User: u, Companies: SortCompanies(ms)}, nil
}

// Company returns the company header of a company the user has a role in.
// Returns apperr.Forbidden if they have none there.
func (a *Auth) Company(ctx context.Context, userID, companyID int64) (CompanyHeader, error) {
	c, err := a.store.CompanyHeader(ctx, userID, companyID)
	if apperr.Is(err, apperr.NotFound) {
		return CompanyHeader{}, apperr.New(apperr.Forbidden, "You have no role in this company.")
	}
	return c, err
}

// Audit returns a page of the company's audit log, newest first: up to limit entries (1 to
// MaxAuditLimit; 0 means DefaultAuditLimit) with an id below before (0: from the newest).
// Returns apperr.Invalid for a limit out of range or a negative before.
func (a *Auth) Audit(ctx context.Context, companyID int64, limit int, before int64) ([]AuditEntry, error) {
	if limit == 0 {
		limit = DefaultAuditLimit
	}
	if limit < 1 || limit > MaxAuditLimit {
		return nil, apperr.WithFields(apperr.Invalid, "The limit is out of range.", map[string]string{"limit": fmt.Sprintf("must be 1 to %d", MaxAuditLimit)})
	}
	if before < 0 {
		return nil, apperr.WithFields(apperr.Invalid, "The cursor is malformed.", map[string]string{"before": "must be a positive integer"})
	}
	return a.store.AuditLog(ctx, companyID, limit, before)
}

// Housekeep deletes sessions that ended a day ago or more and failures that left the throttle's
// window; it returns how many rows went. Neither is needed for correctness: it keeps the tables small.
func (a *Auth) Housekeep(ctx context.Context) (int64, error) {
	now := a.clock.Now()
	return a.store.DeleteStale(ctx, now.Add(-24*time.Hour), now.Add(-a.throttle.Window))
}

// SortCompanies orders memberships by company name (case-insensitive), then id: the order of the
// company switcher. It sorts in place and returns the slice (never nil).
func SortCompanies(ms []Membership) []Membership {
	if ms == nil {
		return []Membership{}
	}
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := strings.ToLower(ms[i].CompanyName), strings.ToLower(ms[j].CompanyName)
		if a != b {
			return a < b
		}
		return ms[i].CompanyID < ms[j].CompanyID
	})
	return ms
}
