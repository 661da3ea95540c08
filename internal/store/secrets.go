package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"
)

// Secrets is the server's generated secrets and the spent captcha challenges (captcha.Store).
type Secrets struct{ db *DB }

// Secrets returns the store of this aggregate.
func (db *DB) Secrets() Secrets { return Secrets{db} }

// secretBytes is the size of a new shared secret: 256 bits from crypto/rand.
const secretBytes = 32

// Secret returns the shared secret called name, creating it at random on first use. Every instance on
// the same database gets the same bytes, so what one instance signs another can check.
func (sc Secrets) Secret(ctx context.Context, name string, now time.Time) ([]byte, error) {
	var out []byte
	err := sc.db.Read(ctx, func(tx *Tx) error {
		var err error
		out, err = tx.lookupSecret(ctx, name)
		return err
	})
	if err == nil && out != nil {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	err = sc.db.Write(ctx, func(tx *Tx) error {
		var err error
		out, err = tx.Secret(ctx, name, now)
		return err
	})
	return out, err
}

// Secret returns the shared secret called name inside a write transaction, creating it at random on
// first use (a concurrent creator wins and both callers get its bytes).
func (t *Tx) Secret(ctx context.Context, name string, now time.Time) ([]byte, error) {
	v, err := t.lookupSecret(ctx, name)
	if err != nil || v != nil {
		return v, err
	}
	fresh := make([]byte, secretBytes)
	_, _ = rand.Read(fresh) // crypto/rand.Read never fails
	if _, err := t.Exec(ctx, `INSERT INTO app_secrets (name, value, created_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO NOTHING`, name, hex.EncodeToString(fresh), now.UnixMilli()); err != nil {
		return nil, err
	}
	v, err = t.lookupSecret(ctx, name)
	if err == nil && v == nil {
		err = fmt.Errorf("secret %s: not stored", name)
	}
	return v, err
}

// lookupSecret returns the secret's bytes, or nil without error when it does not exist yet.
func (t *Tx) lookupSecret(ctx context.Context, name string) ([]byte, error) {
	var hexValue string
	err := t.QueryRow(ctx, `SELECT value FROM app_secrets WHERE name = ?`, name).Scan(&hexValue)
	if IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, translate(err)
	}
	v, err := hex.DecodeString(hexValue)
	if err != nil {
		return nil, fmt.Errorf("secret %s is not hex: %w", name, err)
	}
	return v, nil
}
