-- +goose Up
-- Staff sessions and the sign-in throttle (internal/account, store/staff.go).
--   admin_sessions.last_seen_at  when the session was last used, written at most once a minute; the
--                                session dies when it is idle longer than PITLANE_STAFF_SESSION_IDLE,
--                                and at expires_at (PITLANE_STAFF_SESSION_MAX after sign-in) in any case.
--   login_failures               one row per failed sign-in (or attempt under way), per normalised
--                                e-mail (scope 'account') and per client address (scope 'address'). The
--                                throttle counts the rows of a window, so it survives a restart and holds
--                                across instances; a successful sign-in deletes its account's rows.
--   companies.refund_max_days    refunds are allowed until this many days before the session.
-- The other engine's twin of this file declares the same tables and columns.
ALTER TABLE admin_sessions ADD COLUMN last_seen_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX admin_sessions_user ON admin_sessions (user_id);
CREATE INDEX admin_sessions_expires ON admin_sessions (expires_at);

CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY,
    scope TEXT NOT NULL CHECK (scope IN ('account', 'address')),
    key TEXT NOT NULL,
    failed_at BIGINT NOT NULL
);
CREATE INDEX login_failures_key ON login_failures (scope, key, failed_at);
CREATE INDEX login_failures_at ON login_failures (failed_at);

ALTER TABLE companies ADD COLUMN refund_max_days INTEGER NOT NULL DEFAULT 0 CHECK (refund_max_days >= 0);

-- +goose Down
ALTER TABLE companies DROP COLUMN refund_max_days;
DROP TABLE login_failures;
DROP INDEX admin_sessions_expires;
DROP INDEX admin_sessions_user;
ALTER TABLE admin_sessions DROP COLUMN last_seen_at;
