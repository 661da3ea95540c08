package store

import (
	"context"
	"encoding/json"
	"time"
)

// AuditEntry is one line of the staff audit log: who changed what in which company, and when.
type AuditEntry struct {
	ID        int64
	CompanyID int64
	UserID    int64 // 0 when the user was deleted since
	UserEmail string
	Action    string         // e.g. "booking.cancel", "payment.refund"
	Entity    string         // e.g. "booking"
	EntityID  string         // the entity's id as text
	Details   map[string]any // what changed; encoded as a JSON object
	At        time.Time
}

// InsertAudit records e inside the transaction of the change it describes, so that a change is never
// without its entry and an entry never without its change. e.At is the time of the change.
func (t *Tx) InsertAudit(ctx context.Context, e AuditEntry) error {
	details := e.Details
	if details == nil {
		details = map[string]any{}
	}
	raw, err := json.Marshal(details)
	if err != nil {
		return err
	}
	var user any
	if e.UserID > 0 {
		user = e.UserID
	}
	_, err = t.Exec(ctx, `INSERT INTO audit_log (company_id, user_id, user_email, action, entity, entity_id, details, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, e.CompanyID, user, e.UserEmail, e.Action, e.Entity, e.EntityID, string(raw), e.At.UnixMilli())
	return err
}
