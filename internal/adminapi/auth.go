package adminapi

import (
	"context"
	"net/http"

	"pitlane/internal/account"
)

// AuthService signs staff in and out, resolves sessions and memberships, and reads the audit log.
type AuthService interface {
	// Resolve returns the user of a live session token and extends its idle expiry.
	// Returns apperr.Unauthorized if the token is unknown, expired or revoked.
	Resolve(ctx context.Context, token string) (account.Staff, error)
	// RoleIn returns the user's role in the company.
	// Returns apperr.Forbidden if the user has none there (or the company does not exist).
	RoleIn(ctx context.Context, userID, companyID int64) (account.Role, error)
}

func (s *Server) login(w http.ResponseWriter, r *http.Request)  { notBuilt(w, r) }
func (s *Server) logout(w http.ResponseWriter, r *http.Request) { notBuilt(w, r) }
func (s *Server) me(w http.ResponseWriter, r *http.Request)     { notBuilt(w, r) }

func (s *Server) company(w http.ResponseWriter, r *http.Request, sc Scope) { notBuilt(w, r) }
func (s *Server) audit(w http.ResponseWriter, r *http.Request, sc Scope)   { notBuilt(w, r) }
