-- +goose Up
-- Two more kinds of login_failures rows (docs/architecture.md, "Staff sessions and CSRF"):
--   'pair'    a failed sign-in per (address, e-mail): the key is the address, a space, the e-mail. The
--             pair and the address refuse at their limits; the account alone only asks for the captcha,
--             so guesses from elsewhere cannot lock its owner out.
--   'reauth'  a wrong current password (password or e-mail change) per user: the key is the user's id.
-- SQLite cannot change a CHECK in place, so the table is rebuilt with its rows (nothing references
-- it). The other engine's twin of this file declares the same tables and columns.
CREATE TABLE login_failures_new (
    id INTEGER PRIMARY KEY,
    scope TEXT NOT NULL CHECK (scope IN ('account', 'pair', 'address', 'reauth')),
    key TEXT NOT NULL,
    failed_at BIGINT NOT NULL
);
INSERT INTO login_failures_new (id, scope, key, failed_at) SELECT id, scope, key, failed_at FROM login_failures;
DROP TABLE login_failures;
ALTER TABLE login_failures_new RENAME TO login_failures;
CREATE INDEX login_failures_key ON login_failures (scope, key, failed_at);
CREATE INDEX login_failures_at ON login_failures (failed_at);

-- +goose Down
CREATE TABLE login_failures_old (
    id INTEGER PRIMARY KEY,
    scope TEXT NOT NULL CHECK (scope IN ('account', 'address')),
    key TEXT NOT NULL,
    failed_at BIGINT NOT NULL
);
INSERT INTO login_failures_old (id, scope, key, failed_at)
    SELECT id, scope, key, failed_at FROM login_failures WHERE scope IN ('account', 'address');
DROP TABLE login_failures;
ALTER TABLE login_failures_old RENAME TO login_failures;
CREATE INDEX login_failures_key ON login_failures (scope, key, failed_at);
CREATE INDEX login_failures_at ON login_failures (failed_at);
