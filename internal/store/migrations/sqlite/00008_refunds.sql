-- +goose Up
-- Staff refunds (internal/billing, docs/architecture.md "Billing and refunds").
-- companies.refund_max_days (refunds are allowed until this many days before the booking's first
-- session; 0: up to the session itself) is declared by 00007.

-- A refund reservation: written (pending) in the transaction that checks the amount against what is
-- left to refund, before the provider is called, so concurrent refunds of one sale can never give back
-- more than was paid. One row per payment the refund touches. succeeded: the ledger has its refund
-- entry (provider_event_id = provider_refund_id); failed: nothing was given back. A pending row keeps
-- its amount reserved until the request confirms it, or reconciliation settles it by asking the
-- provider again with the same idempotency key (refund-<id>).
CREATE TABLE refunds (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    booking_id BIGINT NOT NULL REFERENCES bookings(id),
    payment_id BIGINT NOT NULL REFERENCES payments(id),
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
    idempotency_key TEXT,
    created_by BIGINT REFERENCES admin_users(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    provider_refund_id TEXT,
    error TEXT
);
CREATE INDEX refunds_payment_status ON refunds (payment_id, status);
CREATE INDEX refunds_status_created ON refunds (status, created_at);
CREATE INDEX payment_entries_created ON payment_entries (created_at);

-- +goose Down
SELECT 'down migrations are not supported: restore from a backup';
