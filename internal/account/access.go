package account

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// A member's sessions and the company's personal API tokens (issue 24; docs/openapi.yaml,
// /api/admin/team/members/{userId}/sessions, /api/users/me/sessions and /api/admin/api-tokens).

// APITokenPrefix starts every API token's secret, so a bearer token tells at once which kind it is.
const APITokenPrefix = "plt_"

// MaxTokenName is the longest name an API token may have.
const MaxTokenName = 80

// SessionInfo is one live session as the Team tab and My account list it: the StaffSession schema.
type SessionInfo struct {
	ID         int64     `json:"id"`
	CreatedAt  time.Time `json:"createdAt"`
	LastSeenAt time.Time `json:"lastSeenAt"`
	ExpiresAt  time.Time `json:"expiresAt"`
	UserAgent  string    `json:"userAgent"`
	Address    string    `json:"address"`
	Current    bool      `json:"current"`
}

// APIToken is an API token as the Team tab lists it (never its secret): the ApiToken schema.
type APIToken struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	Role       Role       `json:"role"`
	CreatedBy  string     `json:"createdBy"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
	RevokedAt  *time.Time `json:"revokedAt"`
}

// APITokenRecord is a live API token found by its secret, with its creator.
type APITokenRecord struct {
	ID         int64
	CompanyID  int64
	UserID     int64
	Email      string
	Name       string // the creator's name
	Role       Role
	LastUsedAt time.Time // zero when never used
}

// EndSessions says which sessions of a user to end: one (SessionID), or all but ExceptID (0: all).
// CompanyID is the company whose audit log records it (0: every company of the user, as a sign-out).
type EndSessions struct {
	UserID    int64
	SessionID int64
	ExceptID  int64
	CompanyID int64
	Actor     TeamActor
	Now       time.Time
}

// NewAPIToken is an API token to store.
type NewAPIToken struct {
	Name      string
	Role      Role
	TokenHash string
	Actor     TeamActor // the creator, their company and role
	Now       time.Time
}

// AccessStore is what Access needs from the database (store.Access implements it).
type AccessStore interface {
	// LiveSessions returns the user's sessions that are unrevoked, not past their expiry at now and used
	// since idleSince, newest first.
	LiveSessions(ctx context.Context, userID int64, now, idleSince time.Time) ([]SessionInfo, error)
	// EndSessions revokes the sessions e names that are not revoked yet and records it in the audit log;
	// it returns how many it ended. Returns apperr.NotFound if e names one session the user has not live.
	EndSessions(ctx context.Context, e EndSessions) (int64, error)
	// MemberRole returns the role of a member of the company, disabled or not.
	// Returns apperr.NotFound if the user is not a member there.
	MemberRole(ctx context.Context, companyID, userID int64) (Role, error)
	// CreateAPIToken stores the token and records it in the company's audit log.
	CreateAPIToken(ctx context.Context, n NewAPIToken) (APIToken, error)
	// APITokens returns the company's API tokens, newest first.
	APITokens(ctx context.Context, companyID int64) ([]APIToken, error)
	// RevokeAPIToken revokes the company's token id (already revoked: nothing changes) and records it in
	// the audit log. Returns apperr.NotFound if the company has no such token.
	RevokeAPIToken(ctx context.Context, companyID, id int64, actor TeamActor, now time.Time) error
	// APITokenByHash returns the unrevoked token whose secret hashes to hash.
	// Returns apperr.NotFound if there is none.
	APITokenByHash(ctx context.Context, hash string) (APITokenRecord, error)
	// TouchAPIToken records a use of the token at now.
	TouchAPIToken(ctx context.Context, id int64, now time.Time) error
}

// Access lists and ends sessions and runs the API tokens.
type Access struct {
	store  AccessStore
	clock  clock.Clock
	policy SessionPolicy
}

// NewAccess returns the service over the store; policy is the sessions' (its idle time decides which
// sessions are still live).
func NewAccess(s AccessStore, clk clock.Clock, policy SessionPolicy) *Access {
	return &Access{store: s, clock: clk, policy: policy.withDefaults()}
}

// TokenAccess is what an API token grants: its creator, in its one company, with its role.
type TokenAccess struct {
	Staff
	TokenID   int64
	CompanyID int64
	Role      Role
}

var errNoToken = apperr.New(apperr.Unauthorized, "This API token is unknown or revoked.")

// IsAPIToken reports whether a bearer token is an API token (rather than a session's).
func IsAPIToken(token string) bool { return strings.HasPrefix(token, APITokenPrefix) }

// ResolveToken returns what the live API token secret grants and records its use (at most once a
// minute). Returns apperr.Unauthorized if it is unknown or revoked.
func (a *Access) ResolveToken(ctx context.Context, secret string) (TokenAccess, error) {
	if !IsAPIToken(secret) || len(secret) > 200 {
		return TokenAccess{}, errNoToken
	}
	r, err := a.store.APITokenByHash(ctx, HashSessionToken(secret))
	if apperr.Is(err, apperr.NotFound) {
		return TokenAccess{}, errNoToken
	}
	if err != nil {
		return TokenAccess{}, err
	}
	if now := a.clock.Now(); now.Sub(r.LastUsedAt) >= TouchEvery {
		if err := a.store.TouchAPIToken(ctx, r.ID, now); err != nil {
			return TokenAccess{}, err
		}
	}
	return TokenAccess{Staff: Staff{UserID: r.UserID, Email: r.Email, Name: r.Name}, TokenID: r.ID, CompanyID: r.CompanyID, Role: r.Role}, nil
}

// CreateToken creates an API token of the actor's company with the name and role and returns it with
// its secret, which is never shown again. Returns apperr.Unprocessable with fields (name empty or
// longer than MaxTokenName, role unknown or above the actor's own).
func (a *Access) CreateToken(ctx context.Context, actor TeamActor, name string, role Role) (APIToken, string, error) {
	name = strings.TrimSpace(name)
	fe := apperr.FieldErrors{}
	if name == "" || utf8.RuneCountInString(name) > MaxTokenName {
		fe.Add("name", "Name the token (at most 80 characters).")
	}
	switch {
	case !role.Valid():
		fe.Add("role", "The role must be DESK, ADMIN or SUPERADMIN.")
	case !actor.Role.AtLeast(role):
		fe.Add("role", "A token's role cannot be above your own.")
	}
	if err := fe.Err(apperr.Unprocessable, "Check the highlighted fields."); err != nil {
		return APIToken{}, "", err
	}
	secret := APITokenPrefix + NewSessionToken()
	t, err := a.store.CreateAPIToken(ctx, NewAPIToken{Name: name, Role: role, TokenHash: HashSessionToken(secret), Actor: actor, Now: a.clock.Now()})
	return t, secret, err
}

// Tokens returns the company's API tokens, newest first.
func (a *Access) Tokens(ctx context.Context, companyID int64) ([]APIToken, error) {
	ts, err := a.store.APITokens(ctx, companyID)
	if ts == nil {
		ts = []APIToken{}
	}
	return ts, err
}

// RevokeToken revokes the API token id of the actor's company. Returns apperr.NotFound if it has none.
func (a *Access) RevokeToken(ctx context.Context, actor TeamActor, id int64) error {
	err := a.store.RevokeAPIToken(ctx, actor.CompanyID, id, actor, a.clock.Now())
	if apperr.Is(err, apperr.NotFound) {
		return apperr.New(apperr.NotFound, "No such API token in this company.")
	}
	return err
}

// member checks that userID is a member of the actor's company whom the actor may manage: an ADMIN
// does not reach a SUPERADMIN's sessions. Returns apperr.NotFound or apperr.Forbidden.
func (a *Access) member(ctx context.Context, actor TeamActor, userID int64) error {
	role, err := a.store.MemberRole(ctx, actor.CompanyID, userID)
	if apperr.Is(err, apperr.NotFound) {
		return apperr.New(apperr.NotFound, "No such member of this company.")
	}
	if err != nil {
		return err
	}
	if role == RoleSuperAdmin && !actor.Role.AtLeast(RoleSuperAdmin) {
		return apperr.New(apperr.Forbidden, "Only a SUPERADMIN may see or end a SUPERADMIN's sessions.")
	}
	return nil
}

// Sessions returns the live sessions of the user, the one of currentID marked Current.
func (a *Access) Sessions(ctx context.Context, userID, currentID int64) ([]SessionInfo, error) {
	now := a.clock.Now()
	ss, err := a.store.LiveSessions(ctx, userID, now, now.Add(-a.policy.Idle))
	if err != nil {
		return nil, err
	}
	if ss == nil {
		ss = []SessionInfo{}
	}
	for i := range ss {
		ss[i].Current = ss[i].ID == currentID
	}
	return ss, nil
}

// MemberSessions returns the live sessions of a member of the actor's company (the actor's own current
// one marked). Returns apperr.NotFound (no such member) or apperr.Forbidden (an ADMIN asking for a
// SUPERADMIN's).
func (a *Access) MemberSessions(ctx context.Context, actor TeamActor, currentID, userID int64) ([]SessionInfo, error) {
	if err := a.member(ctx, actor, userID); err != nil {
		return nil, err
	}
	return a.Sessions(ctx, userID, currentID)
}

// EndMemberSessions ends one session of a member of the actor's company (sessionID), or all of them
// (sessionID 0), and returns how many ended. Returns apperr.NotFound (no such member, or no such live
// session of theirs) or apperr.Forbidden (an ADMIN and a SUPERADMIN).
func (a *Access) EndMemberSessions(ctx context.Context, actor TeamActor, userID, sessionID int64) (int64, error) {
	if err := a.member(ctx, actor, userID); err != nil {
		return 0, err
	}
	n, err := a.store.EndSessions(ctx, EndSessions{UserID: userID, SessionID: sessionID, CompanyID: actor.CompanyID, Actor: actor, Now: a.clock.Now()})
	if apperr.Is(err, apperr.NotFound) {
		return 0, apperr.New(apperr.NotFound, "No such live session of this member.")
	}
	return n, err
}

// EndMySessions ends one session of the signed-in user (sessionID; it may be the current one) or, with
// sessionID 0, every one but the current. Returns apperr.NotFound for a session of theirs not live.
func (a *Access) EndMySessions(ctx context.Context, me Staff, sessionID int64) (int64, error) {
	e := EndSessions{UserID: me.UserID, SessionID: sessionID, Actor: TeamActor{UserID: me.UserID, Email: me.Email}, Now: a.clock.Now()}
	if sessionID == 0 {
		e.ExceptID = me.SessionID
	}
	n, err := a.store.EndSessions(ctx, e)
	if apperr.Is(err, apperr.NotFound) {
		return 0, apperr.New(apperr.NotFound, "No such live session of yours.")
	}
	return n, err
}

// cutRunes returns s cut to at most n runes.
func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
