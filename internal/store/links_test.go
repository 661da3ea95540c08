package store_test

import (
	"context"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// unsafeLinks are links a company may not give: scripts and data behind an href, and other hosts
// behind a protocol-relative path (the full set is in internal/company/link_test.go).
var unsafeLinks = []string{"javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
	"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "vbscript:msgbox(1)", "//xss.example/x"}

// Landing buttons, events' landing links and the company's own addresses are checked when written:
// an unsafe link is a 422 and writes nothing; http(s) addresses and paths on this site are written.
func TestUnsafeLinksAreRefusedWhenWritten(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		ctx := context.Background()
		for _, link := range unsafeLinks {
			err := db.Write(ctx, func(tx *store.Tx) error {
				return tx.InsertLandingButton(ctx, f.CompanyID, company.LandingButton{Title: "x", Link: link}, 1)
			})
			if !apperr.Is(err, apperr.Unprocessable) {
				t.Errorf("landing button %q: %v, want 422", link, err)
			}
			l := link
			err = db.Write(ctx, func(tx *store.Tx) error {
				_, err := tx.InsertEvent(ctx, store.SeedEvent{CompanyID: f.CompanyID, PublicKey: "ev-x", Name: "x",
					DateStart: "2026-05-04 10:00:00", DateEnd: "2026-05-04 11:00:00", StartsAt: eventNow, EndsAt: eventNow,
					Data: `{}`, LandingLink: &l}, eventNow)
				return err
			})
			if !apperr.Is(err, apperr.Unprocessable) {
				t.Errorf("event landing link %q: %v, want 422", link, err)
			}
			c := company.Company{Name: "Bad links", PublicKey: "bad-links-key", Token: "bad-links-token", TimeZone: "Europe/Madrid", NewsletterURL: &l}
			err = db.Write(ctx, func(tx *store.Tx) error { return tx.InsertCompany(ctx, &c, eventNow) })
			if !apperr.Is(err, apperr.Unprocessable) {
				t.Errorf("newsletter address %q: %v, want 422", link, err)
			}
		}
		buttons, err := db.Companies().LandingButtons(ctx, f.CompanyID)
		if err != nil || len(buttons) != 0 {
			t.Errorf("after refusals: %d buttons (%v)", len(buttons), err)
		}
		for _, link := range []string{"/fixture-key", "https://example.com/x"} {
			if err := db.Write(ctx, func(tx *store.Tx) error {
				return tx.InsertLandingButton(ctx, f.CompanyID, company.LandingButton{Title: link, Link: link}, 1)
			}); err != nil {
				t.Errorf("landing button %q: %v", link, err)
			}
		}
	})
}
