package adminapi

import (
	"context"
	"net/http"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/httpx"
)

// AccessService lists and ends staff sessions and runs the company's personal API tokens
// (account.Access).
type AccessService interface {
	// ResolveToken returns what an API token grants. Returns apperr.Unauthorized if it is unknown or revoked.
	ResolveToken(ctx context.Context, secret string) (account.TokenAccess, error)
	// Sessions returns the user's live sessions, the one of currentID marked.
	Sessions(ctx context.Context, userID, currentID int64) ([]account.SessionInfo, error)
	// MemberSessions returns a member's live sessions. Returns apperr.NotFound or apperr.Forbidden.
	MemberSessions(ctx context.Context, actor account.TeamActor, currentID, userID int64) ([]account.SessionInfo, error)
	// EndMemberSessions ends one session of a member (or all, sessionID 0). Returns apperr.NotFound or apperr.Forbidden.
	EndMemberSessions(ctx context.Context, actor account.TeamActor, userID, sessionID int64) (int64, error)
	// EndMySessions ends one session of the user (or all but the current, sessionID 0). Returns apperr.NotFound.
	EndMySessions(ctx context.Context, me account.Staff, sessionID int64) (int64, error)
	// CreateToken creates an API token and returns it with its secret. Returns apperr.Unprocessable with fields.
	CreateToken(ctx context.Context, actor account.TeamActor, name string, role account.Role) (account.APIToken, string, error)
	// Tokens lists the company's API tokens.
	Tokens(ctx context.Context, companyID int64) ([]account.APIToken, error)
	// RevokeToken revokes an API token of the company. Returns apperr.NotFound.
	RevokeToken(ctx context.Context, actor account.TeamActor, id int64) error
}

// access returns the sessions and tokens service, or writes 503 when the server has none.
func (s *Server) access(w http.ResponseWriter, r *http.Request) AccessService {
	return available(w, r, s.deps.Access, "Sessions and API tokens are not available on this server.")
}

type sessionList struct {
	Data []account.SessionInfo `json:"data"`
}

type sessionsEnded struct {
	Ended int64 `json:"ended"`
}

// memberAccess is the start of the Team tab's session calls: the service and the member of the path
// ({userId}), or false once an answer (503 or 400) is written.
func (s *Server) memberAccess(w http.ResponseWriter, r *http.Request) (AccessService, int64, bool) {
	svc := s.access(w, r)
	if svc == nil {
		return nil, 0, false
	}
	userID, ok := pathID(w, r, "userId")
	return svc, userID, ok
}

// memberSessions is GET /api/admin/team/members/{userId}/sessions.
func (s *Server) memberSessions(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, userID, ok := s.memberAccess(w, r)
	if !ok {
		return
	}
	ss, err := svc.MemberSessions(r.Context(), actorOf(sc), sc.SessionID, userID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, sessionList{ss})
}

// endMemberSessions is DELETE /api/admin/team/members/{userId}/sessions.
func (s *Server) endMemberSessions(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, userID, ok := s.memberAccess(w, r)
	if !ok {
		return
	}
	n, err := svc.EndMemberSessions(r.Context(), actorOf(sc), userID, 0)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, sessionsEnded{n})
}

// endMemberSession is DELETE /api/admin/team/members/{userId}/sessions/{sessionId}.
func (s *Server) endMemberSession(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, userID, ok := s.memberAccess(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "sessionId")
	if !ok {
		return
	}
	if _, err := svc.EndMemberSessions(r.Context(), actorOf(sc), userID, id); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// ownSession resolves the request's own session for My account's calls: API tokens are for programs
// and the company calls, so they are refused here (401).
func (s *Server) ownSession(w http.ResponseWriter, r *http.Request) (account.Staff, AccessService, bool) {
	staff, err := s.staff(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return staff, nil, false
	}
	svc := s.access(w, r)
	return staff, svc, svc != nil
}

// mySessions is GET /api/users/me/sessions.
func (s *Server) mySessions(w http.ResponseWriter, r *http.Request) {
	me, svc, ok := s.ownSession(w, r)
	if !ok {
		return
	}
	ss, err := svc.Sessions(r.Context(), me.UserID, me.SessionID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, sessionList{ss})
}

// endMyOtherSessions is DELETE /api/users/me/sessions: every session of the user but this one.
func (s *Server) endMyOtherSessions(w http.ResponseWriter, r *http.Request) {
	me, svc, ok := s.ownSession(w, r)
	if !ok {
		return
	}
	n, err := svc.EndMySessions(r.Context(), me, 0)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, sessionsEnded{n})
}

// endMySession is DELETE /api/users/me/sessions/{sessionId}; ending the current one signs out, so its
// cookie is cleared too.
func (s *Server) endMySession(w http.ResponseWriter, r *http.Request) {
	me, svc, ok := s.ownSession(w, r)
	if !ok {
		return
	}
	id, ok := pathID(w, r, "sessionId")
	if !ok {
		return
	}
	if _, err := svc.EndMySessions(r.Context(), me, id); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if id == me.SessionID {
		http.SetCookie(w, s.sessionCookie("", time.Time{}))
	}
	w.WriteHeader(http.StatusNoContent)
}

// listAPITokens is GET /api/admin/api-tokens.
func (s *Server) listAPITokens(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.access(w, r)
	if svc == nil {
		return
	}
	ts, err := svc.Tokens(r.Context(), sc.CompanyID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, struct {
		Data []account.APIToken `json:"data"`
	}{ts})
}

// createAPIToken is POST /api/admin/api-tokens: the secret is in this answer only.
func (s *Server) createAPIToken(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.access(w, r)
	if svc == nil {
		return
	}
	var in struct {
		IDCompany int64  `json:"idCompany"`
		Name      string `json:"name"`
		Role      string `json:"role"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t, secret, err := svc.CreateToken(r.Context(), actorOf(sc), in.Name, account.Role(in.Role))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusCreated, struct {
		Token  account.APIToken `json:"token"`
		Secret string           `json:"secret"`
	}{t, secret})
}

// revokeAPIToken is DELETE /api/admin/api-tokens/{id}.
func (s *Server) revokeAPIToken(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.access(w, r)
	if svc == nil {
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	if err := svc.RevokeToken(r.Context(), actorOf(sc), id); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
