package account

import (
	"context"
	"net/mail"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// Role is what an admin may do in a company.
type Role string

// The roles of the memberships table, from the least to the most a member may do (docs/architecture.md,
// "Roles"): DESK runs the counter (Today, bookings, payments at the counter, check-in); ADMIN also sees
// money and runs the catalogue, settings and the team (but not its SUPERADMINs); SUPERADMIN also runs
// events, the company's switches and grants SUPERADMIN. Each staff route names the least role it needs
// (adminapi.Route.MinRole).
const (
	RoleDesk       Role = "DESK"
	RoleAdmin      Role = "ADMIN"
	RoleSuperAdmin Role = "SUPERADMIN"
)

// rank orders the roles; 0 is no role.
func (r Role) rank() int {
	switch r {
	case RoleDesk:
		return 1
	case RoleAdmin:
		return 2
	case RoleSuperAdmin:
		return 3
	}
	return 0
}

// Valid reports whether r is one of the known roles.
func (r Role) Valid() bool { return r.rank() > 0 }

// AtLeast reports whether r may do what min allows: a known role ranked at or above min.
func (r Role) AtLeast(min Role) bool { return r.Valid() && r.rank() >= min.rank() }

// MinPasswordLength is the shortest password CreateAdmin accepts.
const MinPasswordLength = 12

// Admin is a back-office user.
type Admin struct {
	ID        int64
	Email     string
	Name      string
	CreatedAt time.Time
}

// Membership is an admin's role in one company.
type Membership struct {
	CompanyID   int64
	CompanyName string
	Role        Role
}

// NewAdmin is an admin user to create (or find by e-mail) and the role to grant it in a company.
type NewAdmin struct {
	Email        string // normalised: trimmed, lower case
	Name         string
	PasswordHash string // argon2id PHC string; see HashPassword
	CompanyID    int64
	Role         Role
}

// Store is what Service needs from the database.
type Store interface {
	// UpsertAdmin creates the admin user a.Email unless one exists (an existing user keeps its name
	// and password), then grants it a.Role in a.CompanyID, replacing its earlier role there, in one
	// transaction. It reports whether the user was created.
	// Returns apperr.NotFound if the company does not exist.
	UpsertAdmin(ctx context.Context, a NewAdmin, now time.Time) (Admin, bool, error)
}

// Service manages admin users.
type Service struct {
	store Store
	clock clock.Clock
}

// NewService returns a Service over the store, telling time with clk.
func NewService(s Store, clk clock.Clock) *Service { return &Service{store: s, clock: clk} }

// CreateAdmin makes email an admin of the company with the role ("DESK", "ADMIN" or "SUPERADMIN"). A new
// user is created with the name and password; when a user with that e-mail exists already, it keeps
// its name and password and only gains (or changes) its role in the company, so running it twice
// changes nothing. Returns apperr.Unprocessable with field errors (email, name, password, role) for
// invalid input, and apperr.NotFound if the company does not exist.
func (s *Service) CreateAdmin(ctx context.Context, email, name, password string, companyID int64, role string) error {
	a := NewAdmin{Email: NormaliseEmail(email), Name: strings.TrimSpace(name), CompanyID: companyID, Role: Role(role)}
	fe := apperr.FieldErrors{}
	if !ValidEmail(a.Email) {
		fe.Add("email", "Enter a valid e-mail address.")
	}
	if a.Name == "" || len(a.Name) > 200 {
		fe.Add("name", "Enter a name of up to 200 characters.")
	}
	if msg := passwordProblem(password, a.Email, a.Name); msg != "" {
		fe.Add("password", msg)
	}
	if !a.Role.Valid() {
		fe.Add("role", "The role must be DESK, ADMIN or SUPERADMIN.")
	}
	if companyID < 1 {
		fe.Add("companyId", "Choose a company.")
	}
	if err := fe.Err(apperr.Unprocessable, "Check the highlighted fields."); err != nil {
		return err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	a.PasswordHash = hash
	_, _, err = s.store.UpsertAdmin(ctx, a, s.clock.Now())
	if apperr.Is(err, apperr.NotFound) {
		return apperr.New(apperr.NotFound, "No company with that id.")
	}
	return err
}

// NormaliseEmail trims an e-mail address and lower-cases it, the form admin e-mails are stored in.
func NormaliseEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// ValidEmail reports whether email is a plain address (local@domain.tld, no display name) of at most
// 254 characters.
func ValidEmail(email string) bool {
	if len(email) > 254 || strings.ContainsAny(email, " \t\r\n<>") {
		return false
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || addr.Name != "" {
		return false
	}
	at := strings.LastIndexByte(email, '@')
	domain := email[at+1:]
	return at > 0 && strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}

// Staff is the signed-in user behind a live staff session.
type Staff struct {
	UserID    int64
	Email     string
	Name      string
	SessionID int64
}
