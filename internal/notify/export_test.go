package notify

import (
	"bytes"
	"testing"
)

// ComposeMIME is the raw message the SMTP sender would send for m, from no-reply@pitlane.test, for tests
// that read mails as a mail client does without an SMTP conversation.
func ComposeMIME(t *testing.T, m Message) string {
	t.Helper()
	s, err := NewSMTPSender("smtp://localhost:2525", "no-reply@pitlane.test")
	if err != nil {
		t.Fatal(err)
	}
	msg, err := s.(*smtpSender).compose(m)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := msg.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
