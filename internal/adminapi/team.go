package adminapi

import (
	"context"
	"net/http"
	"strconv"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
)

// TeamService is the settings dialog's Team tab and the public invitation page (account.TeamService).
type TeamService interface {
	List(ctx context.Context, a account.TeamActor) (account.Team, error)
	ChangeMember(ctx context.Context, a account.TeamActor, userID int64, op string, role account.Role) (account.TeamMember, error)
	Invite(ctx context.Context, a account.TeamActor, email string, role account.Role, culture string) (account.Invitation, error)
	Resend(ctx context.Context, a account.TeamActor, id int64, culture string) (account.Invitation, error)
	Revoke(ctx context.Context, a account.TeamActor, id int64) error
	Invitation(ctx context.Context, token string) (account.InvitationInfo, error)
	Accept(ctx context.Context, token, name, password string) error
}

// team returns the Team service, or writes 503 when the server has none.
func (s *Server) team(w http.ResponseWriter, r *http.Request) TeamService {
	return available(w, r, s.deps.Team, "The team is not available on this server.")
}

func actorOf(sc Scope) account.TeamActor {
	return account.TeamActor{UserID: sc.UserID, Email: sc.Email, CompanyID: sc.CompanyID, Role: sc.Role}
}

// pathID reads the path's integer parameter name, writing 404 when it is none.
func pathID(w http.ResponseWriter, r *http.Request, name string) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id < 1 {
		httpx.WriteError(w, r, apperr.New(apperr.NotFound, "No such %s.", name))
		return 0, false
	}
	return id, true
}

// listTeam is GET /api/admin/team.
func (s *Server) listTeam(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.team(w, r)
	if svc == nil {
		return
	}
	team, err := svc.List(r.Context(), actorOf(sc))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, team)
}

// invite is POST /api/admin/team/invitations.
func (s *Server) invite(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.team(w, r)
	if svc == nil {
		return
	}
	var in struct {
		IDCompany int64  `json:"idCompany"`
		Email     string `json:"email"`
		Role      string `json:"role"`
		Culture   string `json:"culture"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	inv, err := svc.Invite(r.Context(), actorOf(sc), in.Email, account.Role(in.Role), in.Culture)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, inv)
}

// resendInvitation is POST /api/admin/team/invitations/{id}/resend; ?culture= names the mail's language.
func (s *Server) resendInvitation(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.team(w, r)
	if svc == nil {
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	inv, err := svc.Resend(r.Context(), actorOf(sc), id, r.URL.Query().Get("culture"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, inv)
}

// revokeInvitation is DELETE /api/admin/team/invitations/{id}.
func (s *Server) revokeInvitation(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.team(w, r)
	if svc == nil {
		return
	}
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	if err := svc.Revoke(r.Context(), actorOf(sc), id); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// changeMember is the member routes: PUT …/role (the body's role), POST …/disable, POST …/enable and
// DELETE /api/admin/team/members/{userId}.
func (s *Server) changeMember(op string) scopedHandler {
	return func(w http.ResponseWriter, r *http.Request, sc Scope) {
		svc := s.team(w, r)
		if svc == nil {
			return
		}
		id, ok := pathID(w, r, "userId")
		if !ok {
			return
		}
		var role account.Role
		if op == account.OpRole {
			var in struct {
				IDCompany int64  `json:"idCompany"`
				Role      string `json:"role"`
			}
			if err := httpx.DecodeJSON(r, &in); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
			role = account.Role(in.Role)
		}
		m, err := svc.ChangeMember(r.Context(), actorOf(sc), id, op, role)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if op == account.OpRemove {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		httpx.WriteJSON(w, http.StatusOK, m)
	}
}

// readInvitation is GET /api/invitations/{token}: public, the token is the credential.
func (s *Server) readInvitation(w http.ResponseWriter, r *http.Request) {
	svc := s.team(w, r)
	if svc == nil {
		return
	}
	info, err := svc.Invitation(r.Context(), r.PathValue("token"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, info)
}

// acceptInvitation is POST /api/invitations/{token}/accept.
func (s *Server) acceptInvitation(w http.ResponseWriter, r *http.Request) {
	svc := s.team(w, r)
	if svc == nil {
		return
	}
	var in struct {
		Name     string `json:"name"`
		Password string `json:"password"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := svc.Accept(r.Context(), r.PathValue("token"), in.Name, in.Password); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
