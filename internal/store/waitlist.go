package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/sessions"
	"pitlane/internal/waitlist"
)

// Waitlist is the waiting list of full sessions: joining, leaving, the position, the offers' links, the
// staff's list and the housekeeping that passes expired offers on (offers themselves: waitlist_offer.go).
type Waitlist struct{ db *DB }

// Waitlist returns the store of this aggregate.
func (db *DB) Waitlist() Waitlist { return Waitlist{db} }

// SetWaitlist turns a company's waiting list on or off and sets how long its offers hold places.
func (t *Tx) SetWaitlist(ctx context.Context, companyID int64, enabled bool, offerMinutes int) error {
	_, err := t.Exec(ctx, `UPDATE companies SET waitlist_enabled = ?, waitlist_offer_minutes = ? WHERE id = ?`,
		flag(enabled), offerMinutes, companyID)
	return err
}

// Join adds a visitor to a session's waiting list and returns the entry with its position and leave
// token. Returns apperr.Unprocessable when the company has the list off or the session has started,
// apperr.Conflict when the party fits in the session's free places (it can book them) or the e-mail is
// already on this session's list.
func (w Waitlist) Join(ctx context.Context, j waitlist.Join, now time.Time) (waitlist.Entry, error) {
	var out waitlist.Entry
	ms := now.UnixMilli()
	err := w.db.Write(ctx, func(tx *Tx) error {
		var enabled int
		if err := tx.QueryRow(ctx, `SELECT waitlist_enabled FROM companies WHERE id = ?`, j.CompanyID).Scan(&enabled); err != nil {
			return translate(err)
		}
		if enabled == 0 {
			return apperr.New(apperr.Unprocessable, "This circuit has no waiting list.")
		}
		if j.StartsAt <= ms {
			return apperr.WithFields(apperr.Unprocessable, "The session has already started.", map[string]string{"date": "past"})
		}
		free, err := freePlaces(ctx, tx, j.CircuitID, j.StartsAt, ms)
		if err != nil {
			return err
		}
		if free >= j.Drivers {
			return apperr.New(apperr.Conflict, "The session still has %d places: book them instead.", free)
		}
		out, err = insertWaitEntry(ctx, tx, waitRow{CompanyID: j.CompanyID, Key: sessionKey(j.CircuitID, j.StartsAt),
			ProductID: j.ProductID, CircuitID: j.CircuitID, StartsAt: j.StartsAt, LocalDate: j.LocalDate, LocalTime: j.LocalTime,
			UnitCents: j.UnitCents, Drivers: j.Drivers, Join: j}, "session", now)
		return err
	})
	return out, err
}

// waitRow is a new waiting entry: a session's (CircuitID set) or an event's (CircuitID 0, one place).
type waitRow struct {
	CompanyID, ProductID, CircuitID, StartsAt, UnitCents int64
	Key, LocalDate, LocalTime                            string
	Drivers                                              int
	Join                                                 waitlist.Join // name, e-mail, phone, language
}

// insertWaitEntry writes a new waiting entry with its leave token and queues the "you are on the list"
// mail; an e-mail already waiting for the same session or event (what: "session" or "event") is a 409
// on the e-mail field.
func insertWaitEntry(ctx context.Context, tx *Tx, r waitRow, what string, now time.Time) (waitlist.Entry, error) {
	ms := now.UnixMilli()
	var circuit any
	if r.CircuitID > 0 {
		circuit = r.CircuitID
	}
	var id int64
	err := translate(tx.QueryRow(ctx, `INSERT INTO waitlist_entries (company_id, session_key, product_id, circuit_id, starts_at,
		local_date, local_time, unit_cents, name, email, email_key, phone, drivers, culture, state, leave_token,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.CompanyID, r.Key, r.ProductID, circuit, r.StartsAt, r.LocalDate, r.LocalTime, r.UnitCents, r.Join.Name,
		r.Join.Email, strings.ToLower(strings.TrimSpace(r.Join.Email)), r.Join.Phone, r.Drivers, r.Join.Culture,
		WaitWaiting, randomToken(), ms, ms).Scan(&id))
	if apperr.CodeOf(err) == apperr.Conflict {
		return waitlist.Entry{}, apperr.WithFields(apperr.Conflict, "This e-mail is already on the waiting list of this "+what+".",
			map[string]string{"email": "already waiting"})
	}
	if err != nil {
		return waitlist.Entry{}, err
	}
	out, err := entryBy(ctx, tx, `e.id = ?`, id)
	if err != nil {
		return out, err
	}
	return out, queueWaitJoined(ctx, tx, id, out.Position, now)
}

// freePlaces counts a session's places not booked nor held by a live hold at now (the installation's
// capacity when the session has no row yet).
func freePlaces(ctx context.Context, tx *Tx, circuitID, startsAt, now int64) (int, error) {
	var capacity, booked, held int
	err := tx.QueryRow(ctx, `SELECT i.max_participants, COALESCE(s.booked, 0) FROM circuits c
		JOIN installations i ON i.id = c.installation_id
		LEFT JOIN slots s ON s.circuit_id = c.id AND s.starts_at = ? WHERE c.id = ?`, startsAt, circuitID).Scan(&capacity, &booked)
	if IsNoRows(err) {
		return 0, apperr.WithFields(apperr.NotFound, "No such circuit.", map[string]string{"circuit": "unknown"})
	}
	if err != nil {
		return 0, err
	}
	if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(hs.places), 0) FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
		WHERE hs.circuit_id = ? AND hs.starts_at = ? AND `+liveHold, circuitID, startsAt, now).Scan(&held); err != nil {
		return 0, err
	}
	return capacity - booked - held, nil
}

// entrySelect reads a waitlist.Entry; its position counts the entries of the same session still in the
// list (waiting or offered) that joined no later.
const entrySelect = `SELECT e.id, e.company_id, e.product_id, COALESCE(e.circuit_id, 0), e.starts_at, e.local_date,
	e.local_time, e.name, e.email, e.phone, e.culture, e.drivers, e.state,
	CASE WHEN e.state IN ('waiting', 'offered') THEN (SELECT COUNT(*) FROM waitlist_entries o
		WHERE o.session_key = e.session_key AND o.state IN ('waiting', 'offered') AND o.id <= e.id) ELSE 0 END,
	COALESCE(e.offer_expires_at, 0), COALESCE(e.offer_cart_token, ''), COALESCE(h.identifier, ''), e.leave_token,
	e.offers, e.created_at
	FROM waitlist_entries e LEFT JOIN holds h ON h.id = e.offer_hold_id`

func scanWaitEntry(sc interface{ Scan(...any) error }) (waitlist.Entry, error) {
	var e waitlist.Entry
	err := sc.Scan(&e.ID, &e.CompanyID, &e.ProductID, &e.CircuitID, &e.StartsAt, &e.LocalDate, &e.LocalTime, &e.Name,
		&e.Email, &e.Phone, &e.Culture, &e.Drivers, &e.State, &e.Position, &e.OfferExpiresAt, &e.OfferCartToken,
		&e.OfferHold, &e.LeaveToken, &e.Offers, &e.CreatedAt)
	return e, err
}

// entryBy reads one entry by a condition on e. Returns apperr.NotFound when none matches.
func entryBy(ctx context.Context, tx *Tx, cond string, args ...any) (waitlist.Entry, error) {
	e, err := scanWaitEntry(tx.QueryRow(ctx, entrySelect+` WHERE `+cond, args...))
	if IsNoRows(err) {
		return e, apperr.New(apperr.NotFound, "No waiting-list entry with that link.")
	}
	return e, err
}

// ByLeaveToken returns the entry a leave link names. Returns apperr.NotFound for an unknown token.
func (w Waitlist) ByLeaveToken(ctx context.Context, token string) (waitlist.Entry, error) {
	var e waitlist.Entry
	err := w.db.Read(ctx, func(tx *Tx) error {
		var err error
		e, err = entryBy(ctx, tx, `e.leave_token = ?`, token)
		return err
	})
	return e, err
}

// Leave takes an entry off the list (by its leave token): it is never offered again and, when it holds
// an offer, the offer's places are let go in this transaction, to the next entry or back on sale.
// Leaving twice is harmless. Returns apperr.NotFound for an unknown token.
func (w Waitlist) Leave(ctx context.Context, token string, now time.Time) (waitlist.Entry, error) {
	return w.end(ctx, `e.leave_token = ?`, []any{token}, nil, now)
}

// Remove is the staff's Leave: the entry id, scoped by the company, audited as by (a removal that
// changes nothing is not). Returns apperr.NotFound when the company has no such entry.
func (w Waitlist) Remove(ctx context.Context, companyID, id int64, by waitlist.Actor, now time.Time) (waitlist.Entry, error) {
	return w.end(ctx, `e.id = ? AND e.company_id = ?`, []any{id, companyID}, &by, now)
}

// end takes an entry off the list; by is the staff member to audit the removal as, nil for the entry's owner.
func (w Waitlist) end(ctx context.Context, cond string, args []any, by *waitlist.Actor, now time.Time) (waitlist.Entry, error) {
	var out waitlist.Entry
	ms := now.UnixMilli()
	err := w.db.Write(ctx, func(tx *Tx) error {
		e, err := entryBy(ctx, tx, cond, args...)
		if err != nil {
			return err
		}
		// Lock the entry, then read it again: an offer made while this transaction waited for the row
		// (on PostgreSQL) is seen, so its hold is let go with it rather than left to a departed entry.
		if _, err := tx.Exec(ctx, `UPDATE waitlist_entries SET updated_at = updated_at WHERE id = ?`, e.ID); err != nil {
			return err
		}
		if e, err = entryBy(ctx, tx, `e.id = ?`, e.ID); err != nil {
			return err
		}
		if e.State != WaitWaiting && e.State != WaitOffered {
			out = e
			return nil
		}
		var holdID *int64
		var key string
		if err := tx.QueryRow(ctx, `UPDATE waitlist_entries SET state = ?, updated_at = ? WHERE id = ? AND state IN (?, ?)
			RETURNING offer_hold_id, session_key`, WaitLeft, ms, e.ID, WaitWaiting, WaitOffered).Scan(&holdID, &key); err != nil {
			return translate(err)
		}
		if ev, ok := strings.CutPrefix(key, "e:"); ok && e.State == WaitOffered {
			// An event's place is counted live from its holds: releasing the hold frees it, given next.
			if id, err := strconv.ParseInt(ev, 10, 64); err == nil {
				tx.noteEventFreed(id, ms)
			}
		}
		if e.State == WaitOffered && holdID != nil {
			released, err := int64sOf(ctx, tx, `UPDATE holds SET released_at = ?
				WHERE id = ? AND released_at IS NULL AND booking_id IS NULL AND pending_booking_id IS NULL RETURNING id`, ms, *holdID)
			if err != nil {
				return err
			}
			if err := uncountHolds(ctx, tx, released, ms); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM cart_lines WHERE hold_id = ? AND hold_id IN (SELECT id FROM holds WHERE released_at IS NOT NULL)`,
				*holdID); err != nil {
				return err
			}
		}
		if out, err = entryBy(ctx, tx, `e.id = ?`, e.ID); err != nil || by == nil {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: e.CompanyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "waitlist.remove", Entity: "waitlist_entry", EntityID: strconv.FormatInt(e.ID, 10),
			Details: map[string]any{"session": key, "name": e.Name, "email": e.Email, "places": e.Drivers,
				"previousState": e.State}, At: now})
	})
	return out, err
}

// auditOffer records a staff member's offer by hand and what it gave: the entries offered by it (an
// offer that gave nothing is not audited).
func auditOffer(ctx context.Context, tx *Tx, companyID int64, key string, before, after []waitlist.Entry, by waitlist.Actor, now time.Time) error {
	was := map[int64]string{}
	for _, e := range before {
		was[e.ID] = e.State
	}
	offered := []int64{}
	for _, e := range after {
		if e.State == WaitOffered && was[e.ID] == WaitWaiting {
			offered = append(offered, e.ID)
		}
	}
	if len(offered) == 0 {
		return nil // nothing was offered: nothing changed, nothing to audit
	}
	return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
		Action: "waitlist.offer", Entity: "waitlist", EntityID: key,
		Details: map[string]any{"offeredEntries": offered}, At: now})
}

// Sweep passes on the offers that expired and ends the entries of sessions that started, at now:
// housekeeping's share of the work that reclaimSlot does lazily. Returns how many sessions it visited.
func (w Waitlist) Sweep(ctx context.Context, now time.Time) (int, error) {
	ms := now.UnixMilli()
	var keys []sessions.SlotKey
	err := w.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT DISTINCT circuit_id, starts_at FROM waitlist_entries
			WHERE circuit_id IS NOT NULL AND ((state = ? AND offer_expires_at <= ?) OR (state IN (?, ?) AND starts_at <= ?))
			ORDER BY circuit_id, starts_at`, WaitOffered, ms, WaitWaiting, WaitOffered, ms)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k sessions.SlotKey
			if err := rows.Scan(&k.CircuitID, &k.StartsAt); err != nil {
				return err
			}
			keys = append(keys, k)
		}
		return rows.Err()
	})
	if err != nil {
		return 0, err
	}
	events, err := w.sweepEvents(ctx, ms)
	if err != nil {
		return 0, err
	}
	for _, k := range keys {
		if err := w.db.Write(ctx, func(tx *Tx) error {
			// The session's row exists once anything was held on it; made here for the rare list without one.
			if _, err := tx.Exec(ctx, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
				SELECT circuit_id, starts_at, local_date, local_time, 0, 0, 0 FROM waitlist_entries
				WHERE circuit_id = ? AND starts_at = ? LIMIT 1 ON CONFLICT (circuit_id, starts_at) DO NOTHING`,
				k.CircuitID, k.StartsAt); err != nil {
				return err
			}
			return offerSession(ctx, tx, k, ms)
		}); err != nil {
			return 0, err
		}
	}
	return len(keys) + events, nil
}

// sweepEvents is Sweep's share for events: the events with an offer run out, a waiting entry and a
// place free by a dead hold, or entries left at their start. Returns how many it visited.
func (w Waitlist) sweepEvents(ctx context.Context, ms int64) (int, error) {
	var keys []string
	err := w.db.Read(ctx, func(tx *Tx) error {
		var err error
		keys, err = stringsOf(ctx, tx, `SELECT DISTINCT session_key FROM waitlist_entries
			WHERE session_key LIKE 'e:%' AND state IN (?, ?) ORDER BY session_key`, WaitWaiting, WaitOffered)
		return err
	})
	if err != nil {
		return 0, err
	}
	for _, k := range keys {
		id, err := strconv.ParseInt(strings.TrimPrefix(k, "e:"), 10, 64)
		if err != nil {
			continue
		}
		if err := w.db.Write(ctx, func(tx *Tx) error { return offerEvent(ctx, tx, id, ms) }); err != nil {
			return 0, err
		}
	}
	return len(keys), nil
}

// Offer makes offers on a session at once, as freed places would: staff raising the capacity or
// offering by hand. Returns the session's entries afterwards.
func (w Waitlist) Offer(ctx context.Context, companyID, circuitID, startsAt int64, by waitlist.Actor, now time.Time) ([]waitlist.Entry, error) {
	var out []waitlist.Entry
	ms := now.UnixMilli()
	err := w.db.Write(ctx, func(tx *Tx) error {
		before, err := sessionEntries(ctx, tx, companyID, circuitID, startsAt)
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM slots s JOIN circuits c ON c.id = s.circuit_id
			JOIN installations i ON i.id = c.installation_id WHERE s.circuit_id = ? AND s.starts_at = ? AND i.company_id = ?`,
			circuitID, startsAt, companyID).Scan(&n); err != nil {
			return err
		}
		if n == 1 {
			if err := offerSession(ctx, tx, sessions.SlotKey{CircuitID: circuitID, StartsAt: startsAt}, ms); err != nil {
				return err
			}
		}
		if out, err = sessionEntries(ctx, tx, companyID, circuitID, startsAt); err != nil {
			return err
		}
		return auditOffer(ctx, tx, companyID, sessionKey(circuitID, startsAt), before, out, by, now)
	})
	return out, err
}

// Session lists a session's entries, in join order, for the company's staff.
func (w Waitlist) Session(ctx context.Context, companyID, circuitID, startsAt int64) ([]waitlist.Entry, error) {
	var out []waitlist.Entry
	err := w.db.Read(ctx, func(tx *Tx) error {
		var err error
		out, err = sessionEntries(ctx, tx, companyID, circuitID, startsAt)
		return err
	})
	return out, err
}

func sessionEntries(ctx context.Context, tx *Tx, companyID, circuitID, startsAt int64) ([]waitlist.Entry, error) {
	return keyEntries(ctx, tx, companyID, sessionKey(circuitID, startsAt))
}

// keyEntries lists the entries of a session or event key, in join order, for the company's staff.
func keyEntries(ctx context.Context, tx *Tx, companyID int64, key string) ([]waitlist.Entry, error) {
	rows, err := tx.Query(ctx, entrySelect+` WHERE e.company_id = ? AND e.session_key = ? ORDER BY e.id`,
		companyID, key)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []waitlist.Entry{}
	for rows.Next() {
		e, err := scanWaitEntry(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// OpenOffer returns the offer an offer link names, while it holds its places. Returns apperr.NotFound
// for an unknown token, apperr.Gone when the offer ran out, was booked or the entry left.
func (w Waitlist) OpenOffer(ctx context.Context, offerToken string, now time.Time) (waitlist.Offer, error) {
	var o waitlist.Offer
	err := w.db.Read(ctx, func(tx *Tx) error {
		var state string
		var expires, booking, released *int64
		err := tx.QueryRow(ctx, `SELECT e.state, co.public_key, e.product_id, COALESCE(e.offer_cart_token, ''), COALESCE(h.identifier, ''),
			e.local_date || ' ' || e.local_time, h.expires_at, COALESCE(h.price_cents, 0), e.drivers, e.leave_token, h.booking_id, h.released_at,
			COALESCE(ev.public_key, ''), CASE WHEN ev.id IS NULL THEN '' ELSE COALESCE(h.visitor_id, '') END
			FROM waitlist_entries e JOIN companies co ON co.id = e.company_id LEFT JOIN holds h ON h.id = e.offer_hold_id
			LEFT JOIN products p ON p.id = e.product_id AND e.circuit_id IS NULL LEFT JOIN events ev ON ev.id = p.event_id
			WHERE e.offer_token_hash = ?`, hashToken(offerToken)).Scan(&state, &o.PublicKey, &o.ProductID, &o.CartToken,
			&o.HoldIdentifier, &o.Date, &expires, &o.PriceCents, &o.Drivers, &o.LeaveToken, &booking, &released,
			&o.EventKey, &o.VisitorID)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No offer with that link.")
		}
		if err != nil {
			return err
		}
		if state != WaitOffered || expires == nil || *expires <= now.UnixMilli() || booking != nil || released != nil {
			return apperr.New(apperr.Gone, "This offer is no longer open: its places went to the next person on the list.")
		}
		o.ExpiresAt = *expires
		return nil
	})
	return o, err
}

// Settings returns whether the company's waiting list is on and how long its offers hold places.
// Returns apperr.NotFound for an unknown company.
func (w Waitlist) Settings(ctx context.Context, companyID int64) (waitlist.Settings, error) {
	var s waitlist.Settings
	err := w.db.Read(ctx, func(tx *Tx) error {
		var on int
		err := tx.QueryRow(ctx, `SELECT waitlist_enabled, waitlist_offer_minutes FROM companies WHERE id = ?`, companyID).
			Scan(&on, &s.OfferMinutes)
		s.Enabled = on == 1
		return translate(err)
	})
	return s, err
}

// SaveSettings turns the company's waiting list on or off and sets its offer time. Turning it on
// gives the free places of the sessions with waiting entries to them at once.
func (w Waitlist) SaveSettings(ctx context.Context, companyID int64, s waitlist.Settings, by waitlist.Actor, now time.Time) error {
	return w.db.Write(ctx, func(tx *Tx) error {
		var on, minutes int
		if err := tx.QueryRow(ctx, `SELECT waitlist_enabled, waitlist_offer_minutes FROM companies WHERE id = ?`, companyID).
			Scan(&on, &minutes); err != nil {
			return translate(err)
		}
		if (on == 1) == s.Enabled && minutes == s.OfferMinutes {
			return nil // nothing changes: nothing to audit nor to offer
		}
		if err := tx.SetWaitlist(ctx, companyID, s.Enabled, s.OfferMinutes); err != nil {
			return err
		}
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "waitlist.settings", Entity: "company", EntityID: strconv.FormatInt(companyID, 10),
			Details: map[string]any{"before": map[string]any{"enabled": on == 1, "offerMinutes": minutes},
				"after": map[string]any{"enabled": s.Enabled, "offerMinutes": s.OfferMinutes}}, At: now}); err != nil {
			return err
		}
		if !s.Enabled {
			return nil
		}
		rows, err := tx.Query(ctx, `SELECT DISTINCT circuit_id, starts_at FROM waitlist_entries
			WHERE company_id = ? AND state = ? AND circuit_id IS NOT NULL AND starts_at > ? ORDER BY circuit_id, starts_at`,
			companyID, WaitWaiting, now.UnixMilli())
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c, st int64
			if err := rows.Scan(&c, &st); err != nil {
				return err
			}
			tx.noteFreed(c, st, now.UnixMilli()) // given before the commit, like any freed place
		}
		return rows.Err()
	})
}
