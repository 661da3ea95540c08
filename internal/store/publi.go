package store

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/company"
)

// Publi is a company's advertising as the back office writes it and the kiosk reads it: the uploaded
// images (media rows, content-addressed) and the publi settings (company.PubliStore).
type Publi struct{ db *DB }

// Publi returns the store of this aggregate.
func (db *DB) Publi() Publi { return Publi{db} }

// CompanyByID implements company.PubliStore.
func (ps Publi) CompanyByID(ctx context.Context, id int64) (company.Company, error) {
	return ps.db.Companies().CompanyByID(ctx, id)
}

// SavePubliPhoto implements company.PubliStore: one media row per company and image, and an audit
// entry for every upload.
func (ps Publi) SavePubliPhoto(ctx context.Context, companyID int64, name string, p company.Photo, by account.Staff, at time.Time) error {
	return ps.db.Write(ctx, func(tx *Tx) error {
		if err := tx.InsertMedia(ctx, companyID, name, p, at); err != nil {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "publi.photo", Entity: "media", EntityID: p.SHA256, At: at,
			Details: map[string]any{"name": name, "url": company.PhotoPath(p.SHA256), "bytes": len(p.JPEG)}})
	})
}

// InsertMedia stores a checked image for the company under its SHA-256; storing the same image for the
// same company again changes nothing.
func (t *Tx) InsertMedia(ctx context.Context, companyID int64, name string, p company.Photo, at time.Time) error {
	_, err := t.Exec(ctx, `INSERT INTO media (company_id, name, content_type, bytes, created_at, sha256)
		VALUES (?, ?, 'image/jpeg', ?, ?, ?) ON CONFLICT (company_id, sha256) DO NOTHING`,
		companyID, name, p.JPEG, at.UnixMilli(), p.SHA256)
	return err
}

// PubliPhoto implements company.PubliStore.
func (ps Publi) PubliPhoto(ctx context.Context, sum string) ([]byte, error) {
	var out []byte
	err := ps.db.Read(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT bytes FROM media WHERE sha256 = ? ORDER BY id LIMIT 1`, sum).Scan(&out)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No such image.")
		}
		return translate(err)
	})
	return out, err
}

// UpdatePubli implements company.PubliStore: the publi JSON and kiosk settings of the company, the
// advertising_images rows that mirror them, and the audit entry with the settings before and after.
func (ps Publi) UpdatePubli(ctx context.Context, ch company.PubliChange) error {
	return ps.db.Write(ctx, func(tx *Tx) error {
		fields := map[string]string{}
		for _, field := range slices.Sorted(maps.Keys(ch.Images)) {
			var one int
			err := tx.QueryRow(ctx, `SELECT 1 FROM media WHERE company_id = ? AND sha256 = ?`, ch.CompanyID, ch.Images[field]).Scan(&one)
			if IsNoRows(err) {
				fields[field] = "must be an image uploaded to this company"
				continue
			}
			if err != nil {
				return translate(err)
			}
		}
		if len(fields) > 0 {
			return apperr.WithFields(apperr.Unprocessable, "The advertising settings break a rule.", fields)
		}
		var before string
		if err := tx.QueryRow(ctx, `SELECT publi FROM companies WHERE id = ?`, ch.CompanyID).Scan(&before); err != nil {
			return translate(err)
		}
		if before == "" {
			before = "{}"
		}
		after, err := json.Marshal(ch.Publi)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE companies SET publi = ?, kiosk_language = ?, kiosk_idle_seconds = ?, updated_at = ?
			WHERE id = ?`, string(after), nullable(ch.KioskLanguage), ch.KioskIdleSeconds, ch.At.UnixMilli(), ch.CompanyID); err != nil {
			return err
		}
		if err := tx.syncAdvertisingImages(ctx, ch.CompanyID, ch.Publi); err != nil {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: ch.CompanyID, UserID: ch.By.UserID, UserEmail: ch.By.Email,
			Action: "publi.update", Entity: "company", EntityID: strconv.FormatInt(ch.CompanyID, 10), At: ch.At,
			Details: map[string]any{"before": json.RawMessage(before), "after": json.RawMessage(after),
				"defaultKioskLanguage": ch.KioskLanguage, "kioskIdleSeconds": ch.KioskIdleSeconds}})
	})
}

// syncAdvertisingImages makes the company's advertising_images rows those of p: one per image set.
func (t *Tx) syncAdvertisingImages(ctx context.Context, companyID int64, p company.Publi) error {
	if _, err := t.Exec(ctx, `DELETE FROM advertising_images WHERE company_id = ?`, companyID); err != nil {
		return err
	}
	for _, img := range []struct {
		side, lang string
		url, link  *string
	}{
		{"left", "default", p.ImgLeftDefault, p.HyperlinkLeft},
		{"right", "default", p.ImgRightDefault, p.HyperlinkRight},
		{"left", "eng", p.ImgLeftENG, p.HyperlinkLeft},
		{"right", "eng", p.ImgRightENG, p.HyperlinkRight},
	} {
		if img.url == nil {
			continue
		}
		if err := t.InsertAdvertisingImage(ctx, companyID, img.side, img.lang, *img.url, img.link); err != nil {
			return err
		}
	}
	return nil
}
