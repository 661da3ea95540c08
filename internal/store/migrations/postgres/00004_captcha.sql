-- +goose Up
-- Secrets every instance shares (the captcha's HMAC key, the key unsubscribe links are derived from),
-- created at random on first use, and the captcha challenges already spent, kept until they expire so
-- a solved challenge cannot be replayed on any instance.
CREATE TABLE app_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE captcha_used (
    challenge TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);

CREATE INDEX captcha_used_expires ON captcha_used (expires_at);

-- +goose Down
DROP TABLE captcha_used;
DROP TABLE app_secrets;
