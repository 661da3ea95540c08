package store

import (
	"context"
	"database/sql"

	"pitlane/internal/sessions"
)

// This file keeps the per-session counter of held places (slots.held, migration 00005) right: a hold's
// hold_slots rows are counted (flag counted = 1) when InsertHold writes them, and leave the counter
// exactly once, with the flag cleared and the counter decremented in the same transaction while the
// session's row is locked. Expiry changes no row, so the counter may over-count expired holds until
// reclaimSlot takes them out; it never under-counts a live hold (docs/architecture.md).

// lockSlot locks a session's row until the transaction ends (SQLite's write transaction holds the
// database lock already).
func lockSlot(ctx context.Context, tx *Tx, circuitID, startsAt int64) error {
	if tx.Engine() != Postgres {
		return nil
	}
	var held int
	return tx.QueryRow(ctx, `SELECT held FROM slots WHERE circuit_id = ? AND starts_at = ? FOR UPDATE`, circuitID, startsAt).Scan(&held)
}

// reclaimSlot takes out of a session's counter, with the row already locked, the places of the holds
// that are no longer live at now but still counted (expired ones, or ones another path released or
// booked without leaving the counter), and returns how many places it freed. Afterwards the counter is
// exactly the places of the session's live holds.
func reclaimSlot(ctx context.Context, tx *Tx, circuitID, startsAt, now int64) (int, error) {
	rows, err := tx.Query(ctx, `UPDATE hold_slots SET counted = 0
		WHERE circuit_id = ? AND starts_at = ? AND counted = 1 AND EXISTS (SELECT 1 FROM holds h WHERE h.id = hold_slots.hold_id
			AND (h.expires_at <= ? OR h.released_at IS NOT NULL OR h.booking_id IS NOT NULL))
		RETURNING places`, circuitID, startsAt, now)
	if err != nil {
		return 0, err
	}
	freed, err := sumRows(rows)
	if err != nil || freed == 0 {
		return 0, err
	}
	return freed, releaseHeld(ctx, tx, circuitID, startsAt, freed, now)
}

// uncountHolds takes the places of the given holds out of their sessions' counters, once: rows already
// out (reclaimed, or released before) are skipped. The sessions' rows are locked first, in (circuit,
// start) order like every hold locks them, so no other transaction can take the same rows out.
func uncountHolds(ctx context.Context, tx *Tx, holdIDs []int64, now int64) error {
	if len(holdIDs) == 0 {
		return nil
	}
	in, args := Placeholders(len(holdIDs)), int64Args(holdIDs)
	rows, err := tx.Query(ctx, `SELECT DISTINCT circuit_id, starts_at FROM hold_slots
		WHERE hold_id IN (`+in+`) AND counted = 1 ORDER BY circuit_id, starts_at`, args...)
	if err != nil {
		return err
	}
	var keys []sessions.SlotKey
	for rows.Next() {
		var k sessions.SlotKey
		if err := rows.Scan(&k.CircuitID, &k.StartsAt); err != nil {
			rows.Close()
			return err
		}
		keys = append(keys, k)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(keys) == 0 {
		return err
	}
	for _, k := range keys {
		if err := lockSlot(ctx, tx, k.CircuitID, k.StartsAt); err != nil {
			return err
		}
	}
	rows, err = tx.Query(ctx, `UPDATE hold_slots SET counted = 0 WHERE hold_id IN (`+in+`) AND counted = 1
		RETURNING circuit_id, starts_at, places`, args...)
	if err != nil {
		return err
	}
	freed := map[sessions.SlotKey]int{}
	for rows.Next() {
		var k sessions.SlotKey
		var n int
		if err := rows.Scan(&k.CircuitID, &k.StartsAt, &n); err != nil {
			rows.Close()
			return err
		}
		freed[k] += n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, k := range keys {
		if n := freed[k]; n > 0 {
			if err := releaseHeld(ctx, tx, k.CircuitID, k.StartsAt, n, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// sumRows adds up a one-column integer result and closes it.
func sumRows(rows *sql.Rows) (int, error) {
	defer rows.Close()
	total := 0
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			return 0, err
		}
		total += n
	}
	return total, rows.Err()
}

// int64sOf runs a one-column integer query and returns its values.
func int64sOf(ctx context.Context, tx *Tx, q string, args ...any) ([]int64, error) {
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func int64Args(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}
