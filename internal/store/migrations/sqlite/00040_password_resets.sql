-- +goose Up
-- Forgot password (issue 24; docs/openapi.yaml, /api/users/forgot-password):
--   password_resets   a link that sets a staff account's password. Only the SHA-256 of the link's token
--                     is kept (token_hash); the link works until expires_at (an hour after it was sent)
--                     and once: used_at ends it, and a used link ends every other open one of the account.
--                     The rows of the last hour also count the mails sent to an account (at most three).
-- The other engine's twin of this file declares the same tables and columns.
CREATE TABLE password_resets (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX password_resets_user ON password_resets (user_id, created_at);

-- +goose Down
DROP TABLE password_resets;
