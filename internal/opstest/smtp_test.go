package opstest

import (
	"fmt"
	"mime"
	"net/mail"
	"strings"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"
)

// mailbox is an SMTP double every instance of a test delivers to.
type mailbox struct {
	srv *smtpmock.Server
	url string // PITLANE_SMTP_URL
}

func startMailbox(t *testing.T) *mailbox {
	t.Helper()
	srv := smtpmock.New(smtpmock.ConfigurationAttr{HostAddress: "127.0.0.1", MultipleMessageReceiving: true})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	return &mailbox{srv: srv, url: fmt.Sprintf("smtp://127.0.0.1:%d?helo=localhost&timeout=5s", srv.PortNumber())}
}

// received lists the delivered messages as "address|subject", one per message.
func (m *mailbox) received(t *testing.T) []string {
	t.Helper()
	var out []string
	dec := new(mime.WordDecoder)
	for _, msg := range m.srv.Messages() {
		raw := msg.MsgRequest()
		if raw == "" {
			continue
		}
		parsed, err := mail.ReadMessage(strings.NewReader(raw))
		if err != nil {
			t.Errorf("unreadable message: %v\n%s", err, raw)
			continue
		}
		subject, err := dec.DecodeHeader(parsed.Header.Get("Subject"))
		if err != nil {
			subject = parsed.Header.Get("Subject")
		}
		to := parsed.Header.Get("To")
		if a, err := mail.ParseAddress(to); err == nil {
			to = a.Address
		}
		out = append(out, strings.ToLower(to)+"|"+subject)
	}
	return out
}

// waitDelivered waits until every outbox row is sent and the mailbox holds one message per row, then
// checks that each row's message arrived exactly once.
func (m *mailbox) waitDelivered(t *testing.T, rows func() []outboxMail, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	var want []outboxMail
	var got []string
	for {
		want, got = rows(), m.received(t)
		sent := 0
		for _, r := range want {
			if r.status == "sent" {
				sent++
			}
		}
		if sent == len(want) && len(got) >= len(want) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %v: %d of %d outbox mails sent, %d messages received", within, sent, len(want), len(got))
		}
		time.Sleep(100 * time.Millisecond)
	}
	seen := map[string]int{}
	for _, g := range got {
		seen[g]++
	}
	expected := map[string]int{}
	for _, r := range want {
		expected[strings.ToLower(r.to)+"|"+r.subject]++
	}
	for k, n := range expected {
		if seen[k] != n {
			t.Errorf("mail %q: received %d times, want %d", k, seen[k], n)
		}
	}
	for k, n := range seen {
		if expected[k] == 0 {
			t.Errorf("mail %q received %d times and is in no outbox row", k, n)
		}
	}
}
