package adminapi_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pitlane/internal/checkout"
	"pitlane/internal/store"
)

// cancelLink finds the cancel link's token in a mail's text.
var cancelLink = regexp.MustCompile(`/cancelBooking/([A-Za-z0-9_-]+)`)

// The counter sends a confirmation again, on both engines: one mail to the customer through the
// outbox (no company copy), the same text each time but for a new cancel link that works (and the old
// one no longer does), and an audit entry; a cancelled booking, one without an address and another
// company's booking are refused, and nothing is queued for them.
func TestResendConfirmation(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		e.exec(t, `INSERT INTO company_notify_emails (company_id, kind, email) VALUES (?, 'confirmation', 'office@kart.example')`, e.a.CompanyID)
		booking := e.seedDue(t, "pending")
		resend := func(id, company int64, as []string) (int, string) {
			t.Helper()
			res := e.api.Do("POST", "/api/admin/resend-confirmation", fmt.Sprintf(`{"idCompany":%d,"bookingId":%d}`, company, id), as...)
			return res.Status, string(res.Body)
		}
		mails := func(id int64) []string {
			t.Helper()
			var out []string
			n := e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE booking_id = ?`, id)
			for i := int64(0); i < n; i++ {
				var to, kind, text string
				e.readString(t, &to, `SELECT to_addr FROM outbox_emails WHERE booking_id = ? ORDER BY id LIMIT 1 OFFSET ?`, id, i)
				e.readString(t, &kind, `SELECT kind FROM outbox_emails WHERE booking_id = ? ORDER BY id LIMIT 1 OFFSET ?`, id, i)
				e.readString(t, &text, `SELECT body_text FROM outbox_emails WHERE booking_id = ? ORDER BY id LIMIT 1 OFFSET ?`, id, i)
				out = append(out, to+"|"+kind+"|"+text)
			}
			return out
		}
		status, body := resend(booking, e.a.CompanyID, e.desk)
		if status != http.StatusOK || !strings.Contains(body, `"email":"walk@example.com"`) {
			t.Fatalf("resend by the counter: %d %s", status, body)
		}
		first := mails(booking)
		if len(first) != 1 || !strings.HasPrefix(first[0], "walk@example.com|booking_confirmation|") {
			t.Fatalf("after the resend the outbox holds %q", first)
		}
		token1 := cancelLink.FindStringSubmatch(first[0])
		if token1 == nil {
			t.Fatalf("the resent mail has no cancel link:\n%s", first[0])
		}
		if n := e.count(t, `SELECT COUNT(*) FROM bookings WHERE id = ? AND cancel_token_hash = ?`, booking, checkout.HashToken(token1[1])); n != 1 {
			t.Errorf("the resent mail's cancel link does not name the booking")
		}

		if status, _ := resend(booking, e.a.CompanyID, e.auth); status != http.StatusOK {
			t.Fatalf("second resend: %d", status)
		}
		second := mails(booking)
		if len(second) != 2 {
			t.Fatalf("after two resends the outbox holds %d mails", len(second))
		}
		token2 := cancelLink.FindStringSubmatch(second[1])
		if token2 == nil || token2[1] == token1[1] {
			t.Fatalf("the second resend kept the link: %v", token2)
		}
		if strings.ReplaceAll(second[1], token2[1], "T") != strings.ReplaceAll(first[0], token1[1], "T") {
			t.Errorf("the two resends differ beyond the cancel link:\n%s\n---\n%s", first[0], second[1])
		}
		if n := e.count(t, `SELECT COUNT(*) FROM bookings WHERE id = ? AND cancel_token_hash = ?`, booking, checkout.HashToken(token1[1])); n != 0 {
			t.Errorf("the old cancel link still names the booking")
		}
		id := strconv.FormatInt(booking, 10)
		if n := e.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'booking.confirmation_resent' AND entity_id = ?`,
			e.a.CompanyID, id); n != 2 {
			t.Errorf("%d audit entries of the resends", n)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM audit_log WHERE action = 'booking.confirmation_resent' AND user_email = 'desk@kart.example'`); n != 1 {
			t.Errorf("the counter's resend is not audited under its name")
		}

		noMail := e.seedDue(t, "pending")
		e.exec(t, `UPDATE bookings SET email = '' WHERE id = ?`, noMail)
		cancelled := e.seedDue(t, "cancelada")
		for _, c := range []struct {
			name    string
			id      int64
			company int64
			want    int
		}{
			{"no address", noMail, e.a.CompanyID, http.StatusUnprocessableEntity},
			{"cancelled", cancelled, e.a.CompanyID, http.StatusConflict},
			{"unknown", 999999, e.a.CompanyID, http.StatusNotFound},
			{"another company", booking, e.b.CompanyID, http.StatusForbidden},
		} {
			if status, body := resend(c.id, c.company, e.desk); status != c.want {
				t.Errorf("%s: %d %s, want %d", c.name, status, body, c.want)
			}
		}
		if n := e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE booking_id IN (?, ?)`, noMail, cancelled); n != 0 {
			t.Errorf("refused resends queued %d mails", n)
		}
	})
}
