package httpapi

import (
	"context"
	"net/http"

	"pitlane/internal/member"
)

// MemberService answers the public member calls.
type MemberService interface {
	// Lookup returns the company's member with the e-mail (any case). Returns apperr.Unprocessable for
	// malformed input and apperr.NotFound when the e-mail is not a member's.
	Lookup(ctx context.Context, companyID int64, email string) (member.Member, error)
	// Unsubscribe stops promotional e-mail to the member whose link carries key; repeating is harmless.
	// Returns apperr.NotFound for an unknown key.
	Unsubscribe(ctx context.Context, key string) error
	// KnownKey reports whether an unsubscribe link's key is a member's, changing nothing.
	KnownKey(ctx context.Context, key string) (bool, error)
}

// postMemberSearch answers POST /api/member/search-email {email, idCompany} with the member lookup
// result, or 404 when the address is not a member's.
func (s *Server) postMemberSearch(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Email     string `json:"email"`
		IDCompany int64  `json:"idCompany"`
	}
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	m, err := s.deps.Members.Lookup(r.Context(), req.IDCompany, req.Email)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, m)
}

// getUnsubscribe answers GET /api/member/unsubscribe/{key}, the link in e-mails.
func (s *Server) getUnsubscribe(w http.ResponseWriter, r *http.Request) {
	if err := s.deps.Members.Unsubscribe(r.Context(), r.PathValue("key")); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"unsubscribed": true})
}
