package store

import (
	"context"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/frontdesk"
)

// checkToken refuses a scanned mark whose token is not the booking's check token (reference in any
// form); an empty token (a typed reference, an id) passes. Inside a write transaction.
func checkToken(ctx context.Context, tx *Tx, companyID int64, reference, token string, now time.Time) error {
	if token == "" {
		return nil
	}
	secret, err := tx.Secret(ctx, frontdesk.CheckSecret, now)
	if err != nil {
		return err
	}
	if !frontdesk.ValidToken(secret, companyID, checkout.NormalizeReference(reference), token) {
		return frontdesk.BadToken()
	}
	return nil
}

// checkCodeOf is the text of the booking's QR code (frontdesk.CheckCode), "" for a booking without a
// short reference. In a read-only transaction the secret must exist already (callers create it first
// with Secrets.Secret); in a write transaction it is created on first use.
func checkCodeOf(ctx context.Context, tx *Tx, companyID int64, reference string) (string, error) {
	ref := checkout.NormalizeReference(reference)
	if ref == "" {
		return "", nil
	}
	var secret []byte
	var err error
	if tx.readOnly {
		secret, err = tx.lookupSecret(ctx, frontdesk.CheckSecret)
	} else {
		secret, err = tx.Secret(ctx, frontdesk.CheckSecret, time.Now())
	}
	if err != nil || secret == nil {
		return "", err
	}
	return frontdesk.CheckCode(secret, companyID, ref), nil
}

// FindBooking implements frontdesk.Store: the company's booking with the stored reference, with its
// sessions, drivers, ledger sums and arrival mark; a non-empty token must be the booking's.
func (f FrontDesk) FindBooking(ctx context.Context, companyID int64, reference, token string) (frontdesk.Found, error) {
	var out frontdesk.Found
	secret, err := f.db.Secrets().Secret(ctx, frontdesk.CheckSecret, time.Now())
	if err != nil {
		return out, err
	}
	err = f.db.Read(ctx, func(tx *Tx) error {
		out = frontdesk.Found{}
		var id int64
		var name, surname string
		err := tx.QueryRow(ctx, `SELECT id, contact_name, COALESCE(contact_surname, '') FROM bookings
			WHERE company_id = ? AND reference = ?`, companyID, reference).Scan(&id, &name, &surname)
		if IsNoRows(err) {
			return apperr.WithFields(apperr.NotFound, "No booking of this company with that reference.",
				map[string]string{"reference": "unknown"})
		}
		if err != nil {
			return translate(err)
		}
		if token != "" && !frontdesk.ValidToken(secret, companyID, reference, token) {
			return frontdesk.BadToken()
		}
		out.Name = strings.TrimSpace(name + " " + surname)
		b, err := lockDeskBooking(ctx, tx, companyID, id)
		if err != nil {
			return err
		}
		out.TotalCents = b.total
		if err := arrivalOf(ctx, tx, b, &out.Arrival); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(num_drivers), 0) FROM booking_lines WHERE booking_id = ?`, id).Scan(&out.Drivers); err != nil {
			return translate(err)
		}
		return foundSessions(ctx, tx, id, &out)
	})
	return out, err
}

// foundSessions reads a booking's sessions (or its event's start) in time order.
func foundSessions(ctx context.Context, tx *Tx, bookingID int64, out *frontdesk.Found) error {
	rows, err := tx.Query(ctx, `SELECT bs.local_date, bs.local_time, ci.name, bl.name, bl.num_drivers
		FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id JOIN circuits ci ON ci.id = bs.circuit_id
		WHERE bl.booking_id = ? ORDER BY bs.starts_at, bs.booking_line_id, bs.position`, bookingID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var s frontdesk.FoundSession
		if err := rows.Scan(&s.Date, &s.Time, &s.Name, &s.Product, &s.Drivers); err != nil {
			return err
		}
		if len(s.Time) > 5 {
			s.Time = s.Time[:5]
		}
		out.Sessions = append(out.Sessions, s)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows.Close()
	if len(out.Sessions) > 0 {
		return nil
	}
	var local, event string
	err = tx.QueryRow(ctx, `SELECT e.date_start, e.name FROM event_registrations r JOIN events e ON e.id = r.event_id
		WHERE r.booking_id = ? ORDER BY r.id LIMIT 1`, bookingID).Scan(&local, &event)
	if IsNoRows(err) {
		return nil
	}
	if err != nil {
		return translate(err)
	}
	date, at, _ := strings.Cut(local, " ")
	if len(at) > 5 {
		at = at[:5]
	}
	out.Sessions = []frontdesk.FoundSession{{Date: date, Time: at, Name: event, Drivers: out.Drivers}}
	return nil
}
