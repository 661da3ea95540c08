package demo

import (
	"context"
	"fmt"
	"strings"

	"pitlane/internal/store"
)

// batch writes rows of one table with multi-row INSERTs of up to rowsPer rows (so a statement stays
// under both engines' limit on bound parameters).
type batch struct {
	ctx     context.Context
	tx      *store.Tx
	head    string // "INSERT INTO t (a, b) VALUES "
	row     string // "(?, ?)"
	cols    int
	rowsPer int
	args    []any
	rows    int
	parents []*batch // flushed first: their rows are referenced by this table's
}

func newBatch(ctx context.Context, tx *store.Tx, table string, columns ...string) *batch {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(columns)), ", ") + ")"
	return &batch{ctx: ctx, tx: tx, head: "INSERT INTO " + table + " (" + strings.Join(columns, ", ") + ") VALUES ",
		row: row, cols: len(columns), rowsPer: max(1, 30000/len(columns)/4)}
}

// add queues one row and writes the batch when it is full.
func (b *batch) add(values ...any) error {
	if len(values) != b.cols {
		return fmt.Errorf("demo: %s: %d values for %d columns", b.head, len(values), b.cols)
	}
	b.args = append(b.args, values...)
	b.rows++
	if b.rows >= b.rowsPer {
		return b.flush()
	}
	return nil
}

// after makes b flush the rows of parents before its own.
func (b *batch) after(parents ...*batch) *batch {
	b.parents = parents
	return b
}

// flush writes the queued rows (its parents' first).
func (b *batch) flush() error {
	for _, p := range b.parents {
		if err := p.flush(); err != nil {
			return err
		}
	}
	if b.rows == 0 {
		return nil
	}
	var q strings.Builder
	q.Grow(len(b.head) + b.rows*(len(b.row)+2))
	q.WriteString(b.head)
	for i := range b.rows {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString(b.row)
	}
	_, err := b.tx.Exec(b.ctx, q.String(), b.args...)
	b.args, b.rows = b.args[:0], 0
	return err
}

// reserveIDs returns the first of n consecutive ids for explicit inserts into table (whose id column is
// an INTEGER PRIMARY KEY on SQLite, an identity on PostgreSQL). On SQLite the write transaction holds the
// database's one write lock; on PostgreSQL the identity's sequence is moved past the block, so later
// inserts that take their id from it do not collide (seeding runs before the server takes writes).
func reserveIDs(ctx context.Context, tx *store.Tx, table string, n int) (int64, error) {
	var first int64
	if tx.Engine() == store.Postgres {
		err := tx.QueryRow(ctx, `SELECT GREATEST(nextval(pg_get_serial_sequence('`+table+`', 'id')),
			(SELECT COALESCE(MAX(id), 0) + 1 FROM `+table+`))`).Scan(&first)
		if err != nil {
			return 0, err
		}
		_, err = tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('`+table+`', 'id'), ?)`, first+int64(max(n, 1))-1)
		return first, err
	}
	err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM `+table).Scan(&first)
	return first, err
}
