-- +goose Up
-- The staff audit log: every back-office write (cancel, refund, later settings and catalogue changes)
-- records who did it, when, in which company, and what changed (details: a JSON object). Written in the
-- same transaction as the change it describes. user_email is copied so the entry outlives the user.
-- The PostgreSQL twin of this file declares the same tables and columns.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    user_id BIGINT REFERENCES admin_users(id) ON DELETE SET NULL,
    user_email TEXT NOT NULL DEFAULT '',
    action TEXT NOT NULL,
    entity TEXT NOT NULL,
    entity_id TEXT NOT NULL DEFAULT '',
    details TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL
);
CREATE INDEX audit_log_company ON audit_log (company_id, id);

-- +goose Down
DROP TABLE audit_log;
