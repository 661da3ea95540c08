-- +goose Up
-- Payments at the counter (issue 23; docs/architecture.md, "Payments at the counter"). They are lines of
-- the one ledger: a payments row with provider 'cash' (the desk) and the method the customer paid with,
-- and a charge entry written by the staff member. A wrong entry is never edited: a 'correction' entry
-- (negative, with its reason) is added against the same payment.
--   payments.method          cash, card_terminal, voucher or other for a desk payment; NULL online (and
--                            for the desk payments written before this migration, which were cash).
--   payment_entries.kind     gains 'correction'; payment_entries.reason says why a correction was made.
-- SQLite cannot change a CHECK in place, so payment_entries is rebuilt with its rows; nothing references
-- it. Its indexes and its KPI trigger go with the old table and are made again, the trigger after the
-- copy so that the rollups are not counted twice. The trigger now takes corrections off the charges of
-- their quarter hour (the day they were made), as the PostgreSQL twin does.
ALTER TABLE payments ADD COLUMN method TEXT CHECK (method IN ('cash', 'card_terminal', 'voucher', 'other'));

CREATE TABLE payment_entries_new (
    id INTEGER PRIMARY KEY,
    payment_id BIGINT NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
    booking_id BIGINT NOT NULL REFERENCES bookings(id),
    booking_line_id BIGINT REFERENCES booking_lines(id),
    kind TEXT NOT NULL CHECK (kind IN ('charge', 'refund', 'correction')),
    amount_cents BIGINT NOT NULL,
    provider TEXT NOT NULL,
    provider_event_id TEXT NOT NULL,
    created_by BIGINT REFERENCES admin_users(id),
    created_at BIGINT NOT NULL,
    reason TEXT,
    UNIQUE (provider, provider_event_id)
);
INSERT INTO payment_entries_new (id, payment_id, booking_id, booking_line_id, kind, amount_cents, provider,
    provider_event_id, created_by, created_at)
SELECT id, payment_id, booking_id, booking_line_id, kind, amount_cents, provider, provider_event_id, created_by, created_at
FROM payment_entries;
DROP TABLE payment_entries;
ALTER TABLE payment_entries_new RENAME TO payment_entries;
CREATE INDEX payment_entries_payment ON payment_entries (payment_id);
CREATE INDEX payment_entries_created ON payment_entries (created_at);
CREATE INDEX payment_entries_booking_kind ON payment_entries (booking_id, kind);

-- +goose StatementBegin
CREATE TRIGGER kpi_ledger_entry AFTER INSERT ON payment_entries
BEGIN
    INSERT INTO kpi_ledger (company_id, bucket, charge_cents, refund_cents, tickets)
    SELECT p.company_id, NEW.created_at / 900000,
        CASE WHEN NEW.kind = 'charge' THEN ABS(NEW.amount_cents)
             WHEN NEW.kind = 'correction' THEN -ABS(NEW.amount_cents) ELSE 0 END,
        CASE WHEN NEW.kind = 'refund' THEN ABS(NEW.amount_cents) ELSE 0 END,
        CASE WHEN NEW.kind = 'charge' AND NOT EXISTS (SELECT 1 FROM payment_entries o
            WHERE o.booking_id = NEW.booking_id AND o.kind = 'charge' AND o.id <> NEW.id) THEN 1 ELSE 0 END
    FROM payments p WHERE p.id = NEW.payment_id
    ON CONFLICT (company_id, bucket) DO UPDATE SET charge_cents = charge_cents + excluded.charge_cents,
        refund_cents = refund_cents + excluded.refund_cents, tickets = tickets + excluded.tickets;
END;
-- +goose StatementEnd

-- +goose Down
SELECT 'down migrations are not supported: restore from a backup';
