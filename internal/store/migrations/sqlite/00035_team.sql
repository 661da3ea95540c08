-- +goose Up
-- The Team tab of the settings dialog (issue 24; docs/openapi.yaml, /api/admin/team):
--   staff_invitations         an e-mail invited to join a company with a role. Only the SHA-256 of the
--                             link's token is kept (token_hash); the link works until expires_at (72 hours
--                             after it was sent) and once: accepted_at or revoked_at ends it, and so do
--                             five wrong passwords of an existing account (failed_attempts). At most one
--                             invitation per (company, e-mail) is open at a time.
--   memberships.disabled_at   set while a member is disabled: the membership stays (the list shows it,
--                             enabling gives the role back) but the member has no role in the company.
-- The other engine's twin of this file declares the same tables and columns.
CREATE TABLE staff_invitations (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('DESK', 'ADMIN', 'SUPERADMIN')),
    token_hash TEXT NOT NULL UNIQUE,
    invited_by BIGINT REFERENCES admin_users(id) ON DELETE SET NULL,
    invited_by_email TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    failed_attempts INTEGER NOT NULL DEFAULT 0,
    accepted_at BIGINT,
    revoked_at BIGINT
);
CREATE UNIQUE INDEX staff_invitations_open ON staff_invitations (company_id, email)
    WHERE accepted_at IS NULL AND revoked_at IS NULL;

ALTER TABLE memberships ADD COLUMN disabled_at BIGINT;

-- +goose Down
ALTER TABLE memberships DROP COLUMN disabled_at;
DROP TABLE staff_invitations;
