package account

import (
	"context"
	"fmt"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// The kinds of a sign-in's second step: a code of the user's authenticator (or a recovery code), or
// the enrolment of a user whose company requires a second factor and who has none.
const (
	ChallengeTOTP  = "totp"
	ChallengeEnrol = "enrol"
)

// SecondFactorStatus is what My account shows of a user's second factor.
type SecondFactorStatus struct {
	Enabled           bool `json:"enabled"`
	Required          bool `json:"required"` // a company of the user requires one
	RecoveryCodesLeft int  `json:"recoveryCodesLeft"`
}

// Challenge is the second step of a sign-in whose password was right.
type Challenge struct {
	TokenHash        string
	UserID           int64
	Kind             string // ChallengeTOTP or ChallengeEnrol
	PendingSecret    string // ChallengeEnrol: the secret shown to enrol
	AddressFailureID int64  // the password attempt's address row, deleted (the password was right)
	Now              time.Time
	ExpiresAt        time.Time
}

// CodeAttempt is a code to gate: for a sign-in's second step (TokenHash set, the pair and address
// limits of the sign-in's throttle apply too) or for My account (UserID set).
type CodeAttempt struct {
	TokenHash    string
	UserID       int64
	Address      string
	Since        time.Time // the start of the sign-in throttle's window
	CodeSince    time.Time // the start of SecondFactorWindow
	Now          time.Time
	PairLimit    int
	AddressLimit int
	UserLimit    int
}

// CodeReservation is what ReserveCode found: the gate and, when let through (recorded as a failure
// until the code is used), the user's second-factor state.
type CodeReservation struct {
	Found            bool // the challenge is open (a sign-in), or the user exists (My account)
	Gate             Gate
	UserLimitHit     time.Time
	AddressFailureID int64
	ChallengeID      int64
	Kind             string
	User             Admin
	Secret           string // the enrolled secret; for ChallengeEnrol the challenge's pending one
	PendingSecret    string // My account: the secret shown and not confirmed yet
	LastStep         int64
}

// SecondFactorUse is a code accepted: one step (Step) or one recovery code (RecoveryHash) taken, the
// challenge ended, and with Enrol the second factor enrolled.
type SecondFactorUse struct {
	UserID      int64
	Email       string
	ChallengeID int64
	Step        int64
	Recovery    string // hash
	Enrol       *Enrolment
	Address     string
	Now         time.Time
}

// Enrolment is a second factor to set: the secret and the recovery codes' hashes.
type Enrolment struct {
	Secret         string
	RecoveryHashes []string
}

// SecondFactorStore is what the second factor needs from the database (store.SecondFactor).
type SecondFactorStore interface {
	// Status returns the user's second-factor state.
	Status(ctx context.Context, userID int64) (SecondFactorStatus, error)
	// CreateChallenge stores the second step of a sign-in.
	CreateChallenge(ctx context.Context, c Challenge) error
	// ReserveCode gates a code: with the pair's, the address's or the user's limit reached it records
	// nothing and returns the gate; otherwise it records the attempt as a failure of each (cleared when
	// the code is used) and loads the state. Found is false for an unknown, used or expired challenge.
	ReserveCode(ctx context.Context, a CodeAttempt) (CodeReservation, error)
	// UseSecondFactor takes the step (only above the last one used) or the recovery code (only unused),
	// ends the challenge, enrols when u.Enrol is set, forgets the user's wrong codes and records the
	// enrolment or the recovery code's use in the audit log of each of the user's companies, in one
	// transaction. Returns apperr.NotFound when the step, the code or the challenge was used already.
	UseSecondFactor(ctx context.Context, u SecondFactorUse) error
	// SetPendingSecret stores the secret shown in My account until a code confirms it.
	SetPendingSecret(ctx context.Context, userID int64, secret string) error
	// DisableSecondFactor removes the user's secret and recovery codes and records it in the audit log.
	DisableSecondFactor(ctx context.Context, userID int64, email, address string, now time.Time) error
	// SecondFactorRequired reports whether the company requires a second factor of its staff.
	SecondFactorRequired(ctx context.Context, companyID int64) (bool, error)
	// RequireSecondFactor sets the company's switch and records it in its audit log.
	RequireSecondFactor(ctx context.Context, a TeamActor, required bool, now time.Time) error
}

var (
	errChallengeGone = apperr.New(apperr.Unauthorized, "This sign-in expired. Please sign in again.")
	errWrongCode     = apperr.WithFields(apperr.Unprocessable, "The code is not right.",
		map[string]string{"code": "The code is not right."})
)

// SecondStepInput is the second step of a sign-in: the challenge the password step gave, the code
// typed (six digits, or a recovery code) and the client's address.
type SecondStepInput struct {
	Challenge string
	Code      string
	Address   string
}

// startChallenge ends a sign-in whose password was right at the second step when the user has a
// second factor, or must enrol one; ok is false when neither (the session starts at once).
func (a *Auth) startChallenge(ctx context.Context, r LoginReservation, now time.Time) (LoginResult, bool, error) {
	if a.sf == nil {
		return LoginResult{}, false, nil
	}
	st, err := a.sf.Status(ctx, r.User.ID)
	if err != nil || (!st.Enabled && !st.Required) {
		return LoginResult{}, false, err
	}
	c := Challenge{UserID: r.User.ID, Kind: ChallengeTOTP, AddressFailureID: r.AddressFailureID, Now: now, ExpiresAt: now.Add(ChallengeTTL)}
	if !st.Enabled {
		c.Kind = ChallengeEnrol
		if c.PendingSecret, err = NewTOTPSecret(); err != nil {
			return LoginResult{}, false, err
		}
	}
	token := NewSessionToken()
	c.TokenHash = HashSessionToken(token)
	if err := a.sf.CreateChallenge(ctx, c); err != nil {
		return LoginResult{}, false, err
	}
	res := LoginResult{SecondFactor: c.Kind, Challenge: token, ExpiresAt: c.ExpiresAt, User: r.User, Companies: SortCompanies(r.Memberships)}
	if c.Kind == ChallengeEnrol {
		res.TOTPSecret, res.TOTPURI = c.PendingSecret, TOTPURI(c.PendingSecret, r.User.Email)
	}
	return res, true, nil
}

// SecondStep finishes a sign-in with the code of the user's authenticator or a recovery code (a user
// enrolling at sign-in confirms the shown secret with a code and receives recovery codes in
// LoginResult.RecoveryCodes). Returns apperr.Unauthorized for an unknown, used or expired challenge,
// apperr.Unprocessable (field code) for a wrong code, and a *ThrottleError while the sign-in throttle
// holds for the pair or the address, or after SecondFactorLimit wrong codes of the user.
func (a *Auth) SecondStep(ctx context.Context, in SecondStepInput) (LoginResult, error) {
	if a.sf == nil || in.Challenge == "" || len(in.Challenge) > 200 {
		return LoginResult{}, errChallengeGone
	}
	if len(in.Code) > 64 {
		return LoginResult{}, errWrongCode
	}
	now := a.clock.Now()
	r, err := a.sf.ReserveCode(ctx, CodeAttempt{TokenHash: HashSessionToken(in.Challenge), Address: in.Address,
		Since: now.Add(-a.throttle.Window), CodeSince: now.Add(-SecondFactorWindow), Now: now,
		PairLimit: a.throttle.PerPair, AddressLimit: a.throttle.PerAddress, UserLimit: SecondFactorLimit})
	if err != nil {
		return LoginResult{}, err
	}
	if !r.Found {
		return LoginResult{}, errChallengeGone
	}
	if wait := max(a.throttle.RetryAfter(r.Gate, now), retryAfter(SecondFactorWindow, now, r.UserLimitHit)); wait > 0 {
		return LoginResult{}, &ThrottleError{RetryAfter: wait, Message: "Too many wrong codes. Please wait before trying again."}
	}
	use := SecondFactorUse{UserID: r.User.ID, Email: r.User.Email, ChallengeID: r.ChallengeID, Address: in.Address, Now: now}
	var codes []string
	if err := a.takeCode(&use, r, in.Code, r.Kind == ChallengeTOTP); err != nil {
		if lerr := a.store.LoginFailed(ctx, r.User.ID, r.User.Email, in.Address, "second_factor", now); lerr != nil {
			return LoginResult{}, lerr
		}
		return LoginResult{}, err
	}
	if r.Kind == ChallengeEnrol {
		var hashes []string
		codes, hashes = NewRecoveryCodes()
		use.Enrol = &Enrolment{Secret: r.Secret, RecoveryHashes: hashes}
	}
	if err := a.sf.UseSecondFactor(ctx, use); apperr.Is(err, apperr.NotFound) {
		return LoginResult{}, errWrongCode
	} else if err != nil {
		return LoginResult{}, err
	}
	token := NewSessionToken()
	expires := now.Add(a.policy.Max)
	if _, err := a.store.StartSession(ctx, NewSession{UserID: r.User.ID, TokenHash: HashSessionToken(token), Now: now,
		ExpiresAt: expires, Account: NormaliseEmail(r.User.Email), Address: in.Address, AddressFailureID: r.AddressFailureID}); err != nil {
		return LoginResult{}, err
	}
	p, err := a.Me(ctx, r.User.ID)
	if err != nil {
		return LoginResult{}, err
	}
	return LoginResult{Token: token, ExpiresAt: expires, User: p.User, Companies: p.Companies, RecoveryCodes: codes}, nil
}

// takeCode fills use with the step of a six-digit code of r.Secret (above the last used), or, when
// recovery is allowed, with the hash of a recovery code; errWrongCode when neither.
func (a *Auth) takeCode(use *SecondFactorUse, r CodeReservation, code string, recovery bool) error {
	return takeCode(use, r.Secret, r.LastStep, code, recovery, a.clock.Now())
}

func takeCode(use *SecondFactorUse, secret string, lastStep int64, code string, recovery bool, now time.Time) error {
	if looksLikeTOTP(code) {
		step := matchTOTP(secret, code, now)
		if step == 0 || step <= lastStep {
			return errWrongCode
		}
		use.Step = step
		return nil
	}
	if !recovery || len(code) < 10 {
		return errWrongCode
	}
	use.Recovery = HashRecoveryCode(code)
	return nil
}

// SecondFactors is the second factor in My account (enrol, confirm, disable) and the company's
// switch that requires one of all staff.
type SecondFactors struct {
	store    SecondFactorStore
	profiles *Profiles
	clock    clock.Clock
}

// NewSecondFactors returns the service; profiles checks the current password to disable.
func NewSecondFactors(s SecondFactorStore, profiles *Profiles, clk clock.Clock) *SecondFactors {
	return &SecondFactors{store: s, profiles: profiles, clock: clk}
}

// Status returns the user's second-factor state.
func (f *SecondFactors) Status(ctx context.Context, s Staff) (SecondFactorStatus, error) {
	return f.store.Status(ctx, s.UserID)
}

// Setup starts an enrolment: a new secret (kept until a code confirms it) and its otpauth URI.
// Returns apperr.Conflict when the user has a second factor already.
func (f *SecondFactors) Setup(ctx context.Context, s Staff) (secret, uri string, err error) {
	st, err := f.store.Status(ctx, s.UserID)
	if err != nil {
		return "", "", err
	}
	if st.Enabled {
		return "", "", apperr.New(apperr.Conflict, "A second factor is set up already: disable it first.")
	}
	if secret, err = NewTOTPSecret(); err != nil {
		return "", "", err
	}
	if err := f.store.SetPendingSecret(ctx, s.UserID, secret); err != nil {
		return "", "", err
	}
	return secret, TOTPURI(secret, s.Email), nil
}

// reserve gates a code of the user in My account.
func (f *SecondFactors) reserve(ctx context.Context, s Staff) (CodeReservation, error) {
	now := f.clock.Now()
	r, err := f.store.ReserveCode(ctx, CodeAttempt{UserID: s.UserID, CodeSince: now.Add(-SecondFactorWindow), Now: now, UserLimit: SecondFactorLimit})
	if err != nil {
		return r, err
	}
	if !r.Found {
		return r, apperr.New(apperr.Unauthorized, "Your session has ended. Please sign in again.")
	}
	if wait := retryAfter(SecondFactorWindow, now, r.UserLimitHit); wait > 0 {
		return r, &ThrottleError{RetryAfter: wait, Message: "Too many wrong codes. Please wait before trying again."}
	}
	return r, nil
}

// Confirm ends an enrolment with a code of the shown secret and returns the recovery codes, shown
// once. Returns apperr.Conflict without an enrolment under way (or with a second factor already),
// apperr.Unprocessable (field code) for a wrong code and a *ThrottleError after too many.
func (f *SecondFactors) Confirm(ctx context.Context, s Staff, code, address string) ([]string, error) {
	r, err := f.reserve(ctx, s)
	if err != nil {
		return nil, err
	}
	if r.Secret != "" || r.PendingSecret == "" {
		return nil, apperr.New(apperr.Conflict, "Start the set-up again: no second factor is waiting for its code.")
	}
	use := SecondFactorUse{UserID: s.UserID, Email: s.Email, Address: address, Now: f.clock.Now()}
	if err := takeCode(&use, r.PendingSecret, r.LastStep, code, false, use.Now); err != nil {
		return nil, err
	}
	codes, hashes := NewRecoveryCodes()
	use.Enrol = &Enrolment{Secret: r.PendingSecret, RecoveryHashes: hashes}
	if err := f.store.UseSecondFactor(ctx, use); apperr.Is(err, apperr.NotFound) {
		return nil, errWrongCode
	} else if err != nil {
		return nil, err
	}
	return codes, nil
}

// Disable removes the user's second factor: it needs the current password and a code (or a recovery
// code). Returns apperr.Unprocessable (fields currentPassword, code), apperr.Conflict without a second
// factor and a *ThrottleError after too many wrong passwords or codes.
func (f *SecondFactors) Disable(ctx context.Context, s Staff, password, code, address string) error {
	if err := f.profiles.checkCurrent(ctx, s.UserID, password); err != nil {
		return err
	}
	r, err := f.reserve(ctx, s)
	if err != nil {
		return err
	}
	if r.Secret == "" {
		return apperr.New(apperr.Conflict, "No second factor is set up.")
	}
	use := SecondFactorUse{UserID: s.UserID, Email: s.Email, Address: address, Now: f.clock.Now()}
	if err := takeCode(&use, r.Secret, r.LastStep, code, true, use.Now); err != nil {
		return err
	}
	if err := f.store.UseSecondFactor(ctx, use); apperr.Is(err, apperr.NotFound) {
		return errWrongCode
	} else if err != nil {
		return err
	}
	return f.store.DisableSecondFactor(ctx, s.UserID, s.Email, address, use.Now)
}

// Required reports whether the company requires a second factor of all its staff.
func (f *SecondFactors) Required(ctx context.Context, companyID int64) (bool, error) {
	return f.store.SecondFactorRequired(ctx, companyID)
}

// SetRequired turns the company's switch on or off (the route is SUPERADMIN's).
func (f *SecondFactors) SetRequired(ctx context.Context, a TeamActor, required bool) error {
	if !a.Role.AtLeast(RoleSuperAdmin) {
		return apperr.New(apperr.Forbidden, "Only a SUPERADMIN can change this.")
	}
	if err := f.store.RequireSecondFactor(ctx, a, required, f.clock.Now()); err != nil {
		return fmt.Errorf("account: second factor switch: %w", err)
	}
	return nil
}
