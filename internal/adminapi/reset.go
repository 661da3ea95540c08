package adminapi

import (
	"context"
	"net/http"

	"pitlane/internal/account"
	"pitlane/internal/httpx"
)

// ResetService is the forgot-password flow (account.Resets implements it).
type ResetService interface {
	Request(ctx context.Context, email, culture string) error
	Info(ctx context.Context, token string) (account.ResetInfo, error)
	Complete(ctx context.Context, token, password string) error
}

// resets returns the reset service, or writes 503 when the server has none.
func (s *Server) resets(w http.ResponseWriter, r *http.Request) ResetService {
	return available(w, r, s.deps.Resets, "Password resets are not available on this server.")
}

// forgotPassword is POST /api/users/forgot-password: 202 whether or not the address has an account.
func (s *Server) forgotPassword(w http.ResponseWriter, r *http.Request) {
	svc := s.resets(w, r)
	if svc == nil {
		return
	}
	var in struct {
		Email   string `json:"email"`
		Culture string `json:"culture"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := svc.Request(r.Context(), in.Email, in.Culture); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// readPasswordReset is GET /api/password-resets/{token}: public, the token is the credential.
func (s *Server) readPasswordReset(w http.ResponseWriter, r *http.Request) {
	svc := s.resets(w, r)
	if svc == nil {
		return
	}
	info, err := svc.Info(r.Context(), r.PathValue("token"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, info)
}

// completePasswordReset is POST /api/password-resets/{token}.
func (s *Server) completePasswordReset(w http.ResponseWriter, r *http.Request) {
	svc := s.resets(w, r)
	if svc == nil {
		return
	}
	var in struct {
		Password string `json:"password"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := svc.Complete(r.Context(), r.PathValue("token"), in.Password); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
