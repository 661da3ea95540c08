package adminapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
)

// SecondFactorService is My account's second factor and the company's switch that requires one of all
// its staff (account.SecondFactors).
type SecondFactorService interface {
	// Status returns the user's second-factor state.
	Status(ctx context.Context, s account.Staff) (account.SecondFactorStatus, error)
	// Setup starts an enrolment: a new secret and its otpauth URI. Returns apperr.Conflict when the
	// user has a second factor already.
	Setup(ctx context.Context, s account.Staff) (secret, uri string, err error)
	// Confirm ends the enrolment with a code and returns the recovery codes. Returns apperr.Conflict
	// without an enrolment under way, apperr.Unprocessable (field code) and a *account.ThrottleError.
	Confirm(ctx context.Context, s account.Staff, code, address string) ([]string, error)
	// Disable removes the second factor (current password and a code needed). Returns
	// apperr.Unprocessable (fields currentPassword, code), apperr.Conflict and a *account.ThrottleError.
	Disable(ctx context.Context, s account.Staff, password, code, address string) error
	// Required reports whether the company requires a second factor.
	Required(ctx context.Context, companyID int64) (bool, error)
	// SetRequired sets the company's switch. Returns apperr.Forbidden below SUPERADMIN.
	SetRequired(ctx context.Context, a account.TeamActor, required bool) error
}

// writeChallenge answers a sign-in whose password was right and that needs its second step: no
// session and no cookie yet, only the challenge to send back with the code.
func writeChallenge(w http.ResponseWriter, res account.LoginResult) {
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, struct {
		SecondFactor string    `json:"secondFactor"`
		Challenge    string    `json:"challenge"`
		ExpiresAt    time.Time `json:"expiresAt"`
		TOTPSecret   string    `json:"totpSecret,omitempty"`
		OTPAuthURI   string    `json:"otpauthUri,omitempty"`
	}{res.SecondFactor, res.Challenge, res.ExpiresAt.UTC(), res.TOTPSecret, res.TOTPURI})
}

// secondStep is POST /api/users/adminLogin/second-factor: the code that finishes a sign-in.
func (s *Server) secondStep(w http.ResponseWriter, r *http.Request) {
	if s.deps.Auth == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Staff sign-in is not available on this server."))
		return
	}
	var in struct {
		Challenge string `json:"challenge"`
		Code      string `json:"code"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	client := s.deps.ClientAddr(r)
	res, err := s.deps.Auth.SecondStep(r.Context(), account.SecondStepInput{Challenge: in.Challenge, Code: in.Code, Address: client})
	if err != nil {
		var te *account.ThrottleError
		if errors.As(err, &te) {
			w.Header().Set("Retry-After", strconv.Itoa(te.RetryAfterSeconds()))
			httpx.Logger(r.Context()).Warn("staff second factor throttled", "client", client, "retry_after_s", te.RetryAfterSeconds())
		} else if apperr.Is(err, apperr.Unprocessable) {
			httpx.Logger(r.Context()).Warn("staff second factor failed", "client", client)
		}
		httpx.WriteError(w, r, err)
		return
	}
	s.signedIn(w, r, res, client)
}

// secondFactors returns the service, or writes 503 when the server has none.
func (s *Server) secondFactors(w http.ResponseWriter, r *http.Request) (SecondFactorService, account.Staff, bool) {
	if s.deps.SecondFactors == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "The second factor is not available on this server."))
		return nil, account.Staff{}, false
	}
	staff, err := s.staff(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return nil, account.Staff{}, false
	}
	return s.deps.SecondFactors, staff, true
}

// secondFactorStatus is GET /api/users/me/second-factor.
func (s *Server) secondFactorStatus(w http.ResponseWriter, r *http.Request) {
	svc, staff, ok := s.secondFactors(w, r)
	if !ok {
		return
	}
	st, err := svc.Status(r.Context(), staff)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, st)
}

// secondFactorSetup is POST /api/users/me/second-factor/setup: a secret to add to an authenticator.
func (s *Server) secondFactorSetup(w http.ResponseWriter, r *http.Request) {
	svc, staff, ok := s.secondFactors(w, r)
	if !ok {
		return
	}
	secret, uri, err := svc.Setup(r.Context(), staff)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, struct {
		Secret     string `json:"secret"`
		OTPAuthURI string `json:"otpauthUri"`
	}{secret, uri})
}

// secondFactorConfirm is POST /api/users/me/second-factor/confirm: the code that ends the enrolment;
// the answer carries the recovery codes, shown once.
func (s *Server) secondFactorConfirm(w http.ResponseWriter, r *http.Request) {
	svc, staff, ok := s.secondFactors(w, r)
	if !ok {
		return
	}
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	codes, err := svc.Confirm(r.Context(), staff, in.Code, s.deps.ClientAddr(r))
	if err != nil {
		writeThrottled(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, struct {
		RecoveryCodes []string `json:"recoveryCodes"`
	}{codes})
}

// secondFactorDisable is POST /api/users/me/second-factor/disable.
func (s *Server) secondFactorDisable(w http.ResponseWriter, r *http.Request) {
	svc, staff, ok := s.secondFactors(w, r)
	if !ok {
		return
	}
	var in struct {
		CurrentPassword string `json:"currentPassword"`
		Code            string `json:"code"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := svc.Disable(r.Context(), staff, in.CurrentPassword, in.Code, s.deps.ClientAddr(r)); err != nil {
		writeThrottled(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// secondFactorRequired is GET /api/admin/team/second-factor: the company's switch.
func (s *Server) secondFactorRequired(w http.ResponseWriter, r *http.Request, sc Scope) {
	if s.deps.SecondFactors == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "The second factor is not available on this server."))
		return
	}
	req, err := s.deps.SecondFactors.Required(r.Context(), sc.CompanyID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, struct {
		Required bool `json:"required"`
	}{req})
}

// setSecondFactorRequired is PUT /api/admin/team/second-factor (SUPERADMIN).
func (s *Server) setSecondFactorRequired(w http.ResponseWriter, r *http.Request, sc Scope) {
	if s.deps.SecondFactors == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "The second factor is not available on this server."))
		return
	}
	var in struct {
		IDCompany int64 `json:"idCompany"` // may name the company here as well as in the query (scope.go)
		Required  *bool `json:"required"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if in.Required == nil {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "Say whether a second factor is required.", map[string]string{"required": "required"}))
		return
	}
	if err := s.deps.SecondFactors.SetRequired(r.Context(), actorOf(sc), *in.Required); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.secondFactorRequired(w, r, sc)
}
