-- +goose Up
-- The counter's DESK role (docs/architecture.md, "Roles"): a membership may now be DESK, ADMIN or
-- SUPERADMIN. SQLite cannot change a CHECK in place, so the table is rebuilt with its rows; nothing
-- references memberships, so dropping the old table breaks no foreign key.
CREATE TABLE memberships_new (
    user_id BIGINT NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('DESK', 'ADMIN', 'SUPERADMIN')),
    PRIMARY KEY (user_id, company_id)
);
INSERT INTO memberships_new (user_id, company_id, role) SELECT user_id, company_id, role FROM memberships;
DROP TABLE memberships;
ALTER TABLE memberships_new RENAME TO memberships;

-- +goose Down
DELETE FROM memberships WHERE role = 'DESK';
CREATE TABLE memberships_old (
    user_id BIGINT NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('ADMIN', 'SUPERADMIN')),
    PRIMARY KEY (user_id, company_id)
);
INSERT INTO memberships_old (user_id, company_id, role) SELECT user_id, company_id, role FROM memberships;
DROP TABLE memberships;
ALTER TABLE memberships_old RENAME TO memberships;
