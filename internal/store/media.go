package store

import (
	"context"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
)

// Media is the uploaded images kept in the database, content-addressed by SHA-256 (catalog.MediaStore).
type Media struct{ db *DB }

// Media returns the store of this aggregate.
func (db *DB) Media() Media { return Media{db} }

// SaveImage stores a PNG under its SHA-256 with its audit entry; bytes the company stored already change nothing
// (catalog.MediaStore).
func (m Media) SaveImage(ctx context.Context, companyID int64, name, sha string, content []byte, by catalog.Actor, at int64) error {
	return m.db.Write(ctx, func(tx *Tx) error {
		added, err := tx.insertProductImage(ctx, companyID, name, sha, content, at)
		if err != nil || !added {
			return err // those bytes were stored already: nothing changed, nothing to audit
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email, Action: "product.image",
			Entity: "media", EntityID: sha, Details: map[string]any{"name": name, "bytes": len(content)}, At: time.UnixMilli(at)})
	})
}

// Image returns the stored image with that SHA-256 (catalog.MediaStore).
func (m Media) Image(ctx context.Context, sha string) ([]byte, error) {
	var b []byte
	err := m.db.Read(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT bytes FROM media WHERE sha256 = ? AND content_type = ? ORDER BY id LIMIT 1`, sha, catalog.ImageMediaType()).Scan(&b)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No such image.")
		}
		return err
	})
	return b, err
}

// InsertProductImage stores a PNG product image for the company under its SHA-256 (hex), within the
// seeding transaction and without an audit entry; the same bytes for the same company again change nothing.
func (t *Tx) InsertProductImage(ctx context.Context, companyID int64, name, sha string, content []byte, at time.Time) error {
	_, err := t.insertProductImage(ctx, companyID, name, sha, content, at.UnixMilli())
	return err
}

// insertProductImage stores the image unless the company has those bytes already; it tells whether a row
// was added.
func (t *Tx) insertProductImage(ctx context.Context, companyID int64, name, sha string, content []byte, at int64) (bool, error) {
	res, err := t.Exec(ctx, `INSERT INTO media (company_id, name, content_type, bytes, sha256, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (company_id, sha256) DO NOTHING`,
		companyID, name, catalog.ImageMediaType(), content, sha, at)
	if err != nil {
		return false, translate(err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
