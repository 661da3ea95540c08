-- +goose Up
-- The KPI rollups' hot rows are taken at commit, not at the write. kpi_ledger (a company's quarter hour),
-- kpi_ledger_days and kpi_session_days (a company's day) are one row for every payment and booking of a
-- company in that quarter hour or day: maintained by ordinary AFTER triggers, each booking's transaction
-- locked its day's row at its first write and kept it until it committed, so an on-sale rush queued every
-- customer of the day behind one another (log_lock_waits in `make bench -only rush`: 3,305 waits on these
-- rows, saveBooking 6.6 s p50 on PostgreSQL). As constraint triggers deferred to the commit, the rows are
-- locked for the commit alone. The functions read only the trigger's own row (OLD/NEW) — and, for the
-- ledger, the payment's company and credit note, set when the payment is written — so running them at
-- the commit adds the same sums. The ledger's function is 00049's (corrections taken off the charges, a
-- credit note's spend adding no charge: that money was counted when first paid), with one change: its
-- ticket test becomes "no earlier charge of the booking" (at the commit the booking's later charges of
-- the same transaction are visible too); the backfill of 00010 counted the same way (the booking's first
-- charge by id). kpi_sessions stays immediate: its trigger reads the booking's state, and its row is one
-- session, which the booking's slot row already serialises.
-- SQLite serialises writers: its twin of this file changes nothing.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION kpi_ledger_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO kpi_ledger AS k (company_id, bucket, charge_cents, refund_cents, tickets)
    SELECT p.company_id, NEW.created_at / 900000,
        CASE WHEN p.credit_note_id IS NOT NULL THEN 0
             WHEN NEW.kind = 'charge' THEN ABS(NEW.amount_cents)
             WHEN NEW.kind = 'correction' THEN -ABS(NEW.amount_cents) ELSE 0 END,
        CASE WHEN NEW.kind = 'refund' THEN ABS(NEW.amount_cents) ELSE 0 END,
        CASE WHEN NEW.kind = 'charge' AND NOT EXISTS (SELECT 1 FROM payment_entries o
            WHERE o.booking_id = NEW.booking_id AND o.kind = 'charge' AND o.id < NEW.id) THEN 1 ELSE 0 END
    FROM payments p WHERE p.id = NEW.payment_id
    ON CONFLICT (company_id, bucket) DO UPDATE SET charge_cents = k.charge_cents + EXCLUDED.charge_cents,
        refund_cents = k.refund_cents + EXCLUDED.refund_cents, tickets = k.tickets + EXCLUDED.tickets;
    RETURN NULL;
END $$;
-- +goose StatementEnd
DROP TRIGGER kpi_ledger_entry ON payment_entries;
CREATE CONSTRAINT TRIGGER kpi_ledger_entry AFTER INSERT ON payment_entries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kpi_ledger_entry();
DROP TRIGGER kpi_ledger_days_added ON kpi_ledger;
DROP TRIGGER kpi_ledger_days_changed ON kpi_ledger;
CREATE CONSTRAINT TRIGGER kpi_ledger_days_added AFTER INSERT ON kpi_ledger
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kpi_ledger_days();
CREATE CONSTRAINT TRIGGER kpi_ledger_days_changed AFTER UPDATE ON kpi_ledger
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kpi_ledger_days();
DROP TRIGGER kpi_session_days_added ON kpi_sessions;
DROP TRIGGER kpi_session_days_changed ON kpi_sessions;
DROP TRIGGER kpi_session_days_removed ON kpi_sessions;
CREATE CONSTRAINT TRIGGER kpi_session_days_added AFTER INSERT ON kpi_sessions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kpi_session_days();
CREATE CONSTRAINT TRIGGER kpi_session_days_changed AFTER UPDATE ON kpi_sessions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kpi_session_days();
CREATE CONSTRAINT TRIGGER kpi_session_days_removed AFTER DELETE ON kpi_sessions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kpi_session_days();

-- +goose Down
DROP TRIGGER kpi_session_days_removed ON kpi_sessions;
DROP TRIGGER kpi_session_days_changed ON kpi_sessions;
DROP TRIGGER kpi_session_days_added ON kpi_sessions;
CREATE TRIGGER kpi_session_days_added AFTER INSERT ON kpi_sessions FOR EACH ROW EXECUTE FUNCTION kpi_session_days();
CREATE TRIGGER kpi_session_days_changed AFTER UPDATE ON kpi_sessions FOR EACH ROW EXECUTE FUNCTION kpi_session_days();
CREATE TRIGGER kpi_session_days_removed AFTER DELETE ON kpi_sessions FOR EACH ROW EXECUTE FUNCTION kpi_session_days();
DROP TRIGGER kpi_ledger_days_changed ON kpi_ledger;
DROP TRIGGER kpi_ledger_days_added ON kpi_ledger;
CREATE TRIGGER kpi_ledger_days_added AFTER INSERT ON kpi_ledger FOR EACH ROW EXECUTE FUNCTION kpi_ledger_days();
CREATE TRIGGER kpi_ledger_days_changed AFTER UPDATE ON kpi_ledger FOR EACH ROW EXECUTE FUNCTION kpi_ledger_days();
DROP TRIGGER kpi_ledger_entry ON payment_entries;
CREATE TRIGGER kpi_ledger_entry AFTER INSERT ON payment_entries FOR EACH ROW EXECUTE FUNCTION kpi_ledger_entry();
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION kpi_ledger_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO kpi_ledger AS k (company_id, bucket, charge_cents, refund_cents, tickets)
    SELECT p.company_id, NEW.created_at / 900000,
        CASE WHEN p.credit_note_id IS NOT NULL THEN 0
             WHEN NEW.kind = 'charge' THEN ABS(NEW.amount_cents)
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
