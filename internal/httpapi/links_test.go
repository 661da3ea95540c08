package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A link that reached the database behind the write check (an old row, a hand edit) is checked again
// when served: the landing, the events landing and the config answer it as an empty link (a disabled
// button), never as a javascript: or data: address; safe links are served as they are.
func TestServedLinksAreCheckedAgain(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		w.withEvents(t, nil)
		w.evAdd(t, evSpec{name: "Safe", in: 24 * time.Hour, onLanding: true, link: evStr("/event/safe")})
		w.evAdd(t, evSpec{name: "Forged", in: 48 * time.Hour, onLanding: true, link: evStr("/event/forged")})
		ctx := context.Background()
		if err := db.Write(ctx, func(tx *store.Tx) error {
			for i, link := range []string{"javascript:alert(document.cookie)", "/fixture-key", "DATA:text/html,<script>alert(1)</script>"} {
				if _, err := tx.Exec(ctx, `INSERT INTO landing_buttons (company_id, title, link, is_new, is_disabled, position)
					VALUES (?, ?, ?, 0, 0, ?)`, w.fix.CompanyID, "b"+string(rune('0'+i)), link, i); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, `UPDATE events SET landing_link = ? WHERE public_key = ?`, " javascript:alert(1)", "forged"); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `UPDATE companies SET newsletter_url = ? WHERE id = ?`, "javascript:alert(1)", w.fix.CompanyID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		noScript := func(t *testing.T, res *apitest.Response) {
			body := strings.ToLower(string(res.Body))
			if strings.Contains(body, "javascript:") || strings.Contains(body, "data:text") {
				t.Errorf("a script link was served: %s", res.Body)
			}
		}
		w.run(t, []row{
			{name: "landing", method: "GET", path: "/api/landing/fixture-key", status: 200, check: func(t *testing.T, res *apitest.Response) {
				noScript(t, res)
				l := companyLanding(t, res)
				if len(l.Buttons) != 3 || l.Buttons[0].Link != "" || l.Buttons[1].Link != "/fixture-key" || l.Buttons[2].Link != "" {
					t.Errorf("buttons %+v", l.Buttons)
				}
			}},
			{name: "events landing", method: "GET", path: "/api/landing/fixture-key/events", status: 200, check: func(t *testing.T, res *apitest.Response) {
				noScript(t, res)
				l := eventsLanding(t, res)
				if len(l.Events) != 2 || l.Events[0].Link != "/event/safe" || l.Events[1].Link != "" || l.NewsletterURL != nil {
					t.Errorf("events landing %+v newsletter %v", l.Events, l.NewsletterURL)
				}
			}},
			{name: "config", method: "GET", path: "/api/config/fixture-key", status: 200, check: noScript},
			{name: "event page", method: "GET", path: "/api/event/forged", status: 200, check: noScript},
		})
	})
}
