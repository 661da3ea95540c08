package checkout_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/member"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

var unsubscribeLink = regexp.MustCompile(regexp.QuoteMeta(base) + `/member/unsubscribe/([A-Za-z0-9_-]{22})\b`)

// A customer who accepts offers finds the unsubscribe link in their confirmation (text and HTML); the
// link's key unsubscribes them. A customer who does not accept offers gets no link, nor does the
// company's copy.
func TestConfirmationCarriesTheUnsubscribeLink(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEnv(t, db)
		book := func(email string, promo int) (text, html string) {
			t.Helper()
			cart := e.cart(t)
			id := e.hold(t, cart, e.fix.Product, 1, at("18:00"))
			body := save(cart, id, "Ana")
			body["email"], body["emailConfirmation"], body["acceptSendPromo"] = email, email, promo
			if res := e.saveBooking(t, body); res.Status != 200 {
				t.Fatalf("save: %d %s", res.Status, res.Body)
			}
			return e.str(t, `SELECT body_text FROM outbox_emails WHERE kind = ? AND to_addr = ?`, notify.KindBookingConfirmation, email),
				e.str(t, `SELECT body_html FROM outbox_emails WHERE kind = ? AND to_addr = ?`, notify.KindBookingConfirmation, email)
		}

		text, html := book("Ana@Example.com", 1)
		m := unsubscribeLink.FindStringSubmatch(text)
		if m == nil || !strings.Contains(html, `href="`+m[0]+`"`) || !strings.Contains(text, "Darme de baja: ") {
			t.Fatalf("no unsubscribe link in the confirmation:\n%s", text)
		}
		if strings.Contains(e.str(t, `SELECT body_text FROM outbox_emails WHERE kind = ? ORDER BY id DESC LIMIT 1`,
			notify.KindCompanyNotice), "/member/unsubscribe/") {
			t.Error("the company's copy carries the customer's unsubscribe link")
		}
		svc := member.NewService(db.Members(), e.clk)
		if err := svc.Unsubscribe(ctx, m[1]); err != nil {
			t.Fatalf("unsubscribe with the mail's key: %v", err)
		}
		if e.count(t, `SELECT accept_send_promo FROM members WHERE email = 'ana@example.com'`) != 0 {
			t.Error("the member still accepts offers after following the link")
		}

		text, html = book("bo@example.com", 0)
		if strings.Contains(text+html, "/member/unsubscribe/") {
			t.Errorf("a customer who declined offers gets an unsubscribe link:\n%s", text)
		}
		if err := svc.Unsubscribe(ctx, "AAAAAAAAAAAAAAAAAAAAAA"); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("unknown key: %v", err)
		}
	})
}
