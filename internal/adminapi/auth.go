package adminapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
)

// AuthService signs staff in and out, resolves sessions and memberships, and reads the company
// header and the audit log (account.Auth).
type AuthService interface {
	// Resolve returns the user of a live session token and extends its idle expiry.
	// Returns apperr.Unauthorized if the token is unknown, expired or revoked.
	Resolve(ctx context.Context, token string) (account.Staff, error)
	// RoleIn returns the user's role in the company.
	// Returns apperr.Forbidden if the user has none there (or the company does not exist).
	RoleIn(ctx context.Context, userID, companyID int64) (account.Role, error)
	// Login signs in with an e-mail and password (and the captcha's payload, when asked for) from the
	// client address. Returns apperr.Unauthorized for an unknown e-mail, a wrong password or a user
	// without a company (one answer for all), a *account.ThrottleError (apperr.TooManyRequests) while
	// failed sign-ins of the (account, address) pair or of the address are throttled, and
	// apperr.Unprocessable with the field "captcha" when the account's failures ask for the captcha and
	// it is missing or does not pass.
	Login(ctx context.Context, in account.LoginInput) (account.LoginResult, error)
	// SecondStep finishes a sign-in that asked for a second factor with a code (or a recovery code).
	// Returns apperr.Unauthorized for an unknown, used or expired challenge, apperr.Unprocessable
	// (field code) for a wrong code and a *account.ThrottleError while throttled.
	SecondStep(ctx context.Context, in account.SecondStepInput) (account.LoginResult, error)
	// Logout revokes the session of the token, signed out from the client address; an unknown token
	// is not an error.
	Logout(ctx context.Context, token, address string) error
	// Me returns the user and their companies. Returns apperr.Unauthorized if the user is gone.
	Me(ctx context.Context, userID int64) (account.Profile, error)
	// Company returns what the back office shows of a company of the user.
	// Returns apperr.Forbidden if the user has no role there.
	Company(ctx context.Context, userID, companyID int64) (account.CompanyHeader, error)
	// Audit returns up to limit entries (0: the default) of the company's audit log with an id below
	// before (0: from the newest), newest first. Returns apperr.Invalid for a limit out of range.
	Audit(ctx context.Context, companyID int64, limit int, before int64) ([]account.AuditEntry, error)
}

// staffUser and staffCompany are the StaffUser and StaffCompany schemas.
type staffUser struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
	Name  string `json:"name"`
}

type staffCompany struct {
	IDCompany   int64        `json:"idCompany"`
	CompanyName string       `json:"companyName"`
	Role        account.Role `json:"role"`
}

func userView(a account.Admin) staffUser { return staffUser{ID: a.ID, Email: a.Email, Name: a.Name} }

func companiesView(ms []account.Membership) []staffCompany {
	out := make([]staffCompany, len(ms))
	for i, m := range ms {
		out[i] = staffCompany{IDCompany: m.CompanyID, CompanyName: m.CompanyName, Role: m.Role}
	}
	return out
}

// login is POST /api/users/adminLogin: it checks the credentials, ends the session the request carried
// (cookie or bearer) if any, sets the session cookie and returns the user's companies. The token is in
// the HttpOnly cookie only: page scripts never see it, and programs use personal API tokens (access.go).
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	if s.deps.Auth == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Staff sign-in is not available on this server."))
		return
	}
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
		Captcha  string `json:"captcha"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	fe := apperr.FieldErrors{}
	if strings.TrimSpace(in.Email) == "" || len(in.Email) > 254 {
		fe.Add("email", "Enter your e-mail address (at most 254 characters).")
	}
	if in.Password == "" || len(in.Password) > 1024 {
		fe.Add("password", "Enter your password (at most 1024 characters).")
	}
	if len(in.Captcha) > 4096 {
		fe.Add("captcha", "invalid")
	}
	if err := fe.Err(apperr.Invalid, "Enter your e-mail and password."); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	client := s.deps.ClientAddr(r)
	res, err := s.deps.Auth.Login(r.Context(), account.LoginInput{Email: in.Email, Password: in.Password, Captcha: in.Captcha, Address: client,
		UserAgent: r.UserAgent()})
	if err != nil {
		var te *account.ThrottleError
		switch {
		case errors.As(err, &te):
			w.Header().Set("Retry-After", strconv.Itoa(te.RetryAfterSeconds()))
			httpx.Logger(r.Context()).Warn("staff sign-in throttled", "client", client, "retry_after_s", te.RetryAfterSeconds())
		case apperr.Is(err, apperr.Unauthorized):
			// Every failed sign-in is in the server's log; a known user's is also in their companies'
			// audit logs, and an unknown account's has no company: the log is where the operator sees it.
			httpx.Logger(r.Context()).Warn("staff sign-in failed", "account", loggedAccount(in.Email), "client", client)
		}
		httpx.WriteError(w, r, err)
		return
	}
	if res.SecondFactor != "" {
		writeChallenge(w, res)
		return
	}
	s.signedIn(w, r, res, client)
}

// signedIn answers a sign-in that started a session: the earlier session of the request ended, the
// cookie set, the user and companies returned.
func (s *Server) signedIn(w http.ResponseWriter, r *http.Request, res account.LoginResult, client string) {
	httpx.Logger(r.Context()).Info("staff signed in", "user_id", res.User.ID)
	// A sign-in ends the session the request was sent with (a shared desk computer: the next person's
	// sign-in leaves nothing of the last one's session, and a planted token gains nothing).
	if old, _ := s.sessionToken(r); old != "" && old != res.Token {
		if err := s.deps.Auth.Logout(r.Context(), old, client); err != nil {
			httpx.Logger(r.Context()).Warn("the earlier session could not be ended at sign-in", "error", err)
		}
	}
	http.SetCookie(w, s.sessionCookie(res.Token, res.ExpiresAt))
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, struct {
		Companies     []staffCompany `json:"companies"`
		User          staffUser      `json:"user"`
		ExpiresAt     time.Time      `json:"expiresAt"`
		RecoveryCodes []string       `json:"recoveryCodes,omitempty"`
	}{companiesView(res.Companies), userView(res.User), res.ExpiresAt.UTC(), res.RecoveryCodes})
}

// loggedAccount is the e-mail of a failed sign-in as the server's log names it: normalised when it
// is an e-mail address, else a placeholder, since a password typed in the wrong field must not be
// written to a log.
func loggedAccount(email string) string {
	if e := account.NormaliseEmail(email); account.ValidEmail(e) {
		return e
	}
	return "(not an e-mail address)"
}

// sessionCookie is the staff session cookie: HttpOnly (page scripts never see it), SameSite=Strict
// (no cross-site request carries it), Secure behind https, for the whole site (the web app's /admin
// pages call /api/), until the session's absolute expiry. An empty token clears it.
func (s *Server) sessionCookie(token string, expires time.Time) *http.Cookie {
	c := &http.Cookie{Name: httpx.StaffCookieName(s.deps.SecureCookies), Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: s.deps.SecureCookies}
	if token == "" {
		c.MaxAge = -1
		c.Expires = time.Unix(0, 0)
		return c
	}
	c.Expires = expires.UTC()
	return c
}

// logout is POST /api/users/logout: it revokes the request's session (bearer or cookie) and clears
// the cookie. A cookie sign-out from another origin is refused like any cookie write; without a
// session it still answers 204.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	token, viaCookie := s.sessionToken(r)
	if viaCookie && !s.sameOrigin(r) {
		httpx.WriteError(w, r, apperr.New(apperr.Forbidden, "This request did not come from the back office's own pages."))
		return
	}
	if token != "" && s.deps.Auth != nil {
		if err := s.deps.Auth.Logout(r.Context(), token, s.deps.ClientAddr(r)); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	http.SetCookie(w, s.sessionCookie("", time.Time{}))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// me is GET /api/users/me: the signed-in user and their companies, or 401.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	staff, err := s.staff(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := s.deps.Auth.Me(r.Context(), staff.UserID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, struct {
		User      staffUser      `json:"user"`
		Companies []staffCompany `json:"companies"`
	}{userView(p.User), companiesView(p.Companies)})
}

// company is GET /api/admin/company: the header of the request's company.
func (s *Server) company(w http.ResponseWriter, r *http.Request, sc Scope) {
	c, err := s.deps.Auth.Company(r.Context(), sc.UserID, sc.CompanyID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, c)
}

// audit is GET /api/admin/audit: a page of the company's audit log, newest first.
func (s *Server) audit(w http.ResponseWriter, r *http.Request, sc Scope) {
	q := r.URL.Query()
	limit, before := 0, int64(0)
	if raw := q.Get("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > account.MaxAuditLimit {
			httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "The limit is malformed.",
				map[string]string{"limit": "must be an integer from 1 to " + strconv.Itoa(account.MaxAuditLimit)}))
			return
		}
		limit = n
	}
	if raw := q.Get("before"); raw != "" {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n < 1 {
			httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "The cursor is malformed.", map[string]string{"before": "must be a positive integer"}))
			return
		}
		before = n
	}
	entries, err := s.deps.Auth.Audit(r.Context(), sc.CompanyID, limit, before)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, struct {
		Data []account.AuditEntry `json:"data"`
	}{entries})
}
