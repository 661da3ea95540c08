-- +goose Up
-- Payments at the counter (issue 23; docs/architecture.md, "Payments at the counter"). They are lines of
-- the one ledger: a payments row with provider 'cash' (the desk) and the method the customer paid with,
-- and a charge entry written by the staff member. A wrong entry is never edited: a 'correction' entry
-- (negative, with its reason) is added against the same payment.
--   payments.method          cash, card_terminal, voucher or other for a desk payment; NULL online (and
--                            for the desk payments written before this migration, which were cash).
--   payment_entries.kind     gains 'correction'; payment_entries.reason says why a correction was made.
-- The KPI trigger now takes corrections off the charges of their quarter hour (the day they were made),
-- as the SQLite twin does.
ALTER TABLE payments ADD COLUMN method TEXT CHECK (method IN ('cash', 'card_terminal', 'voucher', 'other'));
ALTER TABLE payment_entries DROP CONSTRAINT payment_entries_kind_check;
ALTER TABLE payment_entries ADD CONSTRAINT payment_entries_kind_check CHECK (kind IN ('charge', 'refund', 'correction'));
ALTER TABLE payment_entries ADD COLUMN reason TEXT;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION kpi_ledger_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO kpi_ledger AS k (company_id, bucket, charge_cents, refund_cents, tickets)
    SELECT p.company_id, NEW.created_at / 900000,
        CASE WHEN NEW.kind = 'charge' THEN ABS(NEW.amount_cents)
             WHEN NEW.kind = 'correction' THEN -ABS(NEW.amount_cents) ELSE 0 END,
        CASE WHEN NEW.kind = 'refund' THEN ABS(NEW.amount_cents) ELSE 0 END,
        CASE WHEN NEW.kind = 'charge' AND NOT EXISTS (SELECT 1 FROM payment_entries o
            WHERE o.booking_id = NEW.booking_id AND o.kind = 'charge' AND o.id <> NEW.id) THEN 1 ELSE 0 END
    FROM payments p WHERE p.id = NEW.payment_id
    ON CONFLICT (company_id, bucket) DO UPDATE SET charge_cents = k.charge_cents + EXCLUDED.charge_cents,
        refund_cents = k.refund_cents + EXCLUDED.refund_cents, tickets = k.tickets + EXCLUDED.tickets;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose Down
SELECT 'down migrations are not supported: restore from a backup';
