package account

import (
	"context"
	"encoding/json"
	"time"
)

// StaffStore is what Auth needs from the database (store.Staff implements it).
type StaffStore interface {
	// ReserveLogin runs the start of a sign-in in one transaction: it reads the throttle's gate for the
	// attempt's account, (account, address) pair and address and, when neither the pair's nor the
	// address's limit is reached and the account's is not either (or the attempt solved the captcha),
	// records the attempt as a failure of all three (cleared again if the sign-in succeeds) and loads
	// the account's credentials and memberships. Otherwise it records nothing and returns only the gate.
	ReserveLogin(ctx context.Context, a LoginAttempt) (LoginReservation, error)
	// StartSession stores a new session, deletes the account's failures, the pair's failures and the
	// attempt's address failure, and records the sign-in in the audit log of each of the user's
	// companies, in one transaction; it returns the session's id.
	StartSession(ctx context.Context, s NewSession) (int64, error)
	// LoginFailed records a failed sign-in of an existing user (wrong password, or no company) in the
	// audit log of each of the user's companies.
	LoginFailed(ctx context.Context, userID int64, email, address, reason string, now time.Time) error
	// Session returns the unrevoked session whose token hashes to tokenHash, with its user.
	// Returns apperr.NotFound if there is none.
	Session(ctx context.Context, tokenHash string) (SessionRecord, error)
	// TouchSession records a use of the session at now (unless a later one is recorded).
	TouchSession(ctx context.Context, id int64, now time.Time) error
	// RevokeSession revokes the session whose token hashes to tokenHash and records the sign-out in the
	// audit log of each of the user's companies, from the client address; none (or one already revoked)
	// is not an error and records nothing.
	RevokeSession(ctx context.Context, tokenHash, address string, now time.Time) error
	// StaffUser returns the user and their memberships. Returns apperr.NotFound if there is no user.
	StaffUser(ctx context.Context, userID int64) (Admin, []Membership, error)
	// Role returns the user's role in the company. Returns apperr.NotFound if they have none there.
	Role(ctx context.Context, userID, companyID int64) (Role, error)
	// CompanyHeader returns the company as the back office shows it to a member of it.
	// Returns apperr.NotFound if the user has no role in the company.
	CompanyHeader(ctx context.Context, userID, companyID int64) (CompanyHeader, error)
	// AuditLog returns up to limit entries of the company's audit log with an id below before (any
	// when before is 0), newest first.
	AuditLog(ctx context.Context, companyID int64, limit int, before int64) ([]AuditEntry, error)
	// DeleteStale deletes sessions that expired or were revoked before sessionsBefore and
	// sign-in failures older than failuresBefore; it returns how many rows went.
	DeleteStale(ctx context.Context, sessionsBefore, failuresBefore time.Time) (int64, error)
}

// LoginAttempt is a sign-in to gate: the normalised e-mail, the client's address, the start of the
// throttle's window, the limits, the time of the attempt and whether it solved the captcha (then the
// account's limit does not stop it).
type LoginAttempt struct {
	Account       string
	Address       string
	Since         time.Time
	Now           time.Time
	AccountLimit  int
	PairLimit     int
	AddressLimit  int
	CaptchaSolved bool
}

// LoginInput is a sign-in as the client sent it: the e-mail and password typed, the captcha's
// payload (empty unless the server asked for it) and the client's address.
type LoginInput struct {
	Email    string
	Password string
	Captcha  string
	Address  string
	// UserAgent is the browser's User-Agent, kept with the session so its user can tell their sessions apart.
	UserAgent string
}

// LoginReservation is what ReserveLogin found: the throttle's gate and, when the attempt was let
// through, the row recording it for the address and the account's credentials (Found false when no
// user has the e-mail).
type LoginReservation struct {
	Gate             Gate
	AddressFailureID int64
	Found            bool
	User             Admin
	PasswordHash     string
	Memberships      []Membership
}

// NewSession is a session to store after a successful sign-in, and the failures it clears.
type NewSession struct {
	UserID           int64
	TokenHash        string
	Now              time.Time
	ExpiresAt        time.Time
	Account          string // the normalised e-mail whose failures are cleared
	Address          string // the client's address: the pair (Account, Address)'s failures are cleared
	AddressFailureID int64  // the attempt's own address row, deleted
	UserAgent        string // the browser's User-Agent (cut to 300 characters), shown with the session
}

// LoginResult is a successful sign-in: the session token (given to the client once, never stored),
// its absolute expiry, the user and their companies sorted by name.
type LoginResult struct {
	Token     string
	ExpiresAt time.Time
	User      Admin
	Companies []Membership
	// SecondFactor is set (ChallengeTOTP or ChallengeEnrol) when the password was right and the sign-in
	// needs its second step: Token is empty, Challenge names the step (until ExpiresAt) and, to enrol,
	// TOTPSecret and TOTPURI are the secret to add to an authenticator.
	SecondFactor string
	Challenge    string
	TOTPSecret   string
	TOTPURI      string
	// RecoveryCodes are the codes of a user who enrolled at this sign-in, shown once.
	RecoveryCodes []string
}

// Profile is the signed-in user and their companies sorted by name.
type Profile struct {
	User      Admin
	Companies []Membership
}

// CompanyHeader is what the back office shows of a company its user may manage: the AdminCompany
// schema of docs/openapi.yaml. The schedule fields come from the company's first installation.
type CompanyHeader struct {
	ID                int64  `json:"idCompany"`
	Name              string `json:"companyName"`
	Role              Role   `json:"role"`
	PublicKey         string `json:"publicKey"`
	CurrencySymbol    string `json:"simbolCoinType"`
	Currency          string `json:"currency"`
	TimeZone          string `json:"timeZone"`
	DefaultCulture    string `json:"defaultCulture"`
	Logo              string `json:"logo"`
	IsRefundEnabled   bool   `json:"isRefundEnabled"`
	RefundMaxDays     int    `json:"refundMaxDays"`
	MaxDaysBooking    int    `json:"maxDaysBooking"`
	ShowLicences      bool   `json:"showLicences"`
	AdvertisingActive bool   `json:"advertisingActive"`
	IntervalMinutes   int    `json:"intervalMinutes"`
	OpeningTime       string `json:"openingTime"`
	ClosingTime       string `json:"closingTime"`
}

// The schedule settings a company without an installation shows (admin-side.md section 9).
const (
	DefaultMaxDaysBooking = 45
	DefaultInterval       = 15
	DefaultOpening        = "08:00"
	DefaultClosing        = "23:00"
)

// AuditEntry is one line of a company's audit log as staff read it: the AuditEntry schema.
type AuditEntry struct {
	ID        int64           `json:"id"`
	At        time.Time       `json:"at"`
	UserID    *int64          `json:"userId"` // null when the user was deleted since
	UserEmail string          `json:"userEmail"`
	Action    string          `json:"action"`
	Entity    string          `json:"entity"`
	EntityID  string          `json:"entityId"`
	Details   json.RawMessage `json:"details"` // a JSON object
}

// Audit log pages: the default and the largest number of entries a page holds.
const (
	DefaultAuditLimit = 100
	MaxAuditLimit     = 500
)
