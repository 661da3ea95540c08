package storetest

import (
	"context"
	"testing"

	"pitlane/internal/store"
)

// Plain SQL recounts of the KPI figures over [from, to) (Unix milliseconds), for a company (the first
// argument): what the KPI tests compare the report service's answers with, written from the bookings and
// the ledger alone, with none of the rollups, triggers or list columns the service reads.
const (
	// RecountBilling is charges less refunds and corrections, in currency units.
	RecountBilling = `SELECT COALESCE(SUM(CASE WHEN e.kind = 'charge' THEN ABS(e.amount_cents) ELSE -ABS(e.amount_cents) END), 0) / 100.0
		FROM payment_entries e JOIN payments p ON p.id = e.payment_id WHERE p.company_id = ? AND e.created_at >= ? AND e.created_at < ?`
	// RecountCharges is the charges alone, in currency units.
	RecountCharges = `SELECT COALESCE(SUM(ABS(e.amount_cents)), 0) / 100.0
		FROM payment_entries e JOIN payments p ON p.id = e.payment_id
		WHERE p.company_id = ? AND e.kind = 'charge' AND e.created_at >= ? AND e.created_at < ?`
	// RecountTickets is the bookings whose first charge falls in the range.
	RecountTickets = `SELECT COUNT(*) FROM (SELECT e.booking_id, MIN(e.created_at) AS sold
		FROM payment_entries e JOIN payments p ON p.id = e.payment_id
		WHERE p.company_id = ? AND e.kind = 'charge' GROUP BY e.booking_id) f WHERE f.sold >= ? AND f.sold < ?`
	// RecountDrivers is the places of non-cancelled bookings in sessions starting in the range.
	RecountDrivers = `SELECT COALESCE(SUM(bs.places), 0) FROM booking_slots bs
		JOIN booking_lines bl ON bl.id = bs.booking_line_id JOIN bookings b ON b.id = bl.booking_id
		WHERE b.company_id = ? AND b.status <> 'cancelada' AND bs.starts_at >= ? AND bs.starts_at < ?`
	// RecountSessions is the sessions (circuit and start) with such places.
	RecountSessions = `SELECT COUNT(*) FROM (SELECT DISTINCT bs.circuit_id, bs.starts_at FROM booking_slots bs
		JOIN booking_lines bl ON bl.id = bs.booking_line_id JOIN bookings b ON b.id = bl.booking_id
		WHERE b.company_id = ? AND b.status <> 'cancelada' AND bs.starts_at >= ? AND bs.starts_at < ?) s`
	// RecountMembers is the members created in the range.
	RecountMembers = `SELECT COUNT(*) FROM members WHERE company_id = ? AND created_at >= ? AND created_at < ?`
)

// Recount runs a query that returns one number.
func Recount(t testing.TB, db *store.DB, q string, args ...any) float64 {
	t.Helper()
	var v float64
	err := db.Read(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRow(context.Background(), q, args...).Scan(&v)
	})
	if err != nil {
		t.Fatalf("recount %q: %v", q, err)
	}
	return v
}
