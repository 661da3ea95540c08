package demo_test

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"

	"pitlane/internal/catalog"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// Every demo product of every demo company has its own picture, drawn at seed time and served as a
// product image: no two products share one, so the booking page's cards tell the products apart.
func TestDemoProductsHavePairwiseDifferentPictures(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		seed(t, db)
		type row struct {
			company     int64
			local, name string
			image       *string
		}
		var rows []row
		err := db.Read(ctx, func(tx *store.Tx) error {
			rs, err := tx.Query(ctx, `SELECT company_id, id_local, name, image FROM products ORDER BY company_id, id`)
			if err != nil {
				return err
			}
			defer rs.Close()
			for rs.Next() {
				var r row
				if err := rs.Scan(&r.company, &r.local, &r.name, &r.image); err != nil {
					return err
				}
				rows = append(rows, r)
			}
			return rs.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 18 {
			t.Fatalf("%d demo products, want 18", len(rows))
		}
		seen := map[string]string{}
		for _, r := range rows {
			if r.image == nil || !catalog.ValidImageURL(*r.image) { // what the admin form accepts on save
				t.Errorf("product %d/%s %q: image %v, want a stored product image", r.company, r.local, r.name, r.image)
				continue
			}
			if other, ok := seen[*r.image]; ok {
				t.Errorf("product %q has the same picture as %q", r.name, other)
			}
			seen[*r.image] = r.name
			// The address serves a PNG of the cards' proportions.
			b, err := db.Media().Image(ctx, strings.TrimSuffix(strings.TrimPrefix(*r.image, catalog.ImagePrefix), ".png"))
			if err != nil {
				t.Errorf("image of %q: %v", r.name, err)
				continue
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil || cfg.Width*catalog.ImageHeight != cfg.Height*catalog.ImageWidth {
				t.Errorf("image of %q: %dx%d (%v), want a PNG of %d:%d", r.name, cfg.Width, cfg.Height, err,
					catalog.ImageWidth, catalog.ImageHeight)
			}
		}
	})
}
