package adminapi

import (
	"slices"
	"testing"
)

// Only sign-in, sign-out, who-am-I and an invitation's own two calls are registered without the scope
// middleware; every other staff route is a row of Routes(), which the tenant test walks.
func TestOnlySignInRoutesSkipTheScopeMiddleware(t *testing.T) {
	t.Parallel()
	var got []string
	for _, rt := range New(Deps{}).publicRoutes() {
		got = append(got, rt.Pattern)
	}
	// Sign-in, sign-out and the user's own account (My account of the settings dialog): none names a
	// company; the account routes resolve the session themselves (TestMyAccount refuses them without one).
	// An invitation is read and accepted by someone who has no session yet: the link's token is the
	// credential, and it names its company itself (TestInvitationLifecycle).
	want := []string{"POST /api/users/adminLogin", "POST /api/users/logout", "GET /api/users/me", "PUT /api/users/me", "POST /api/users/changePassword",
		"GET /api/invitations/{token}", "POST /api/invitations/{token}/accept"}
	if !slices.Equal(got, want) {
		t.Errorf("public staff routes %q, want only %q", got, want)
	}
}
