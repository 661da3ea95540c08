-- +goose Up
-- A member's sessions and personal API tokens (issue 24; docs/openapi.yaml, /api/admin/api-tokens):
--   admin_sessions.user_agent, .address   the browser and client address of the sign-in, shown in the
--                                         Team tab and My account beside each live session.
--   api_tokens   a token a program sends as "Authorization: Bearer": it acts for user_id in company_id
--                only, with role (never above the creator's, and capped by it at each use). Only the
--                SHA-256 of the secret is kept (token_hash); revoked_at ends it; last_used_at is written
--                at most once a minute.
-- The other engine's twin of this file declares the same tables and columns.
ALTER TABLE admin_sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE admin_sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';

CREATE TABLE api_tokens (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('DESK', 'ADMIN', 'SUPERADMIN')),
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT,
    revoked_at BIGINT
);
CREATE INDEX api_tokens_company ON api_tokens (company_id, created_at);

-- +goose Down
DROP TABLE api_tokens;
ALTER TABLE admin_sessions DROP COLUMN address;
ALTER TABLE admin_sessions DROP COLUMN user_agent;
