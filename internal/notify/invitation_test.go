package notify

import (
	"strings"
	"testing"
)

// Every culture of the invitation mail has the English keys with the same placeholders.
func TestInvitationMailInTheInvitersLanguage(t *testing.T) {
	m, err := TeamInvitation(TeamInvite{To: "new@example.com", Culture: "es", CompanyName: "Karting Sur",
		InviterName: "Ana", Role: "DESK", URL: "https://pitlane.example/invite/abc", Hours: 72})
	if err != nil {
		t.Fatal(err)
	}
	if m.Culture != "es-ES" || m.Kind != KindTeamInvitation || m.To != "new@example.com" {
		t.Errorf("message %+v", m)
	}
	if m.Subject != "Ana te invita al back office de Karting Sur" {
		t.Errorf("subject %q", m.Subject)
	}
	for _, want := range []string{"https://pitlane.example/invite/abc", "personal de mostrador", "72 horas"} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
			t.Errorf("mail lacks %q:\n%s", want, m.Text)
		}
	}
	ar, err := TeamInvitation(TeamInvite{To: "x@example.com", Culture: "ar-SA", CompanyName: "K", Role: "ADMIN", URL: "https://p/invite/t", Hours: 72})
	if err != nil || !strings.Contains(ar.HTML, `dir="rtl"`) {
		t.Errorf("Arabic mail is not right-to-left: %v", err)
	}
}
