-- +goose Up
-- The counter's DESK role (docs/architecture.md, "Roles"): a membership may now be DESK, ADMIN or
-- SUPERADMIN.
ALTER TABLE memberships DROP CONSTRAINT memberships_role_check;
ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ('DESK', 'ADMIN', 'SUPERADMIN'));

-- +goose Down
DELETE FROM memberships WHERE role = 'DESK';
ALTER TABLE memberships DROP CONSTRAINT memberships_role_check;
ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ('ADMIN', 'SUPERADMIN'));
