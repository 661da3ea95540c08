package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"pitlane/internal/account"
	"pitlane/internal/clock"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
)

// TestEveryRouteHoldsTheRoleTable is the route × role matrix of docs/openapi.yaml (issue 24): every
// staff operation there names its least role (x-min-role), and every row of adminapi.Routes() must be
// an operation there with the same role, so the contract and the server cannot drift. Then the real
// server (server.New, as cmd/pitlane wires it) is called for every route with a member of each role of
// company A, and with a personal API token of each role (created by A's SUPERADMIN, so the token's own
// role is what bounds it): a caller ranked below the least role gets 403 on every probe of the row, one
// at or above it gets past the role check. Callers are tried from the least, so a DESK write that should
// have been refused cannot hide behind an earlier ADMIN write.
func TestEveryRouteHoldsTheRoleTable(t *testing.T) {
	t.Parallel()
	w := newTenantWorld(t, store.SQLite)
	contract := contractRoles(t)
	for _, rt := range w.app.Staff().Routes() {
		min := rt.MinRole
		if min == "" {
			min = account.RoleAdmin
		}
		switch got, ok := contract[rt.Pattern]; {
		case !ok:
			t.Errorf("%s is a row of the route table but no operation of docs/openapi.yaml names its x-min-role", rt.Pattern)
		case got != min:
			t.Errorf("%s needs %s in the route table but x-min-role %s in docs/openapi.yaml", rt.Pattern, min, got)
		}
		delete(contract, rt.Pattern)
	}
	for pattern, role := range contract {
		t.Errorf("docs/openapi.yaml gives %s x-min-role %s but it is no row of the staff route table", pattern, role)
	}

	roles := []account.Role{account.RoleDesk, account.RoleAdmin, account.RoleSuperAdmin}
	type caller struct {
		name  string
		role  account.Role
		token string
	}
	var callers []caller
	svc := account.NewService(w.db.Admins(), clock.NewManual(tenantNow))
	for _, role := range roles {
		email := strings.ToLower(string(role)) + ".member@alfa.example"
		const pw = "alfa member password"
		if err := svc.CreateAdmin(t.Context(), email, "Alfa "+string(role), pw, w.a.company, string(role)); err != nil {
			t.Fatal(err)
		}
		res := w.do(t, "POST", "/api/users/adminLogin", map[string]any{"email": email, "password": pw}, "")
		if res.Status != http.StatusOK {
			t.Fatalf("sign-in as %s: %d %s", role, res.Status, res.Body)
		}
		callers = append(callers, caller{"a " + string(role) + " member", role, sessionCookie(t, res)})
		res = w.do(t, "POST", "/api/admin/api-tokens", map[string]any{"idCompany": w.a.company, "name": "matrix " + string(role), "role": role}, w.token)
		var created struct{ Secret string }
		if res.Status != http.StatusCreated || json.Unmarshal(res.Body, &created) != nil || !strings.HasPrefix(created.Secret, "plt_") {
			t.Fatalf("API token of %s: %d %s", role, res.Status, res.Body)
		}
		callers = append(callers, caller{"an API token of " + string(role), role, created.Secret})
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
		for _, c := range callers {
			for _, p := range templates[rt.Pattern](w.a) {
				res, req := w.send(t, rt.Pattern, p, w.a.company, c.token)
				switch {
				case res.Status == http.StatusUnauthorized:
					t.Errorf("%s as %s: %s → 401 %s; the caller must stay signed in", rt.Pattern, c.name, req, res.Body)
				case c.role.AtLeast(min) && res.Status == http.StatusForbidden:
					t.Errorf("%s as %s: %s → 403 %s; the row needs %s", rt.Pattern, c.name, req, res.Body, min)
				case !c.role.AtLeast(min) && res.Status != http.StatusForbidden:
					t.Errorf("%s as %s: %s → %d; want 403, the row needs %s", rt.Pattern, c.name, req, res.Status, min)
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
		// The counter checks a credit note's code as it takes it in payment (issue 23, keep as credit).
		"POST /api/admin/credit-lookup": account.RoleDesk,
		"POST /api/admin/undo-check-in": account.RoleDesk, "GET /api/admin/live": account.RoleDesk,
		// A booking's details (issue 23): the counter resends, edits the contact and marks no-shows;
		// cancelling with the money (POST /api/admin/cancel-booking) stays ADMIN's, as refunds.
		"POST /api/admin/resend-confirmation": account.RoleDesk, "POST /api/admin/update-contact": account.RoleDesk,
		"POST /api/admin/mark-no-show": account.RoleDesk,
		// Moving a booking to another session is the counter's daily work (issue 23).
		"GET /api/admin/move-choices": account.RoleDesk, "POST /api/admin/move-booking": account.RoleDesk,
		// A session's waiting list is DESK's, like its bookings (issue 27); its settings are ADMIN's.
		"GET /api/admin/waitlist": account.RoleDesk, "POST /api/admin/waitlist/offer": account.RoleDesk,
		"DELETE /api/admin/waitlist/{id}": account.RoleDesk,
		"POST /api/event/createFullEvent": account.RoleSuperAdmin, "POST /api/event/previewTemplate": account.RoleSuperAdmin,
		// The calendar's Edit reads and saves what only a SUPERADMIN creates (issue 25).
		"GET /api/event/fullEvent": account.RoleSuperAdmin, "POST /api/event/updateFullEvent": account.RoleSuperAdmin,
		// The Company tab holds the switches only the owner may turn (issue 24); installations are ADMIN's.
		"GET /api/admin/company-settings": account.RoleSuperAdmin, "PATCH /api/admin/company-settings": account.RoleSuperAdmin,
		// The Team tab is ADMIN's (issue 24); the SUPERADMIN-only parts are rules of the service, not rows.
		"GET /api/admin/team": account.RoleAdmin, "POST /api/admin/team/invitations": account.RoleAdmin,
		"POST /api/admin/team/invitations/{id}/resend": account.RoleAdmin, "DELETE /api/admin/team/invitations/{id}": account.RoleAdmin,
		"PUT /api/admin/team/members/{userId}/role": account.RoleAdmin, "POST /api/admin/team/members/{userId}/disable": account.RoleAdmin,
		"POST /api/admin/team/members/{userId}/enable": account.RoleAdmin, "DELETE /api/admin/team/members/{userId}": account.RoleAdmin,
		// The company's second-factor switch (issue 24): every Team tab reads it, only a SUPERADMIN sets it.
		"GET /api/admin/team/second-factor": account.RoleAdmin, "PUT /api/admin/team/second-factor": account.RoleSuperAdmin,
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

// contractRoles reads docs/openapi.yaml: the x-min-role of every operation that names one, by the
// route table's pattern ("GET /api/admin/team").
func contractRoles(t *testing.T) map[string]account.Role {
	t.Helper()
	specPath, err := apitest.SpecPath()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]account.Role{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			raw, ok := op.Extensions["x-min-role"]
			if !ok {
				continue
			}
			role, _ := raw.(string)
			if !account.Role(role).Valid() {
				t.Errorf("%s %s: x-min-role %v is no role", method, path, raw)
			}
			out[method+" "+path] = account.Role(role)
		}
	}
	if len(out) == 0 {
		t.Fatal("no operation of docs/openapi.yaml names an x-min-role")
	}
	return out
}
