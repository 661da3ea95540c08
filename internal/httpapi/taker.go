package httpapi

import (
	"context"
	"net/http"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
)

// staffCookie is the back office's session cookie (internal/adminapi.CookieName). The booking pages are
// on the same origin, so the browser sends it with saveBooking; SameSite=Strict keeps it off requests
// from other sites.
const staffCookie = "pitlane_staff"

// StaffSessions resolves staff sessions and memberships (account.Auth implements it).
type StaffSessions interface {
	// Resolve returns the staff member of a live session token. Returns apperr.Unauthorized otherwise.
	Resolve(ctx context.Context, token string) (account.Staff, error)
	// RoleIn returns the user's role in the company. Returns apperr.Forbidden without a membership.
	RoleIn(ctx context.Context, userID, companyID int64) (account.Role, error)
}

// staffTaker is the checkout.Taker of a saveBooking request: the staff member whose session cookie it
// carries, if they belong to the cart's company; nil without a cookie or without StaffAuth. A dead
// session or a staff member of another company is nobody: the booking is then a customer's.
func (s *Server) staffTaker(r *http.Request) checkout.Taker {
	c, err := r.Cookie(staffCookie)
	if err != nil || c.Value == "" || s.deps.StaffAuth == nil {
		return nil
	}
	token := c.Value
	return func(ctx context.Context, companyID int64) (int64, error) {
		staff, err := s.deps.StaffAuth.Resolve(ctx, token)
		if apperr.Is(err, apperr.Unauthorized) || apperr.Is(err, apperr.Forbidden) {
			return 0, nil
		}
		if err != nil {
			return 0, err
		}
		if _, err := s.deps.StaffAuth.RoleIn(ctx, staff.UserID, companyID); err != nil {
			if apperr.Is(err, apperr.Forbidden) || apperr.Is(err, apperr.NotFound) || apperr.Is(err, apperr.Unauthorized) {
				return 0, nil
			}
			return 0, err
		}
		return staff.UserID, nil
	}
}
