package main

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"strings"
	"sync"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
)

// protoStore is a benchmark-only sessions.Store that shows, over the real HTTP handler and the real
// sessions.Service, what the changes proposed in docs/performance.md would give. It wraps store.DB and
// changes three things:
//   - Offer answers from a process cache (production would need a short TTL or invalidation on admin
//     edits; the bench's offers never change);
//   - Usage reads the per-session counters (slots.held, booked) instead of summing live holds;
//   - InsertHold is the prototype transaction of proto.go with prepared statements.
type protoStore struct {
	*store.DB
	p      *proto
	read   *sql.DB // SQLite: a separate reader pool on the same file; PostgreSQL: the store's pool
	offers sync.Map
	stmts  sync.Map // number of circuits -> prepared counters query
}

// Offer implements sessions.Store from a cache.
func (s *protoStore) Offer(ctx context.Context, token, kind string, id int64) (sessions.Offer, error) {
	type key struct {
		token, kind string
		id          int64
	}
	k := key{token, kind, id}
	if o, ok := s.offers.Load(k); ok {
		return o.(sessions.Offer), nil
	}
	o, err := s.DB.Offer(ctx, token, kind, id)
	if err == nil {
		s.offers.Store(k, o)
	}
	return o, err
}

// Usage implements sessions.Store from the per-session counters.
func (s *protoStore) Usage(ctx context.Context, circuits []int64, from, to int64, _ time.Time) (map[sessions.SlotKey]sessions.Usage, error) {
	st, ok := s.stmts.Load(len(circuits))
	if !ok {
		prepared, err := s.read.PrepareContext(ctx, s.Rebind(`SELECT circuit_id, starts_at, held, booked FROM slots
			WHERE circuit_id IN (`+store.Placeholders(len(circuits))+`) AND starts_at BETWEEN ? AND ?`))
		if err != nil {
			return nil, err
		}
		st, _ = s.stmts.LoadOrStore(len(circuits), prepared)
	}
	args := make([]any, 0, len(circuits)+2)
	for _, c := range circuits {
		args = append(args, c)
	}
	rows, err := st.(*sql.Stmt).QueryContext(ctx, append(args, from, to)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[sessions.SlotKey]sessions.Usage{}
	for rows.Next() {
		var k sessions.SlotKey
		var u sessions.Usage
		if err := rows.Scan(&k.CircuitID, &k.StartsAt, &u.Held, &u.Booked); err != nil {
			return nil, err
		}
		out[k] = u
	}
	return out, rows.Err()
}

// InsertHold implements sessions.Store with the prototype transaction.
func (s *protoStore) InsertHold(ctx context.Context, h sessions.NewHold) error {
	err := s.p.insertHold(ctx, h)
	switch {
	case errors.Is(err, errProtoNoPlaces):
		return apperr.New(apperr.NoStock, "Not enough places left.")
	case errors.Is(err, errProtoSameVisitor):
		return apperr.New(apperr.SameUserSlot, "You already hold this session.")
	}
	return err
}

// newProtoEnv serves the prototype store over a second HTTP server on the same database, after
// runScaling added the prototype's columns. The returned function stops it and frees its resources.
func newProtoEnv(ctx context.Context, e *env, conns int, dbURL string) (*env, func(), error) {
	if _, err := e.db.SQL().ExecContext(ctx, e.db.Rebind(`UPDATE slots SET held = ? WHERE circuit_id = ? AND local_date = ?`),
		busyHolds, e.fx.Circuits[0], benchDay.String()); err != nil {
		return nil, nil, err
	}
	p, err := newProto(ctx, e.db, true)
	if err != nil {
		return nil, nil, err
	}
	ps := &protoStore{DB: e.db, p: p, read: e.db.SQL()}
	cleanup := []func(){p.close}
	if e.db.Engine() == store.SQLite {
		path := strings.TrimPrefix(dbURL, "sqlite:")
		q := url.Values{}
		for _, v := range []string{"foreign_keys(1)", "journal_mode(WAL)", "busy_timeout(10000)", "synchronous(FULL)"} {
			q.Add("_pragma", v)
		}
		r, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode()+"&_txlock=deferred")
		if err != nil {
			p.close()
			return nil, nil, err
		}
		r.SetMaxOpenConns(8)
		r.SetMaxIdleConns(8)
		ps.read = r
		cleanup = append(cleanup, func() { _ = r.Close() })
	}
	pe := *e
	pe.name, pe.srv = e.name+"+proto", nil
	pe.svc = sessions.NewService(ps, e.clk, holdTTL)
	pe.insert = ps.InsertHold
	if err := pe.serve(conns); err != nil {
		for _, f := range cleanup {
			f()
		}
		return nil, nil, err
	}
	return &pe, func() {
		pe.closeServer()
		ps.stmts.Range(func(_, st any) bool { _ = st.(*sql.Stmt).Close(); return true })
		for _, f := range cleanup {
			f()
		}
	}, nil
}
