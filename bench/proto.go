package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"pitlane/internal/sessions"
	"pitlane/internal/store"
)

// This file is a benchmark-only prototype of a cheaper hold transaction, used by -scaling to put numbers
// on a proposed change to internal/store/holds.go. It is never used by the server. Differences from
// store.DB.InsertHold:
//   - places are taken with one conditional UPDATE of a per-session counter (slots.held, a column the
//     prototype adds to the bench database only) instead of summing every live hold of the session;
//   - the "same visitor, same session" check seeks the visitor in the session through an index on
//     hold_slots (circuit_id, starts_at, visitor_id) (visitor_id copied onto hold_slots; column and
//     index added to the bench database only) instead of reading every hold of the session;
//   - with prepared=true, statements are prepared once and reused instead of parsed at every call.
// Expired holds would stay in the counter until something recounts the session's live holds, so the
// counter can only over-count; the proposal recounts exactly once before answering "no places". The
// prototype leaves the recount out: with the bench's huge capacity it never refuses.

// The prototype's refusals.
var (
	errProtoNoPlaces    = errors.New("proto: no places")
	errProtoSameVisitor = errors.New("proto: same visitor, same session")
)

// protoSchema adds the prototype's column and index to a bench database.
func protoSchema(ctx context.Context, db *store.DB) error {
	for _, q := range []string{
		`ALTER TABLE slots ADD COLUMN held INTEGER NOT NULL DEFAULT 0`,
		`ALTER TABLE hold_slots ADD COLUMN visitor_id TEXT NOT NULL DEFAULT ''`,
		`CREATE INDEX bench_hold_slots_visitor ON hold_slots (circuit_id, starts_at, visitor_id)`,
	} {
		if _, err := db.SQL().ExecContext(ctx, q); err != nil {
			return fmt.Errorf("prototype schema: %w", err)
		}
	}
	return nil
}

// The prototype's statements, with `?` placeholders (rebound for PostgreSQL).
var protoQueries = []string{
	`SELECT id FROM carts WHERE token = ? AND company_id = ? AND status = 'open'`,
	`INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
		VALUES (?, ?, ?, ?, ?, 0, 0) ON CONFLICT (circuit_id, starts_at) DO NOTHING`,
	`SELECT COUNT(*) FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
		WHERE hs.circuit_id = ? AND hs.starts_at = ? AND hs.visitor_id = ?
		AND h.expires_at > ? AND h.released_at IS NULL AND h.booking_id IS NULL`,
	`UPDATE slots SET held = held + ? WHERE circuit_id = ? AND starts_at = ? AND booked + held + ? <= capacity`,
	`INSERT INTO holds (identifier, company_id, cart_id, visitor_id, kind, product_id, num_drivers, price_cents,
		created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
	`INSERT INTO hold_slots (hold_id, position, circuit_id, starts_at, product_id, places, price_cents, visitor_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
	`INSERT INTO cart_lines (cart_id, hold_id, product_id, kind, quantity, unit_price_cents, original_price_cents,
		discount_cents, total_cents, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
}

// proto runs the prototype hold transaction on the database's writer pool.
type proto struct {
	db    *store.DB
	stmts []*sql.Stmt // nil: parse every statement at every call
}

// newProto prepares the statements when prepared is set.
func newProto(ctx context.Context, db *store.DB, prepared bool) (*proto, error) {
	p := &proto{db: db}
	if !prepared {
		return p, nil
	}
	for _, q := range protoQueries {
		st, err := db.SQL().PrepareContext(ctx, db.Rebind(q))
		if err != nil {
			return nil, err
		}
		p.stmts = append(p.stmts, st)
	}
	return p, nil
}

func (p *proto) close() {
	for _, st := range p.stmts {
		_ = st.Close()
	}
}

// insertHold writes the hold like store.DB.InsertHold, the prototype's way. On SQLite the writer DSN
// begins every transaction IMMEDIATE; on PostgreSQL the UPDATE takes the session row's lock.
func (p *proto) insertHold(ctx context.Context, h sessions.NewHold) (err error) {
	tx, err := p.db.SQL().BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	row := func(i int, args ...any) *sql.Row {
		if p.stmts != nil {
			return tx.StmtContext(ctx, p.stmts[i]).QueryRowContext(ctx, args...)
		}
		return tx.QueryRowContext(ctx, p.db.Rebind(protoQueries[i]), args...)
	}
	exec := func(i int, args ...any) (sql.Result, error) {
		if p.stmts != nil {
			return tx.StmtContext(ctx, p.stmts[i]).ExecContext(ctx, args...)
		}
		return tx.ExecContext(ctx, p.db.Rebind(protoQueries[i]), args...)
	}
	now := h.CreatedAt.UnixMilli()
	var cartID, holdID int64
	if err := row(0, h.CartToken, h.CompanyID).Scan(&cartID); err != nil {
		return err
	}
	for _, s := range h.Slots {
		if _, err := exec(1, s.CircuitID, s.StartsAt, s.LocalDate, s.LocalTime, s.Capacity); err != nil {
			return err
		}
		// Take the places first: the UPDATE locks the session's row, so the visitor check below runs
		// after every other hold on this session has committed or rolled back.
		res, err := exec(3, h.NumDrivers, s.CircuitID, s.StartsAt, h.NumDrivers)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errors.Join(errProtoNoPlaces, err)
		}
		var mine int
		if err := row(2, s.CircuitID, s.StartsAt, h.VisitorID, now).Scan(&mine); err != nil {
			return err
		}
		if mine > 0 {
			return errProtoSameVisitor
		}
	}
	if err := row(4, h.Identifier, h.CompanyID, cartID, h.VisitorID, h.Kind, h.ProductID, h.NumDrivers,
		h.PriceCents, now, h.ExpiresAt.UnixMilli()).Scan(&holdID); err != nil {
		return err
	}
	for i, s := range h.Slots {
		if _, err := exec(5, holdID, i, s.CircuitID, s.StartsAt, s.ProductID, h.NumDrivers, s.PriceCents, h.VisitorID); err != nil {
			return err
		}
	}
	if _, err := exec(6, cartID, holdID, h.ProductID, h.Kind, h.NumDrivers, h.UnitCents, h.UnitCents, h.PriceCents, now); err != nil {
		return err
	}
	return tx.Commit()
}
