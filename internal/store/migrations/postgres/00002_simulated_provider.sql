-- +goose Up
-- The simulated payment provider's own data: its checkouts, the events it notifies, and its signing
-- secret. It stands for a real provider's database, so nothing of Pitlane's model refers to it.
-- The SQLite twin of this file declares the same tables and columns.

CREATE TABLE sim_checkouts (
    ref TEXT PRIMARY KEY,
    payment_id BIGINT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    currency TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    reference TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    culture TEXT NOT NULL DEFAULT '',
    success_url TEXT NOT NULL,
    cancel_url TEXT NOT NULL,
    notify_url TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
    decline_reason TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    decided_at BIGINT
);

CREATE TABLE sim_events (
    event_id TEXT PRIMARY KEY,
    ref TEXT NOT NULL REFERENCES sim_checkouts(ref) ON DELETE CASCADE,
    outcome TEXT NOT NULL CHECK (outcome IN ('approved', 'declined', 'refunded')),
    amount_cents BIGINT NOT NULL,
    idempotency_key TEXT,
    created_at BIGINT NOT NULL,
    delivered_at BIGINT,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_error TEXT NOT NULL DEFAULT '',
    UNIQUE (ref, idempotency_key)
);

CREATE INDEX sim_events_due ON sim_events (next_attempt_at) WHERE delivered_at IS NULL;

CREATE TABLE sim_settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE sim_settings;
DROP TABLE sim_events;
DROP TABLE sim_checkouts;
