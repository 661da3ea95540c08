package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"pitlane/internal/account"
	"pitlane/internal/clock"
	"pitlane/internal/store"
)

// TestEveryRouteHoldsTheRoleTable walks the staff route table with a member of each role of company A
// (docs/architecture.md, "Roles"): a role ranked below the row's least role gets 403 on every probe of
// the row, one at or above it gets past the role check. A row that names no MinRole needs ADMIN, so the
// counter's DESK role reaches only the rows that open themselves to it. Roles are tried from the least,
// so a DESK write that should have been refused cannot hide behind an earlier ADMIN write.
func TestEveryRouteHoldsTheRoleTable(t *testing.T) {
	t.Parallel()
	w := newTenantWorld(t, store.SQLite)
	roles := []account.Role{account.RoleDesk, account.RoleAdmin, account.RoleSuperAdmin}
	tokens := map[account.Role]string{}
	svc := account.NewService(w.db.Admins(), clock.NewManual(tenantNow))
	for _, role := range roles {
		email := strings.ToLower(string(role)) + ".member@alfa.example"
		const pw = "alfa member password"
		if err := svc.CreateAdmin(t.Context(), email, "Alfa "+string(role), pw, w.a.company, string(role)); err != nil {
			t.Fatal(err)
		}
		res := w.do(t, "POST", "/api/users/adminLogin", map[string]any{"email": email, "password": pw}, "")
		var out struct{ Token string }
		if res.Status != http.StatusOK || json.Unmarshal(res.Body, &out) != nil {
			t.Fatalf("sign-in as %s: %d %s", role, res.Status, res.Body)
		}
		tokens[role] = out.Token
	}
	templates := staffTemplates()
	desk := 0
	forEach(t, "roles", w.app.Staff().Routes(), func(t *testing.T, rt routeRow) {
		min := rt.MinRole
		if min == "" {
			min = account.RoleAdmin
		}
		if min == account.RoleDesk {
			desk++
		}
		for _, role := range roles {
			for _, p := range templates[rt.Pattern](w.a) {
				res, req := w.send(t, rt.Pattern, p, w.a.company, tokens[role])
				switch {
				case role.AtLeast(min) && res.Status == http.StatusForbidden:
					t.Errorf("%s as %s: %s → 403 %s; the row needs %s", rt.Pattern, role, req, res.Body, min)
				case !role.AtLeast(min) && res.Status != http.StatusForbidden:
					t.Errorf("%s as %s: %s → %d; want 403, the row needs %s", rt.Pattern, role, req, res.Status, min)
				}
			}
		}
	})
	if desk == 0 {
		t.Error("no route is open to DESK: the counter could not even list the bookings")
	}
	// The policy itself (docs/architecture.md, "Roles"): what the counter may reach, and what only a
	// SUPERADMIN may. A row moved between roles must be moved here and in the document too.
	want := map[string]account.Role{
		"GET /api/admin/company": account.RoleDesk, "POST /api/admin/retrieve-bookings": account.RoleDesk,
		"POST /api/admin/retrieveShoppingCartDetails": account.RoleDesk, "GET /api/booking/master-data/{id}": account.RoleDesk,
		"GET /api/private/member/{id}": account.RoleDesk, "POST /api/admin/record-payment": account.RoleDesk,
		"GET /api/admin/today": account.RoleDesk, "POST /api/admin/check-in": account.RoleDesk,
		"POST /api/admin/check-in-lookup": account.RoleDesk,
		"POST /api/admin/undo-check-in":   account.RoleDesk, "GET /api/admin/live": account.RoleDesk,
		// A booking's details (issue 23): the counter resends, edits the contact and marks no-shows;
		// cancelling with the money (POST /api/admin/cancel-booking) stays ADMIN's, as refunds.
		"POST /api/admin/resend-confirmation": account.RoleDesk, "POST /api/admin/update-contact": account.RoleDesk,
		"POST /api/admin/mark-no-show": account.RoleDesk,
		// A session's waiting list is DESK's, like its bookings (issue 27); its settings are ADMIN's.
		"GET /api/admin/waitlist": account.RoleDesk, "POST /api/admin/waitlist/offer": account.RoleDesk,
		"DELETE /api/admin/waitlist/{id}": account.RoleDesk,
		"POST /api/event/createFullEvent": account.RoleSuperAdmin, "POST /api/event/previewTemplate": account.RoleSuperAdmin,
		// The Team tab is ADMIN's (issue 24); the SUPERADMIN-only parts are rules of the service, not rows.
		"GET /api/admin/team": account.RoleAdmin, "POST /api/admin/team/invitations": account.RoleAdmin,
		"POST /api/admin/team/invitations/{id}/resend": account.RoleAdmin, "DELETE /api/admin/team/invitations/{id}": account.RoleAdmin,
		"PUT /api/admin/team/members/{userId}/role": account.RoleAdmin, "POST /api/admin/team/members/{userId}/disable": account.RoleAdmin,
		"POST /api/admin/team/members/{userId}/enable": account.RoleAdmin, "DELETE /api/admin/team/members/{userId}": account.RoleAdmin,
	}
	for _, rt := range w.app.Staff().Routes() {
		got := rt.MinRole
		if got == "" {
			got = account.RoleAdmin
		}
		exp, ok := want[rt.Pattern]
		if !ok {
			exp = account.RoleAdmin
		}
		if got != exp {
			t.Errorf("%s needs %s; the role table says %s", rt.Pattern, got, exp)
		}
	}
}
