package httpapi

import (
	"context"
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/member"
)

// MemberService answers the public member calls.
type MemberService interface {
	// Lookup returns the company's member with the e-mail (any case). Returns apperr.Unprocessable for
	// malformed input and apperr.NotFound when the e-mail is not a member's (which the handler answers as
	// found false).
	Lookup(ctx context.Context, companyID int64, email string) (member.Member, error)
	// Unsubscribe stops promotional e-mail to the member whose link carries key; repeating is harmless.
	// Returns apperr.NotFound for an unknown key.
	Unsubscribe(ctx context.Context, key string) error
	// KnownKey reports whether an unsubscribe link's key is a member's, changing nothing.
	KnownKey(ctx context.Context, key string) (bool, error)
	// LinkState returns what an unsubscribe link's page shows of its member (e-mail masked), changing
	// nothing. Returns apperr.NotFound for an unknown key.
	LinkState(ctx context.Context, key string) (member.LinkState, error)
}

// memberLookup is the answer of POST /api/member/search-email: the member's fields with found true, or
// found false alone when the address is not a member's.
type memberLookup struct {
	Found bool `json:"found"`
	*member.Member
}

// postMemberSearch answers POST /api/member/search-email {email, idCompany} with the member lookup
// result, found or not: not being a member is an answer, not an error (docs/openapi.yaml), so a new
// customer typing their address makes no failed request.
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
	if apperr.Is(err, apperr.NotFound) {
		writeJSON(w, http.StatusOK, memberLookup{Found: false})
		return
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, memberLookup{Found: true, Member: &m})
}

// getUnsubscribe answers GET /api/member/unsubscribe/{key}, the page of the link in e-mails: whose link
// it is (e-mail masked), which circuit's news and offers, whether they still receive them. It changes
// nothing: mail scanners and link previews open links, and must not unsubscribe anyone.
func (s *Server) getUnsubscribe(w http.ResponseWriter, r *http.Request) {
	st, err := s.deps.Members.LinkState(r.Context(), r.PathValue("key"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// postUnsubscribe answers POST /api/member/unsubscribe/{key}: the page's button, and the RFC 8058
// one-click unsubscribe of mail clients (a form body "List-Unsubscribe=One-Click", which is not read:
// the key alone decides). Repeating it is harmless; the answer is the member's state afterwards.
func (s *Server) postUnsubscribe(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("key")
	if err := s.deps.Members.Unsubscribe(r.Context(), key); err != nil {
		writeError(w, r, err)
		return
	}
	st, err := s.deps.Members.LinkState(r.Context(), key)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}
