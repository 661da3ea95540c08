package server_test

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// TestMailsShowALogoAndPricesAsThePages: the confirmation mail of a demo booking (Circuito Norte, in
// Spanish, two drivers at 22,00 €) shows the circuit's logo from an absolute address of this server, as
// a PNG the web app ships (not the SVG the pages use), and its prices as the Spanish page writes them
// ("44,00 €", never "44.00 €"); every demo company's SVG logo has its PNG twin. Both engines.
func TestMailsShowALogoAndPricesAsThePages(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		newWalker(t, db) // books as a visitor: the confirmation mail is queued
		ctx := context.Background()
		var html, text string
		if err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT body_html, body_text FROM outbox_emails WHERE kind = 'booking_confirmation' AND to_addr = ?`,
				"walker@example.com").Scan(&html, &text)
		}); err != nil {
			t.Fatal(err)
		}
		src := regexp.MustCompile(`<img src="([^"]+)"`).FindStringSubmatch(html)
		if src == nil || src[1] != "http://example.com/demo/norte-logo.png" {
			t.Errorf("logo %v, want http://example.com/demo/norte-logo.png", src)
		}
		if !strings.Contains(text, "44,00\u00a0€") || strings.Contains(text, "44.00") || !strings.Contains(html, "44,00\u00a0€") {
			t.Errorf("the Spanish mail does not write 44,00 € as its page does:\n%s", text)
		}
		var logos []string
		if err := db.Read(ctx, func(tx *store.Tx) error {
			rows, err := tx.Query(ctx, `SELECT logo FROM companies ORDER BY id`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var l string
				if err := rows.Scan(&l); err != nil {
					return err
				}
				logos = append(logos, l)
			}
			return rows.Err()
		}); err != nil {
			t.Fatal(err)
		}
		if len(logos) != 3 {
			t.Fatalf("%d demo companies", len(logos))
		}
		for _, l := range logos {
			if !strings.HasPrefix(l, "/demo/") || !strings.HasSuffix(l, ".svg") {
				t.Errorf("demo logo %q", l)
				continue
			}
			twin := filepath.Join("..", "..", "web", "public", strings.TrimSuffix(l, ".svg")+".png")
			data, err := os.ReadFile(twin)
			if err != nil {
				t.Errorf("%s has no PNG twin for mails: %v", l, err)
				continue
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil || img.Bounds().Dx() < 300 {
				t.Errorf("%s: not a PNG logo (%v)", twin, err)
			}
		}
	})
}
