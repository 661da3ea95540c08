package account

import (
	"context"
	"errors"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// The Team tab of the settings dialog (issue 24; docs/openapi.yaml, /api/admin/team): the company's
// members and invitations, and the rules every change to them keeps.

// Member states of the Team tab; invited people are the Team's invitations.
const (
	MemberActive   = "active"
	MemberDisabled = "disabled"
)

// Invitation states: open and within its time, or past it (resend it).
const (
	InvitationInvited = "invited"
	InvitationExpired = "expired"
)

// InvitationTTL is how long an invitation link works after it is (re)sent.
const InvitationTTL = 72 * time.Hour

// MaxInvitationFailures is how many wrong passwords of an existing account use an invitation up.
const MaxInvitationFailures = 5

// TeamMember is one member of a company as the Team tab lists them: the TeamMember schema.
type TeamMember struct {
	UserID       int64      `json:"userId"`
	Name         string     `json:"name"`
	Email        string     `json:"email"`
	Role         Role       `json:"role"`
	State        string     `json:"state"`
	LastSignInAt *time.Time `json:"lastSignInAt"`
	IsMe         bool       `json:"isMe"`
}

// Active reports whether the member is not disabled.
func (m TeamMember) Active() bool { return m.State != MemberDisabled }

// Invitation is an open invitation: the TeamInvitation schema.
type Invitation struct {
	ID        int64     `json:"id"`
	Email     string    `json:"email"`
	Role      Role      `json:"role"`
	State     string    `json:"state"`
	InvitedBy string    `json:"invitedBy"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Team is the Team tab's list: the Team schema.
type Team struct {
	Members     []TeamMember `json:"members"`
	Invitations []Invitation `json:"invitations"`
}

// TeamActor is who changes the team: the signed-in user, the company and their role there.
type TeamActor struct {
	UserID    int64
	Email     string
	CompanyID int64
	Role      Role
}

// Member operations.
const (
	OpRole    = "role"
	OpDisable = "disable"
	OpEnable  = "enable"
	OpRemove  = "remove"
)

// MemberChange is one change to a member of a company, made by the actor.
type MemberChange struct {
	CompanyID int64
	UserID    int64
	Op        string // OpRole, OpDisable, OpEnable or OpRemove
	Role      Role   // the new role (OpRole)
	Actor     TeamActor
	Now       time.Time
}

// MemberCheck decides, inside the change's transaction, whether the change may go ahead: cur is the
// member as it is, otherAdmins the number of the company's other active members ranked ADMIN or above.
type MemberCheck func(cur TeamMember, otherAdmins int) error

// NewInvitation is an invitation to store and mail.
type NewInvitation struct {
	CompanyID int64
	Email     string // normalised
	Role      Role
	TokenHash string
	Link      string // the accept page's path, "/invite/<token>": the mail puts the base URL before it
	Culture   string // the mail's language
	Actor     TeamActor
	Now       time.Time
	ExpiresAt time.Time
}

// InvitationRecord is an open invitation found by its token, with what accepting it needs.
type InvitationRecord struct {
	ID             int64
	CompanyID      int64
	CompanyName    string
	Email          string
	Role           Role
	ExpiresAt      time.Time
	ExistingUserID int64  // the account that has the e-mail already, 0 when none
	PasswordHash   string // that account's password hash
}

// Acceptance is an invitation accepted: a new account's name and password hash (NewUser false: the
// account with the e-mail joins).
type Acceptance struct {
	InvitationID int64
	NewUser      bool
	Name         string
	PasswordHash string
	Now          time.Time
}

// TeamStore is what TeamService needs from the database (store.Team implements it). Every write
// records itself in the company's audit log in its transaction.
type TeamStore interface {
	// Team lists the company's members (by name) and open invitations (newest first); IsMe is left unset.
	Team(ctx context.Context, companyID int64, now time.Time) (Team, error)
	// ChangeMember applies c when check allows it, in one transaction with the company's team locked;
	// disabling or removing revokes every live session of the member. It returns the member as changed
	// (the zero member after OpRemove). Returns apperr.NotFound if the user is no member of the company,
	// and check's error.
	ChangeMember(ctx context.Context, c MemberChange, check MemberCheck) (TeamMember, error)
	// CreateInvitation stores the invitation and queues its mail. Returns apperr.Conflict with the field
	// email when the address is a member of the company already or has an open invitation there.
	CreateInvitation(ctx context.Context, in NewInvitation) (Invitation, error)
	// ResendInvitation gives the open invitation id of in.CompanyID a new token and expiry and queues
	// its mail again (in.Email and in.Role are ignored). Returns apperr.NotFound if there is none.
	ResendInvitation(ctx context.Context, id int64, in NewInvitation) (Invitation, error)
	// RevokeInvitation ends the open invitation. Returns apperr.NotFound if there is none.
	RevokeInvitation(ctx context.Context, companyID, id int64, actor TeamActor, now time.Time) error
	// InvitationByToken returns the open invitation whose token hashes to tokenHash, expired or not.
	// Returns apperr.NotFound if there is none (unknown, accepted, revoked or used up).
	InvitationByToken(ctx context.Context, tokenHash string) (InvitationRecord, error)
	// InvitationFailed counts a wrong password against the invitation; at MaxInvitationFailures it is
	// used up.
	InvitationFailed(ctx context.Context, id int64, now time.Time) error
	// AcceptInvitation marks the invitation accepted (once: apperr.NotFound if it is no longer open or
	// has expired by a.Now), creates the account when a.NewUser, and adds the membership.
	// Returns apperr.Conflict if a.NewUser and the e-mail has an account by now.
	AcceptInvitation(ctx context.Context, a Acceptance) error
}

// TeamService runs the Team tab and the invitation page.
type TeamService struct {
	store TeamStore
	clock clock.Clock
}

// NewTeamService returns the Team service over the store.
func NewTeamService(s TeamStore, clk clock.Clock) *TeamService {
	return &TeamService{store: s, clock: clk}
}

// List returns the actor's company's team, the actor marked IsMe.
func (t *TeamService) List(ctx context.Context, a TeamActor) (Team, error) {
	team, err := t.store.Team(ctx, a.CompanyID, t.clock.Now())
	if err != nil {
		return Team{}, err
	}
	for i := range team.Members {
		team.Members[i].IsMe = team.Members[i].UserID == a.UserID
	}
	return team, nil
}

// errLastAdmin is the answer to a change that would leave the company without an active ADMIN.
func errLastAdmin(field string) error {
	return apperr.WithFields(apperr.Unprocessable, "The company needs at least one active ADMIN or SUPERADMIN.",
		map[string]string{field: "The company needs at least one active ADMIN or SUPERADMIN."})
}

// rules is the check of every member change: nobody changes themselves, an ADMIN neither changes a
// SUPERADMIN nor grants SUPERADMIN, and the company keeps an active ADMIN-or-above.
func rules(c MemberChange) MemberCheck {
	return func(cur TeamMember, otherAdmins int) error {
		if cur.UserID == c.Actor.UserID {
			return apperr.WithFields(apperr.Unprocessable, "You cannot change your own membership.",
				map[string]string{"userId": "You cannot change, disable or remove yourself."})
		}
		if cur.Role == RoleSuperAdmin && !c.Actor.Role.AtLeast(RoleSuperAdmin) {
			return apperr.New(apperr.Forbidden, "Only a SUPERADMIN may change a SUPERADMIN.")
		}
		if !cur.Active() || !cur.Role.AtLeast(RoleAdmin) || otherAdmins > 0 {
			return nil
		}
		switch {
		case c.Op == OpDisable || c.Op == OpRemove:
			return errLastAdmin("userId")
		case c.Op == OpRole && !c.Role.AtLeast(RoleAdmin):
			return errLastAdmin("role")
		}
		return nil
	}
}

// ChangeMember changes the member userID of the actor's company: OpRole (to role), OpDisable,
// OpEnable or OpRemove. Returns apperr.Unprocessable with fields (role unknown or beyond the actor's,
// userId: oneself, the last active ADMIN), apperr.Forbidden (an ADMIN changing a SUPERADMIN) and
// apperr.NotFound (no such member); nothing changes then.
func (t *TeamService) ChangeMember(ctx context.Context, a TeamActor, userID int64, op string, role Role) (TeamMember, error) {
	if op == OpRole {
		if err := grantable(a, role); err != nil {
			return TeamMember{}, err
		}
	}
	c := MemberChange{CompanyID: a.CompanyID, UserID: userID, Op: op, Role: role, Actor: a, Now: t.clock.Now()}
	m, err := t.store.ChangeMember(ctx, c, rules(c))
	if apperr.Is(err, apperr.NotFound) {
		return TeamMember{}, apperr.New(apperr.NotFound, "No such member of this company.")
	}
	return m, err
}

// grantable returns apperr.Unprocessable naming role unless the actor may give role.
func grantable(a TeamActor, role Role) error {
	if !role.Valid() {
		return apperr.WithFields(apperr.Unprocessable, "Check the highlighted fields.",
			map[string]string{"role": "The role must be DESK, ADMIN or SUPERADMIN."})
	}
	if role == RoleSuperAdmin && !a.Role.AtLeast(RoleSuperAdmin) {
		return apperr.WithFields(apperr.Unprocessable, "Check the highlighted fields.",
			map[string]string{"role": "Only a SUPERADMIN may grant SUPERADMIN."})
	}
	return nil
}

// Invite invites email to the actor's company with the role and queues the mail in the culture.
// Returns apperr.Unprocessable with fields (email, role) and apperr.Conflict (already a member, or
// already invited).
func (t *TeamService) Invite(ctx context.Context, a TeamActor, email string, role Role, culture string) (Invitation, error) {
	email = NormaliseEmail(email)
	fe := apperr.FieldErrors{}
	if !ValidEmail(email) {
		fe.Add("email", "Enter a valid e-mail address.")
	}
	var ae *apperr.Error
	if err := grantable(a, role); errors.As(err, &ae) {
		fe.Add("role", ae.Fields["role"])
	}
	if err := fe.Err(apperr.Unprocessable, "Check the highlighted fields."); err != nil {
		return Invitation{}, err
	}
	token := NewSessionToken()
	now := t.clock.Now()
	return t.store.CreateInvitation(ctx, NewInvitation{CompanyID: a.CompanyID, Email: email, Role: role,
		TokenHash: HashSessionToken(token), Link: "/invite/" + token, Culture: strings.TrimSpace(culture),
		Actor: a, Now: now, ExpiresAt: now.Add(InvitationTTL)})
}

// Resend sends the open invitation id again with a new token valid InvitationTTL; the old link dies.
func (t *TeamService) Resend(ctx context.Context, a TeamActor, id int64, culture string) (Invitation, error) {
	token := NewSessionToken()
	now := t.clock.Now()
	inv, err := t.store.ResendInvitation(ctx, id, NewInvitation{CompanyID: a.CompanyID, TokenHash: HashSessionToken(token),
		Link: "/invite/" + token, Culture: strings.TrimSpace(culture), Actor: a, Now: now, ExpiresAt: now.Add(InvitationTTL)})
	if apperr.Is(err, apperr.NotFound) {
		return Invitation{}, apperr.New(apperr.NotFound, "No such open invitation.")
	}
	return inv, err
}

// Revoke ends the open invitation id.
func (t *TeamService) Revoke(ctx context.Context, a TeamActor, id int64) error {
	err := t.store.RevokeInvitation(ctx, a.CompanyID, id, a, t.clock.Now())
	if apperr.Is(err, apperr.NotFound) {
		return apperr.New(apperr.NotFound, "No such open invitation.")
	}
	return err
}

// InvitationInfo is what the invitation page shows: the InvitationInfo schema.
type InvitationInfo struct {
	CompanyName     string    `json:"companyName"`
	Email           string    `json:"email"`
	Role            Role      `json:"role"`
	ExistingAccount bool      `json:"existingAccount"`
	ExpiresAt       time.Time `json:"expiresAt"`
}

var errNoInvitation = apperr.New(apperr.NotFound, "This invitation link is not valid any more. Ask for a new one.")

// open returns the open, unexpired invitation of the token: apperr.NotFound or apperr.Gone (expired).
func (t *TeamService) open(ctx context.Context, token string) (InvitationRecord, error) {
	if token == "" || len(token) > 100 {
		return InvitationRecord{}, errNoInvitation
	}
	r, err := t.store.InvitationByToken(ctx, HashSessionToken(token))
	if apperr.Is(err, apperr.NotFound) {
		return InvitationRecord{}, errNoInvitation
	}
	if err != nil {
		return InvitationRecord{}, err
	}
	if !t.clock.Now().Before(r.ExpiresAt) {
		return InvitationRecord{}, apperr.New(apperr.Gone, "This invitation expired. Ask for a new one.")
	}
	return r, nil
}

// Invitation reads the invitation of the token.
func (t *TeamService) Invitation(ctx context.Context, token string) (InvitationInfo, error) {
	r, err := t.open(ctx, token)
	if err != nil {
		return InvitationInfo{}, err
	}
	return InvitationInfo{CompanyName: r.CompanyName, Email: r.Email, Role: r.Role, ExistingAccount: r.ExistingUserID != 0,
		ExpiresAt: r.ExpiresAt}, nil
}

// Accept accepts the invitation of the token: a new account is created with the name and password; an
// existing account proves itself with its password. Returns apperr.Unprocessable with fields (name,
// password), apperr.NotFound (unknown, used, revoked) and apperr.Gone (expired).
func (t *TeamService) Accept(ctx context.Context, token, name, password string) error {
	r, err := t.open(ctx, token)
	if err != nil {
		return err
	}
	a := Acceptance{InvitationID: r.ID, Now: t.clock.Now()}
	if r.ExistingUserID != 0 {
		ok, err := CheckPassword(r.PasswordHash, password)
		if err != nil || !ok || len(password) > 1024 {
			if err := t.store.InvitationFailed(ctx, r.ID, a.Now); err != nil {
				return err
			}
			return apperr.WithFields(apperr.Unprocessable, "The password is not right.",
				map[string]string{"password": "Enter the password of your existing account."})
		}
	} else {
		a.NewUser, a.Name = true, strings.TrimSpace(name)
		fe := apperr.FieldErrors{}
		if a.Name == "" || len(a.Name) > 200 {
			fe.Add("name", "Enter a name of up to 200 characters.")
		}
		if msg := passwordProblem(password, r.Email, a.Name); msg != "" {
			fe.Add("password", msg)
		}
		if err := fe.Err(apperr.Unprocessable, "Check the highlighted fields."); err != nil {
			return err
		}
		if a.PasswordHash, err = HashPassword(password); err != nil {
			return err
		}
	}
	err = t.store.AcceptInvitation(ctx, a)
	if apperr.Is(err, apperr.NotFound) {
		return errNoInvitation
	}
	return err
}
