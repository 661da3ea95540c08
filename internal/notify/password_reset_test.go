package notify

import (
	"strings"
	"testing"
)

// The mail is in the login page's language, names the account, carries the link and says how long it
// works and that ignoring it changes nothing.
func TestPasswordResetMailInThePagesLanguage(t *testing.T) {
	m, err := PasswordResetMail(PasswordReset{To: "ana@example.com", Culture: "es", CompanyName: "Karting Sur",
		URL: "https://pitlane.example/reset-password/abc", Minutes: 60})
	if err != nil {
		t.Fatal(err)
	}
	if m.Culture != "es-ES" || m.Kind != KindPasswordReset || m.To != "ana@example.com" || m.FromName != "Karting Sur" {
		t.Errorf("message %+v", m)
	}
	if m.Subject != "Restablece tu contraseña del back office" {
		t.Errorf("subject %q", m.Subject)
	}
	for _, want := range []string{"https://pitlane.example/reset-password/abc", "ana@example.com", "60 minutos", "tu contraseña no cambia"} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
			t.Errorf("mail lacks %q:\n%s", want, m.Text)
		}
	}
	if _, err := PasswordResetMail(PasswordReset{To: "a@example.com"}); err == nil {
		t.Error("a reset mail without a link was made")
	}
}
