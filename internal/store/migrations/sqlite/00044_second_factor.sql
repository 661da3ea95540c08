-- +goose Up
-- The second factor (issue 24; docs/openapi.yaml, /api/users/me/totp and /api/users/adminLogin/second-factor):
--   admin_users.totp_secret          the base32 TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s) of a user
--                                    who enrolled; NULL: no second factor.
--   admin_users.totp_pending_secret  a secret shown in My account and not confirmed with a code yet.
--   admin_users.totp_last_step       the last 30-second step whose code signed in: a code is used once.
--   totp_recovery_codes              ten codes given at enrolment, each usable once instead of a code;
--                                    only their SHA-256 is kept.
--   login_challenges                 the second step of a sign-in whose password was right: the token's
--                                    SHA-256, for five minutes, once. kind 'enrol' is a user whose company
--                                    requires a second factor and who has none: pending_secret is the one
--                                    the sign-in shows them to enrol.
--   second_factor_failures           a wrong code of a user: more than ten in 15 minutes are refused.
--   companies.require_second_factor  every staff member must sign in with a second factor (Team tab).
-- The other engine's twin of this file declares the same tables and columns.
ALTER TABLE admin_users ADD COLUMN totp_secret TEXT;
ALTER TABLE admin_users ADD COLUMN totp_pending_secret TEXT;
ALTER TABLE admin_users ADD COLUMN totp_last_step BIGINT NOT NULL DEFAULT 0;

CREATE TABLE totp_recovery_codes (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT,
    UNIQUE (user_id, code_hash)
);

CREATE TABLE login_challenges (
    id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('totp', 'enrol')),
    pending_secret TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX login_challenges_expires ON login_challenges (expires_at);

CREATE TABLE second_factor_failures (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
    failed_at BIGINT NOT NULL
);
CREATE INDEX second_factor_failures_user ON second_factor_failures (user_id, failed_at);

ALTER TABLE companies ADD COLUMN require_second_factor INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE companies DROP COLUMN require_second_factor;
DROP TABLE second_factor_failures;
DROP TABLE login_challenges;
DROP TABLE totp_recovery_codes;
ALTER TABLE admin_users DROP COLUMN totp_last_step;
ALTER TABLE admin_users DROP COLUMN totp_pending_secret;
ALTER TABLE admin_users DROP COLUMN totp_secret;
