-- +goose Up
-- Credit notes (issue 23, "keep as credit"; docs/architecture.md, "Credit notes"). Staff cancelling a paid
-- booking may keep its money as credit instead of refunding it: the booking is cancelled, nothing goes
-- back to the card, and a credit note for what was refundable is issued in the same transaction. The
-- customer reads its code out at the desk (XXXX-XXXX-XXXX-XXXX, 80 random bits, the voucher generator),
-- and a desk payment with the method "credit" spends it on another booking.
--   credit_notes.code           the 16 characters without dashes, upper case (shown with dashes)
--   credit_notes.balance_cents  the original less its uses, kept in the transaction that writes a use
--                               by one conditional UPDATE (balance_cents >= amount), never below 0
--   credit_notes.expires_at     created_at + the company's validity (billing.CreditValidityMonths)
--   credit_note_uses            one row per spend, never edited: the ledger of the note
--   payments.credit_note_id     the note a desk payment spent (its method reads "credit"); the money was
--                               counted when the first booking was paid, so the KPI trigger adds no
--                               charge for it (the ticket still counts)
CREATE TABLE credit_notes (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    code TEXT NOT NULL UNIQUE,
    booking_id BIGINT NOT NULL UNIQUE REFERENCES bookings(id),
    customer_name TEXT NOT NULL DEFAULT '',
    customer_email TEXT NOT NULL DEFAULT '',
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    balance_cents BIGINT NOT NULL CHECK (balance_cents >= 0 AND balance_cents <= amount_cents),
    currency TEXT NOT NULL,
    created_by BIGINT REFERENCES admin_users(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX credit_notes_company_created ON credit_notes (company_id, created_at);

CREATE TABLE credit_note_uses (
    id INTEGER PRIMARY KEY,
    credit_note_id BIGINT NOT NULL REFERENCES credit_notes(id),
    booking_id BIGINT NOT NULL REFERENCES bookings(id),
    payment_id BIGINT NOT NULL UNIQUE REFERENCES payments(id),
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    created_by BIGINT REFERENCES admin_users(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX credit_note_uses_note ON credit_note_uses (credit_note_id);

ALTER TABLE payments ADD COLUMN credit_note_id BIGINT REFERENCES credit_notes(id);

DROP TRIGGER kpi_ledger_entry;
-- +goose StatementBegin
CREATE TRIGGER kpi_ledger_entry AFTER INSERT ON payment_entries
BEGIN
    INSERT INTO kpi_ledger (company_id, bucket, charge_cents, refund_cents, tickets)
    SELECT p.company_id, NEW.created_at / 900000,
        CASE WHEN p.credit_note_id IS NOT NULL THEN 0
             WHEN NEW.kind = 'charge' THEN ABS(NEW.amount_cents)
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
