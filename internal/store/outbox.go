package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"pitlane/internal/notify"
)

// Outbox is the mail outbox: claiming, marking and listing queued mails (notify.WorkerStore, the dev
// mail pages, health).
type Outbox struct{ db *DB }

// Outbox returns the store of this aggregate.
func (db *DB) Outbox() Outbox { return Outbox{db} }

// EnqueueEmail writes m to the outbox inside the transaction, due for delivery at now, so the message
// exists exactly when what it announces (a booking, a cancellation…) is committed. A CompanyID of 0
// is stored as no company. Implements notify.Outbox.
func (t *Tx) EnqueueEmail(ctx context.Context, m notify.Message, now time.Time) error {
	if m.To == "" || m.Kind == "" {
		return errors.New("outbox: a message needs a recipient and a kind")
	}
	atts := m.Attachments
	if atts == nil {
		atts = []notify.Attachment{}
	}
	raw, err := json.Marshal(atts)
	if err != nil {
		return fmt.Errorf("outbox: attachments: %w", err)
	}
	var company any
	if m.CompanyID != 0 {
		company = m.CompanyID
	}
	culture := m.Culture
	if culture == "" {
		culture = notify.DefaultCulture
	}
	ms := now.UnixMilli()
	_, err = t.Exec(ctx, `INSERT INTO outbox_emails (company_id, booking_id, kind, culture, to_addr, subject,
		body_text, body_html, attachments, status, attempts, next_attempt_at, created_at, from_name, reply_to)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?)`,
		company, m.BookingID, m.Kind, culture, m.To, m.Subject, m.Text, m.HTML, string(raw), ms, ms, m.FromName, m.ReplyTo)
	return err
}

// CompanyNotifyEmails returns the company's notification addresses of the kind (confirmation,
// cancellation or problem) in the order they were added. Implements notify.Outbox.
func (t *Tx) CompanyNotifyEmails(ctx context.Context, companyID int64, kind string) ([]string, error) {
	rows, err := t.Query(ctx, `SELECT email FROM company_notify_emails WHERE company_id = ? AND kind = ? ORDER BY id`,
		companyID, kind)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, translate(err)
		}
		out = append(out, e)
	}
	return out, translate(rows.Err())
}

// outboxDue is the condition of a message a worker may claim: pending and due, or leased by a worker
// whose lease has run out (it stopped mid-delivery). Its two placeholders are both "now".
const outboxDue = `((status = 'pending' AND next_attempt_at <= ?) OR (status = 'sending' AND locked_until <= ?))`

// ClaimEmails leases up to limit due messages, oldest due first, until now+lease and counts an attempt
// on each, in one conditional UPDATE: a message is claimed by one worker only, whichever instance it
// runs in (PostgreSQL skips rows another claim has locked and re-checks the condition on the row it
// updates; SQLite has one writer). Implements notify.WorkerStore.
func (ob Outbox) ClaimEmails(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]notify.Outgoing, error) {
	lock := ""
	if ob.db.engine == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	ms := now.UnixMilli()
	var out []notify.Outgoing
	err := ob.db.Write(ctx, func(tx *Tx) error {
		out = out[:0]
		rows, err := tx.Query(ctx, `UPDATE outbox_emails SET status = 'sending', locked_until = ?, attempts = attempts + 1
			WHERE id IN (SELECT id FROM outbox_emails WHERE `+outboxDue+` ORDER BY next_attempt_at, id LIMIT ?`+lock+`)
			AND `+outboxDue+`
			RETURNING id, company_id, booking_id, kind, culture, to_addr, subject, body_text, body_html, attachments, attempts,
				from_name, reply_to`,
			now.Add(lease).UnixMilli(), ms, ms, limit, ms, ms)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var o notify.Outgoing
			var company, booking sql.NullInt64
			var atts string
			m := &o.Message
			if err := rows.Scan(&o.ID, &company, &booking, &m.Kind, &m.Culture, &m.To, &m.Subject, &m.Text, &m.HTML,
				&atts, &o.Attempts, &m.FromName, &m.ReplyTo); err != nil {
				return translate(err)
			}
			setRefs(m, company, booking)
			if err := json.Unmarshal([]byte(atts), &m.Attachments); err != nil {
				return fmt.Errorf("outbox e-mail %d: attachments: %w", o.ID, err)
			}
			out = append(out, o)
		}
		return translate(rows.Err())
	})
	return out, err
}

// MarkEmailSent records that the claimed message was delivered. Implements notify.WorkerStore.
func (ob Outbox) MarkEmailSent(ctx context.Context, id int64, now time.Time) error {
	return ob.db.Write(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE outbox_emails SET status = 'sent', sent_at = ?, locked_until = NULL, last_error = NULL
			WHERE id = ? AND status = 'sending'`, now.UnixMilli(), id)
		return err
	})
}

// MarkEmailFailed records a failed delivery of the claimed message: pending again from retryAt, or
// failed for good when giveUp. The reason is kept (cut to 1000 bytes) for the dev mail page and
// operators. Implements notify.WorkerStore.
func (ob Outbox) MarkEmailFailed(ctx context.Context, id int64, reason string, retryAt time.Time, giveUp bool) error {
	status := notify.StatusPending
	if giveUp {
		status = notify.StatusFailed
	}
	if len(reason) > 1000 {
		reason = reason[:1000]
	}
	return ob.db.Write(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE outbox_emails SET status = ?, next_attempt_at = ?, locked_until = NULL, last_error = ?
			WHERE id = ? AND status = 'sending'`, status, retryAt.UnixMilli(), reason, id)
		return err
	})
}

// ReleaseEmails gives claimed messages back unsent when their worker stops: pending (still due when
// they were), no lease, and the attempt their claim counted undone. Only messages still 'sending' are
// touched: one already recorded sent or failed stays so. Implements notify.WorkerStore.
func (ob Outbox) ReleaseEmails(ctx context.Context, ids []int64) error {
	return ob.db.Write(ctx, func(tx *Tx) error {
		for _, id := range ids {
			if _, err := tx.Exec(ctx, `UPDATE outbox_emails SET status = 'pending', locked_until = NULL,
				attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END
				WHERE id = ? AND status = 'sending'`, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// setRefs fills the message's company and booking from nullable columns.
func setRefs(m *notify.Message, company, booking sql.NullInt64) {
	m.CompanyID = company.Int64
	if booking.Valid {
		id := booking.Int64
		m.BookingID = &id
	}
}

// outboxListColumns are the columns RecentEmails and OutboxEmail read, in scanEntry's order.
const outboxListColumns = `id, company_id, booking_id, kind, culture, to_addr, subject, status, attempts, last_error,
	created_at, next_attempt_at, sent_at`

// scanEntry reads outboxListColumns, then the extra destinations.
func scanEntry(s scanner, extra ...any) (notify.OutboxEntry, error) {
	var e notify.OutboxEntry
	var company, booking, sent sql.NullInt64
	var lastErr sql.NullString
	var created, next int64
	m := &e.Message
	dest := append([]any{&e.ID, &company, &booking, &m.Kind, &m.Culture, &m.To, &m.Subject, &e.Status, &e.Attempts,
		&lastErr, &created, &next, &sent}, extra...)
	if err := s.Scan(dest...); err != nil {
		return notify.OutboxEntry{}, translate(err)
	}
	setRefs(m, company, booking)
	e.LastError = lastErr.String
	e.CreatedAt, e.NextAttemptAt = time.UnixMilli(created).UTC(), time.UnixMilli(next).UTC()
	if sent.Valid {
		t := time.UnixMilli(sent.Int64).UTC()
		e.SentAt = &t
	}
	return e, nil
}

// RecentEmails returns the newest limit messages of the outbox, newest first, without their bodies
// and attachments (for the dev mail page).
func (ob Outbox) RecentEmails(ctx context.Context, limit int) ([]notify.OutboxEntry, error) {
	out := []notify.OutboxEntry{}
	err := ob.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+outboxListColumns+` FROM outbox_emails ORDER BY id DESC LIMIT ?`, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			e, err := scanEntry(rows)
			if err != nil {
				return err
			}
			out = append(out, e)
		}
		return translate(rows.Err())
	})
	return out, err
}

// OutboxEmail returns one message of the outbox with its bodies and attachments. Returns
// apperr.NotFound if there is none with the id.
func (ob Outbox) OutboxEmail(ctx context.Context, id int64) (notify.OutboxEntry, error) {
	var e notify.OutboxEntry
	err := ob.db.Read(ctx, func(tx *Tx) error {
		var text, html, atts string
		var err error
		e, err = scanEntry(tx.QueryRow(ctx, `SELECT `+outboxListColumns+`, body_text, body_html, attachments
			FROM outbox_emails WHERE id = ?`, id), &text, &html, &atts)
		if err != nil {
			return err
		}
		e.Message.Text, e.Message.HTML = text, html
		return json.Unmarshal([]byte(atts), &e.Message.Attachments)
	})
	return e, err
}

// OutboxStats counts the outbox by status and tells when the oldest message still waiting was made.
func (ob Outbox) OutboxStats(ctx context.Context) (notify.OutboxStats, error) {
	var st notify.OutboxStats
	err := ob.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT status, COUNT(*) FROM outbox_emails GROUP BY status`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var status string
			var n int
			if err := rows.Scan(&status, &n); err != nil {
				return translate(err)
			}
			switch status {
			case notify.StatusPending:
				st.Pending = n
			case notify.StatusSending:
				st.Sending = n
			case notify.StatusSent:
				st.Sent = n
			case notify.StatusFailed:
				st.Failed = n
			}
		}
		if err := rows.Err(); err != nil {
			return translate(err)
		}
		var oldest sql.NullInt64
		if err := tx.QueryRow(ctx, `SELECT MIN(created_at) FROM outbox_emails WHERE status IN ('pending', 'sending')`).
			Scan(&oldest); err != nil {
			return translate(err)
		}
		if oldest.Valid {
			t := time.UnixMilli(oldest.Int64).UTC()
			st.OldestDue = &t
		}
		return nil
	})
	return st, err
}
