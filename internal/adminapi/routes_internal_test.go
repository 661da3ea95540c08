package adminapi

import (
	"slices"
	"testing"
)

// Only sign-in, sign-out, who-am-I, an invitation's own two calls and the password reset's three are registered without the scope
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
	// credential, and it names its company itself (TestInvitationLifecycle). A password reset is asked for
	// and used by someone who cannot sign in: the address, then the mailed link, is the credential, and
	// neither names a company (TestPasswordResetLifecycle). My account's sessions are the user's own, in
	// no company, and refuse API tokens (TestMySessions, TestAPITokens). The sign-in's second step is the
	// sign-in's (its challenge is the credential), and the second factor of My account is the user's own,
	// resolved from the session (TestSecondFactorEnrolSignInRecoveryDisable).
	want := []string{"POST /api/users/adminLogin", "POST /api/users/logout", "GET /api/users/me", "PUT /api/users/me", "POST /api/users/changePassword",
		"GET /api/users/me/sessions", "DELETE /api/users/me/sessions", "DELETE /api/users/me/sessions/{sessionId}",
		"POST /api/users/adminLogin/second-factor", "GET /api/users/me/second-factor", "POST /api/users/me/second-factor/setup",
		"POST /api/users/me/second-factor/confirm", "POST /api/users/me/second-factor/disable",
		"GET /api/invitations/{token}", "POST /api/invitations/{token}/accept",
		"POST /api/users/forgot-password", "GET /api/password-resets/{token}", "POST /api/password-resets/{token}"}
	if !slices.Equal(got, want) {
		t.Errorf("public staff routes %q, want only %q", got, want)
	}
}
