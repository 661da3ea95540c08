package httpapi

import (
	"context"
	"net/http"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/httpx"
)

// StaffSessions resolves staff sessions and memberships (account.Auth implements it).
type StaffSessions interface {
	// Resolve returns the staff member of a live session token. Returns apperr.Unauthorized otherwise.
	Resolve(ctx context.Context, token string) (account.Staff, error)
	// RoleIn returns the user's role in the company. Returns apperr.Forbidden without a membership.
	RoleIn(ctx context.Context, userID, companyID int64) (account.Role, error)
}

// staffTaker is the checkout.Taker of a saveBooking request: the staff member whose session cookie
// (httpx.StaffCookieName; the booking pages are on the back office's origin, so the browser sends it) it
// carries, if they belong to the cart's company; nil without a cookie or without StaffAuth. A dead
// session or a staff member of another company is nobody: the booking is then a customer's. The cookie
// counts only on a request from this site's own pages, by the staff API's origin rule (httpx.SameOrigin):
// SameSite=Strict already keeps it off other sites' requests, and a page elsewhere cannot make a booking
// pass as the desk's (it is then a customer's, with the customer's checks).
func (s *Server) staffTaker(r *http.Request) checkout.Taker {
	token := httpx.StaffCookie(r, s.deps.SecureCookies)
	if token == "" || s.deps.StaffAuth == nil || !httpx.SameOrigin(r, s.deps.PublicOrigins, s.deps.SecureCookies) {
		return nil
	}
	return func(ctx context.Context, companyID int64) (int64, error) {
		staff, ok, err := s.staffOf(ctx, token, companyID)
		if err != nil || !ok {
			return 0, err
		}
		return staff.UserID, nil
	}
}

// staffOf resolves a staff session token to its staff member if they belong to the company; ok is
// false for a dead session or a staff member of another company. Errors are the store's.
func (s *Server) staffOf(ctx context.Context, token string, companyID int64) (account.Staff, bool, error) {
	staff, err := s.deps.StaffAuth.Resolve(ctx, token)
	if apperr.Is(err, apperr.Unauthorized) || apperr.Is(err, apperr.Forbidden) {
		return account.Staff{}, false, nil
	}
	if err != nil {
		return account.Staff{}, false, err
	}
	if _, err := s.deps.StaffAuth.RoleIn(ctx, staff.UserID, companyID); err != nil {
		if apperr.Is(err, apperr.Forbidden) || apperr.Is(err, apperr.NotFound) || apperr.Is(err, apperr.Unauthorized) {
			return account.Staff{}, false, nil
		}
		return account.Staff{}, false, err
	}
	return staff, true, nil
}

// staffDesk is the answer of GET /api/booking/staff: whether the visitor is a signed-in staff member
// of the company (then the booking pages offer the desk's booking, paid at the circuit) and their name.
type staffDesk struct {
	Staff bool   `json:"staff"`
	Name  string `json:"name,omitempty"`
}

// getStaffDesk answers GET /api/booking/staff?idCompany=…: always 200, so that a customer's page shows
// no failed request; {"staff": false} without a live staff session of that company.
func (s *Server) getStaffDesk(w http.ResponseWriter, r *http.Request) {
	companyID, err := queryInt(r, "idCompany")
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	token := httpx.StaffCookie(r, s.deps.SecureCookies)
	if token == "" || s.deps.StaffAuth == nil {
		writeJSON(w, http.StatusOK, staffDesk{})
		return
	}
	staff, ok, err := s.staffOf(r.Context(), token, companyID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !ok {
		writeJSON(w, http.StatusOK, staffDesk{})
		return
	}
	writeJSON(w, http.StatusOK, staffDesk{Staff: true, Name: staff.Name})
}
