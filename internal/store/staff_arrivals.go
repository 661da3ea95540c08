package store

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/checkout"
	"pitlane/internal/frontdesk"
)

// FrontDesk is the counter's day: arrival marks (booking_arrivals, migration 00037) and the Today view
// (staff_today.go). It implements frontdesk.Store. Every query names the company.
type FrontDesk struct{ db *DB }

// FrontDesk returns the counter's store.
func (db *DB) FrontDesk() FrontDesk { return FrontDesk{db: db} }

// checkInKeyPrefix is the namespace of check-in keys in idempotency_keys.
const checkInKeyPrefix = "check-in:"

// CompanyZone implements frontdesk.Store.
func (f FrontDesk) CompanyZone(ctx context.Context, companyID int64) (string, error) {
	var zone string
	err := f.db.Read(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT time_zone FROM companies WHERE id = ?`, companyID).Scan(&zone)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No such company.")
		}
		return translate(err)
	})
	return zone, err
}

// markedBooking resolves the mark's booking (its id, or its reference within the company) and locks it
// with its ledger's sums. Returns apperr.NotFound.
func markedBooking(ctx context.Context, tx *Tx, m frontdesk.Mark) (deskBooking, error) {
	id := m.BookingID
	if m.Reference != "" {
		err := tx.QueryRow(ctx, `SELECT id FROM bookings WHERE company_id = ? AND reference = ?`, m.CompanyID, m.Reference).Scan(&id)
		if IsNoRows(err) {
			return deskBooking{}, apperr.WithFields(apperr.NotFound, "No booking of this company with that reference.",
				map[string]string{"reference": "unknown"})
		}
		if err != nil {
			return deskBooking{}, translate(err)
		}
	}
	return lockDeskBooking(ctx, tx, m.CompanyID, id)
}

// arrivalOf fills out with the booking's arrival row (if any) and its sums.
func arrivalOf(ctx context.Context, tx *Tx, b deskBooking, out *frontdesk.Arrival) error {
	out.BookingID, out.Identifier, out.Reference, out.State = b.id, b.identifier, b.reference, b.status
	out.PaidCents = max(b.chargedNet-b.refunded, 0)
	out.DueCents = billing.Due(b.total, b.chargedNet)
	var at sql.NullInt64
	var by string
	var noShows int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM booking_no_shows WHERE booking_id = ?`, b.id).Scan(&noShows); err != nil {
		return translate(err)
	}
	out.NoShow = noShows > 0
	err := tx.QueryRow(ctx, `SELECT arrived_at, arrived_by_email FROM booking_arrivals WHERE booking_id = ?`, b.id).Scan(&at, &by)
	if IsNoRows(err) {
		out.Arrived, out.ArrivedAt, out.ArrivedBy = false, time.Time{}, ""
		return nil
	}
	if err != nil {
		return translate(err)
	}
	out.Arrived, out.ArrivedAt, out.ArrivedBy = true, time.UnixMilli(at.Int64).UTC(), by
	return nil
}

// MarkArrived implements frontdesk.Store. The booking is locked (PostgreSQL) or the write is the only
// one (SQLite), and the mark is an INSERT that does nothing when the row is there: two marks at once
// leave one row, the second answered AlreadyArrived. A key already claimed for the same booking replays:
// nothing is written, even when the mark was undone since (an offline queue sent late must not mark
// again what staff undid).
func (f FrontDesk) MarkArrived(ctx context.Context, m frontdesk.Mark) (frontdesk.Arrival, error) {
	var out frontdesk.Arrival
	err := f.db.Write(ctx, func(tx *Tx) error {
		out = frontdesk.Arrival{}
		b, err := markedBooking(ctx, tx, m)
		if err != nil {
			return err
		}
		if err := checkToken(ctx, tx, m.CompanyID, b.reference, m.Token, m.Now); err != nil {
			return err
		}
		switch {
		case b.status == checkout.StatusCancelled:
			return apperr.New(apperr.Unprocessable, "The booking is cancelled: it cannot be marked arrived.")
		case b.mode == checkout.ModeOnline && b.status == checkout.StatusPending && !b.placesBooked:
			return apperr.New(apperr.Unprocessable, "The booking is waiting for its online payment: it cannot be marked arrived.")
		}
		if m.IdempotencyKey != "" {
			hash := "booking:" + strconv.FormatInt(b.id, 10)
			res, err := tx.Exec(ctx, `INSERT INTO idempotency_keys (company_id, key, request_hash, status, response, created_at)
				VALUES (?, ?, ?, 200, '', ?) ON CONFLICT DO NOTHING`, m.CompanyID, checkInKeyPrefix+m.IdempotencyKey, hash, m.Now.UnixMilli())
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				var stored string
				if err := tx.QueryRow(ctx, `SELECT request_hash FROM idempotency_keys WHERE company_id = ? AND key = ?`,
					m.CompanyID, checkInKeyPrefix+m.IdempotencyKey).Scan(&stored); err != nil {
					return translate(err)
				}
				if stored != hash {
					return apperr.New(apperr.Conflict, "That Idempotency-Key was used for another booking.")
				}
				out.Replayed, out.AlreadyArrived = true, true
				return arrivalOf(ctx, tx, b, &out)
			}
		}
		inserted, err := insertMark(ctx, tx, `INSERT INTO booking_arrivals (booking_id, company_id, arrived_at, arrived_by, arrived_by_email)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, b, m)
		if err != nil {
			return err
		}
		out.AlreadyArrived = !inserted
		if !out.AlreadyArrived {
			// The customer came late after all: the arrival replaces a no-show mark.
			if _, err := tx.Exec(ctx, `DELETE FROM booking_no_shows WHERE booking_id = ? AND company_id = ?`, b.id, m.CompanyID); err != nil {
				return err
			}
		}
		if err := arrivalOf(ctx, tx, b, &out); err != nil || out.AlreadyArrived {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: m.CompanyID, UserID: m.UserID, UserEmail: m.UserEmail,
			Action: "booking.arrived", Entity: "booking", EntityID: b.identifier, At: m.Now,
			Details: map[string]any{"booking": b.identifier, "reference": b.reference, "state": b.status, "due": out.DueCents}})
	})
	return out, err
}

// insertMark writes a mark's row (an arrival or a no-show: booking, company, when, by whom) with an
// INSERT that does nothing when the booking has one, and reports whether it wrote it.
func insertMark(ctx context.Context, tx *Tx, insert string, b deskBooking, m frontdesk.Mark) (bool, error) {
	var user any
	if m.UserID > 0 {
		user = m.UserID
	}
	res, err := tx.Exec(ctx, insert, b.id, m.CompanyID, m.Now.UnixMilli(), user, m.UserEmail)
	if err != nil {
		return false, translate(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// UndoArrival implements frontdesk.Store: the mark's row is deleted (AlreadyArrived then says there
// was one) and the undoing audited; a booking without a mark is answered as it is.
func (f FrontDesk) UndoArrival(ctx context.Context, m frontdesk.Mark) (frontdesk.Arrival, error) {
	var out frontdesk.Arrival
	err := f.db.Write(ctx, func(tx *Tx) error {
		out = frontdesk.Arrival{}
		b, err := markedBooking(ctx, tx, m)
		if err != nil {
			return err
		}
		var at sql.NullInt64
		var by string
		err = tx.QueryRow(ctx, `SELECT arrived_at, arrived_by_email FROM booking_arrivals WHERE booking_id = ?`, b.id).Scan(&at, &by)
		if err != nil && !IsNoRows(err) {
			return translate(err)
		}
		out.AlreadyArrived = at.Valid
		if err := undoNoShow(ctx, tx, m, b); err != nil {
			return err
		}
		if at.Valid {
			if _, err := tx.Exec(ctx, `DELETE FROM booking_arrivals WHERE booking_id = ? AND company_id = ?`, b.id, m.CompanyID); err != nil {
				return err
			}
			if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: m.CompanyID, UserID: m.UserID, UserEmail: m.UserEmail,
				Action: "booking.arrival_undone", Entity: "booking", EntityID: b.identifier, At: m.Now,
				Details: map[string]any{"booking": b.identifier, "reference": b.reference,
					"arrivedAt": time.UnixMilli(at.Int64).UTC().Format(time.RFC3339), "arrivedBy": by}}); err != nil {
				return err
			}
		}
		return arrivalOf(ctx, tx, b, &out)
	})
	return out, err
}

// undoNoShow removes the booking's no-show mark, if any, with its audit entry.
func undoNoShow(ctx context.Context, tx *Tx, m frontdesk.Mark, b deskBooking) error {
	res, err := tx.Exec(ctx, `DELETE FROM booking_no_shows WHERE booking_id = ? AND company_id = ?`, b.id, m.CompanyID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	return tx.InsertAudit(ctx, AuditEntry{CompanyID: m.CompanyID, UserID: m.UserID, UserEmail: m.UserEmail,
		Action: "booking.no_show_undone", Entity: "booking", EntityID: b.identifier, At: m.Now,
		Details: map[string]any{"booking": b.identifier, "reference": b.reference}})
}

// MarkNoShow implements frontdesk.Store. The booking is locked (PostgreSQL) or the write is the only one
// (SQLite); frontdesk.NoShowProblem decides under the lock, so a no-show and an arrival at once leave
// one of them; the mark is an INSERT that does nothing when the row is there (AlreadyArrived then says
// it was marked already, and nothing is audited).
func (f FrontDesk) MarkNoShow(ctx context.Context, m frontdesk.Mark) (frontdesk.Arrival, error) {
	var out frontdesk.Arrival
	err := f.db.Write(ctx, func(tx *Tx) error {
		out = frontdesk.Arrival{}
		b, err := markedBooking(ctx, tx, m)
		if err != nil {
			return err
		}
		var first sql.NullInt64
		var arrived int
		if err := tx.QueryRow(ctx, `SELECT first_starts_at, (SELECT COUNT(*) FROM booking_arrivals a WHERE a.booking_id = b.id)
			FROM bookings b WHERE b.id = ?`, b.id).Scan(&first, &arrived); err != nil {
			return translate(err)
		}
		if err := frontdesk.NoShowProblem(b.status, arrived > 0, instantOrNil(first), m.Now); err != nil {
			return err
		}
		inserted, err := insertMark(ctx, tx, `INSERT INTO booking_no_shows (booking_id, company_id, marked_at, marked_by, marked_by_email)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, b, m)
		if err != nil {
			return err
		}
		out.AlreadyArrived = !inserted
		if err := arrivalOf(ctx, tx, b, &out); err != nil || out.AlreadyArrived {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: m.CompanyID, UserID: m.UserID, UserEmail: m.UserEmail,
			Action: "booking.no_show", Entity: "booking", EntityID: b.identifier, At: m.Now,
			Details: map[string]any{"booking": b.identifier, "reference": b.reference, "state": b.status, "due": out.DueCents}})
	})
	return out, err
}
