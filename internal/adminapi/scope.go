package adminapi

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
)

// CookieName is the staff session cookie over plain http (HttpOnly, SameSite=Strict). Behind https it is
// httpx.StaffCookieName(true), "__Host-pitlane_staff", and Secure.
var CookieName = httpx.StaffCookieName(false)

// Scope is what the scope middleware hands a staff handler: the signed-in user and the one company
// the request may touch, with the user's role there. A handler has no way to ask for another company.
type Scope struct {
	account.Staff
	CompanyID int64
	Role      account.Role
}

// scopedHandler is a staff handler: it runs only after the middleware resolved the session and the
// user's role in the request's company.
type scopedHandler func(w http.ResponseWriter, r *http.Request, sc Scope)

// Route is one row of the staff route table.
type Route struct {
	Pattern string       // method and path, as http.ServeMux reads it
	MinRole account.Role // the least role the call needs; "" is RoleAdmin, so a new route is closed to DESK until it says otherwise
	Handler scopedHandler
}

// minRole is the least role the route needs: MinRole, or RoleAdmin when it names none.
func (rt Route) minRole() account.Role {
	if rt.MinRole == "" {
		return account.RoleAdmin
	}
	return rt.MinRole
}

// publicRoute is a staff route that needs no company (sign-in, sign-out, who am I).
type publicRoute struct {
	Pattern string
	handle  http.HandlerFunc
	secret  bool // the path carries a secret (an invitation token): rate-limited as a guess (RegisterLimited)
}

// scoped is the one middleware every company-scoped staff route goes through: it resolves the staff
// session (bearer token, else the cookie, whose writes must come from this site's origin), reads the
// company the request names (idCompany, or company, in the query or the JSON body), checks the user's
// role there and only then calls the handler with that company.
func (s *Server) scoped(rt Route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		staff, tok, err := s.caller(r)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		companyID, err := companyOf(r, s.deps.MaxBodyBytes)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if tok != nil && tok.CompanyID != companyID {
			httpx.WriteError(w, r, apperr.New(apperr.Forbidden, "This API token is for another company."))
			return
		}
		role, err := s.deps.Auth.RoleIn(r.Context(), staff.UserID, companyID)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if tok != nil && !tok.Role.AtLeast(role) {
			role = tok.Role // a token never does more than its role, nor more than its creator may today
		}
		if min := rt.minRole(); !role.AtLeast(min) {
			httpx.WriteError(w, r, apperr.New(apperr.Forbidden, "Your role in this company (%s) may not do this; it needs %s.", role, min))
			return
		}
		sc := Scope{Staff: staff, CompanyID: companyID, Role: role}
		if s.deps.Live == nil || !unsafeMethod(r.Method) {
			rt.Handler(w, r, sc)
			return
		}
		// A write that succeeded tells the company's open Today views to read their day again.
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		rt.Handler(sw, r, sc)
		if sw.status < 400 {
			s.deps.Live.Publish(DeskKey(companyID))
		}
	})
}

// caller resolves who makes a company call: a personal API token (`Authorization: Bearer plt_…`,
// returned as tok: its company and role bound the call; no cookie, so no origin check), else the
// session as staff resolves it.
func (s *Server) caller(r *http.Request) (account.Staff, *account.TokenAccess, error) {
	if token, viaCookie := s.sessionToken(r); !viaCookie && account.IsAPIToken(token) {
		if s.deps.Access == nil {
			return account.Staff{}, nil, apperr.New(apperr.Unauthorized, "API tokens are not available on this server.")
		}
		tok, err := s.deps.Access.ResolveToken(r.Context(), token)
		if err != nil {
			return account.Staff{}, nil, err
		}
		return tok.Staff, &tok, nil
	}
	staff, err := s.staff(r)
	return staff, nil, err
}

// staff resolves the request's session: `Authorization: Bearer` first, else the cookie. A write made
// with the cookie must carry this site's Origin (or Referer): SameSite=Strict already keeps the cookie
// off cross-site requests, and the origin check covers browsers and paths that SameSite does not.
// Returns apperr.Unauthorized without a live session, apperr.Forbidden for a cross-origin cookie write.
func (s *Server) staff(r *http.Request) (account.Staff, error) {
	if s.deps.Auth == nil {
		return account.Staff{}, apperr.New(apperr.Unavailable, "Staff sign-in is not available on this server.")
	}
	token, viaCookie := s.sessionToken(r)
	if token == "" {
		return account.Staff{}, apperr.New(apperr.Unauthorized, "Sign in to use the back office.")
	}
	if !viaCookie && account.IsAPIToken(token) {
		return account.Staff{}, apperr.New(apperr.Unauthorized, "API tokens work on the company's staff calls only, not on My account.")
	}
	if viaCookie && unsafeMethod(r.Method) && !s.sameOrigin(r) {
		return account.Staff{}, apperr.New(apperr.Forbidden, "This request did not come from the back office's own pages.")
	}
	return s.deps.Auth.Resolve(r.Context(), token)
}

// sessionToken returns the session token of the request and whether it came from the cookie.
func (s *Server) sessionToken(r *http.Request) (string, bool) {
	if h := r.Header.Get("Authorization"); h != "" {
		if t, ok := strings.CutPrefix(h, "Bearer "); ok {
			return strings.TrimSpace(t), false
		}
		return "", false
	}
	if t := httpx.StaffCookie(r, s.deps.SecureCookies); t != "" {
		return t, true
	}
	return "", false
}

func unsafeMethod(m string) bool {
	return m != http.MethodGet && m != http.MethodHead && m != http.MethodOptions
}

// sameOrigin reports whether the request comes from this site's own pages (httpx.SameOrigin).
func (s *Server) sameOrigin(r *http.Request) bool {
	return httpx.SameOrigin(r, s.deps.PublicOrigins, s.deps.SecureCookies)
}

// companyOf reads the company a staff request names: the query's idCompany (or company, as the spec's
// KPI calls send it), else the idCompany of the JSON body, which is then put back for the handler.
// Two different companies in one request, or none, is a 400.
func companyOf(r *http.Request, limit int64) (int64, error) {
	q := r.URL.Query()
	var fromQuery int64
	for _, name := range []string{"idCompany", "company"} {
		raw := q.Get(name)
		if raw == "" {
			continue
		}
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n < 1 {
			return 0, apperr.WithFields(apperr.Invalid, "The company is malformed.", map[string]string{name: "must be a positive integer"})
		}
		if fromQuery != 0 && fromQuery != n {
			return 0, apperr.New(apperr.Invalid, "The request names two companies.")
		}
		fromQuery = n
	}
	fromBody, err := bodyCompany(r, limit)
	if err != nil {
		return 0, err
	}
	switch {
	case fromQuery != 0 && fromBody != 0 && fromQuery != fromBody:
		return 0, apperr.New(apperr.Invalid, "The request names two companies.")
	case fromQuery != 0:
		return fromQuery, nil
	case fromBody != 0:
		return fromBody, nil
	}
	return 0, apperr.WithFields(apperr.Invalid, "The request must name its company.", map[string]string{"idCompany": "required"})
}

// bodyCompany peeks at the idCompany of a JSON body and restores the body for the handler's decoder.
func bodyCompany(r *http.Request, limit int64) (int64, error) {
	if r.Body == nil || r.Body == http.NoBody || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		return 0, nil
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	if err != nil {
		return 0, apperr.New(apperr.Invalid, "The body could not be read.")
	}
	if int64(len(raw)) > limit {
		return 0, apperr.New(apperr.Invalid, "The body is larger than %d bytes.", limit)
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	var peek struct {
		IDCompany json.RawMessage `json:"idCompany"`
	}
	if len(bytes.TrimSpace(raw)) == 0 || json.Unmarshal(raw, &peek) != nil || len(peek.IDCompany) == 0 {
		return 0, nil // the handler's strict decoder reports what is wrong with the body
	}
	var n int64
	if err := json.Unmarshal(peek.IDCompany, &n); err != nil || n < 1 {
		return 0, apperr.WithFields(apperr.Invalid, "The company is malformed.", map[string]string{"idCompany": "must be a positive integer"})
	}
	return n, nil
}
