package store

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"

	"pitlane/internal/apperr"
)

// SQLite extended result codes we translate (sqlite3.h).
const (
	sqliteConstraintUnique     = 2067
	sqliteConstraintPrimaryKey = 1555
	sqliteConstraintForeignKey = 787
	sqliteConstraintCheck      = 275
	sqliteConstraintNotNull    = 1299
	sqliteBusy                 = 5
	sqliteBusySnapshot         = 517
)

// translate maps driver errors of both engines to apperr codes, keeping the driver error wrapped for logs:
// unique violation → Conflict, foreign key or check violation → Unprocessable, no rows → NotFound.
func translate(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return &wrapped{apperr.New(apperr.NotFound, "Not found."), err}
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "23505":
			return &wrapped{apperr.New(apperr.Conflict, "That already exists."), err}
		case "23503", "23514", "23502":
			return &wrapped{apperr.New(apperr.Unprocessable, "The change breaks a rule of the data."), err}
		}
		return err
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		switch sqErr.Code() {
		case sqliteConstraintUnique, sqliteConstraintPrimaryKey:
			return &wrapped{apperr.New(apperr.Conflict, "That already exists."), err}
		case sqliteConstraintForeignKey, sqliteConstraintCheck, sqliteConstraintNotNull:
			return &wrapped{apperr.New(apperr.Unprocessable, "The change breaks a rule of the data."), err}
		}
	}
	return err
}

// Translate maps a driver error (for instance from Row.Scan) to an apperr code; see translate.
func Translate(err error) error { return translate(err) }

// retryable reports whether a write transaction failed only because of concurrency and may be retried.
func retryable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "40001" || pgErr.Code == "40P01"
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		return sqErr.Code() == sqliteBusy || sqErr.Code() == sqliteBusySnapshot
	}
	return false
}

// wrapped is an apperr.Error that keeps the driver error underneath for logging.
type wrapped struct {
	app   *apperr.Error
	cause error
}

func (w *wrapped) Error() string { return fmt.Sprintf("%s: %v", w.app.Message, w.cause) }

// As lets errors.As find the *apperr.Error.
func (w *wrapped) As(target any) bool {
	if t, ok := target.(**apperr.Error); ok {
		*t = w.app
		return true
	}
	return false
}

// Unwrap exposes the driver error.
func (w *wrapped) Unwrap() error { return w.cause }
