-- +goose Up
-- KPIs (internal/report, store/reports.go). A year of KPIs against the previous year reads hundreds of
-- thousands of payment entries and sessions; summing them per call is too slow, so two rollups keep the
-- sums as the rows are written, maintained by triggers in the same transaction as the write, whatever
-- code writes it (checkout, refunds, cash payments, cancellations):
--   kpi_ledger   per company and quarter hour (UTC ms / 900000) of payment_entries.created_at: the charges,
--                the refunds (amounts read by kind, whatever their sign) and the tickets, i.e. the bookings
--                whose first charge entry it is. Every zone's offset is a whole number of quarter hours,
--                so a local day is a whole run of buckets. The ledger is append-only.
--   kpi_sessions per company and session (circuit, start): the places of its non-cancelled bookings.
-- The PostgreSQL twin of this file declares the same tables and columns and the same triggers.
CREATE TABLE kpi_ledger (
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    bucket BIGINT NOT NULL,
    charge_cents BIGINT NOT NULL DEFAULT 0,
    refund_cents BIGINT NOT NULL DEFAULT 0,
    tickets BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, bucket)
);

CREATE TABLE kpi_sessions (
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    starts_at BIGINT NOT NULL,
    circuit_id BIGINT NOT NULL,
    places BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, starts_at, circuit_id)
);

-- The first-charge test of the ledger trigger; the bookings of a period and the drivers linked to a
-- member, for the drivers' ages (the first covers the columns the ages read).
CREATE INDEX payment_entries_booking_kind ON payment_entries (booking_id, kind);
CREATE INDEX bookings_company_first ON bookings (company_id, first_starts_at, status, birth_date, member_id);
CREATE INDEX drivers_member ON drivers (member_id, booking_id);
CREATE INDEX members_company_created ON members (company_id, created_at);

INSERT INTO kpi_ledger (company_id, bucket, charge_cents, refund_cents, tickets)
SELECT p.company_id, e.created_at / 900000,
    SUM(CASE WHEN e.kind = 'charge' THEN ABS(e.amount_cents) ELSE 0 END),
    SUM(CASE WHEN e.kind = 'refund' THEN ABS(e.amount_cents) ELSE 0 END),
    SUM(CASE WHEN e.kind = 'charge' AND e.id = (SELECT MIN(o.id) FROM payment_entries o
        WHERE o.booking_id = e.booking_id AND o.kind = 'charge') THEN 1 ELSE 0 END)
FROM payment_entries e JOIN payments p ON p.id = e.payment_id
GROUP BY p.company_id, e.created_at / 900000;

INSERT INTO kpi_sessions (company_id, starts_at, circuit_id, places)
SELECT b.company_id, bs.starts_at, bs.circuit_id, SUM(bs.places)
FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id JOIN bookings b ON b.id = bl.booking_id
WHERE b.status <> 'cancelada'
GROUP BY b.company_id, bs.starts_at, bs.circuit_id;

-- +goose StatementBegin
CREATE TRIGGER kpi_ledger_entry AFTER INSERT ON payment_entries
BEGIN
    INSERT INTO kpi_ledger (company_id, bucket, charge_cents, refund_cents, tickets)
    SELECT p.company_id, NEW.created_at / 900000,
        CASE WHEN NEW.kind = 'charge' THEN ABS(NEW.amount_cents) ELSE 0 END,
        CASE WHEN NEW.kind = 'refund' THEN ABS(NEW.amount_cents) ELSE 0 END,
        CASE WHEN NEW.kind = 'charge' AND NOT EXISTS (SELECT 1 FROM payment_entries o
            WHERE o.booking_id = NEW.booking_id AND o.kind = 'charge' AND o.id <> NEW.id) THEN 1 ELSE 0 END
    FROM payments p WHERE p.id = NEW.payment_id
    ON CONFLICT (company_id, bucket) DO UPDATE SET charge_cents = charge_cents + excluded.charge_cents,
        refund_cents = refund_cents + excluded.refund_cents, tickets = tickets + excluded.tickets;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER kpi_sessions_slot_added AFTER INSERT ON booking_slots
BEGIN
    INSERT INTO kpi_sessions (company_id, starts_at, circuit_id, places)
    SELECT b.company_id, NEW.starts_at, NEW.circuit_id, NEW.places
    FROM booking_lines bl JOIN bookings b ON b.id = bl.booking_id
    WHERE bl.id = NEW.booking_line_id AND b.status <> 'cancelada'
    ON CONFLICT (company_id, starts_at, circuit_id) DO UPDATE SET places = places + excluded.places;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER kpi_sessions_slot_removed AFTER DELETE ON booking_slots
BEGIN
    UPDATE kpi_sessions SET places = places - OLD.places
    WHERE starts_at = OLD.starts_at AND circuit_id = OLD.circuit_id
    AND company_id = (SELECT b.company_id FROM booking_lines bl JOIN bookings b ON b.id = bl.booking_id
        WHERE bl.id = OLD.booking_line_id AND b.status <> 'cancelada');
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER kpi_sessions_slot_moved AFTER UPDATE OF starts_at, circuit_id, places ON booking_slots
BEGIN
    UPDATE kpi_sessions SET places = places - OLD.places
    WHERE starts_at = OLD.starts_at AND circuit_id = OLD.circuit_id
    AND company_id = (SELECT b.company_id FROM booking_lines bl JOIN bookings b ON b.id = bl.booking_id
        WHERE bl.id = OLD.booking_line_id AND b.status <> 'cancelada');
    INSERT INTO kpi_sessions (company_id, starts_at, circuit_id, places)
    SELECT b.company_id, NEW.starts_at, NEW.circuit_id, NEW.places
    FROM booking_lines bl JOIN bookings b ON b.id = bl.booking_id
    WHERE bl.id = NEW.booking_line_id AND b.status <> 'cancelada'
    ON CONFLICT (company_id, starts_at, circuit_id) DO UPDATE SET places = places + excluded.places;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER kpi_sessions_booking_status AFTER UPDATE OF status ON bookings
WHEN (OLD.status = 'cancelada') <> (NEW.status = 'cancelada')
BEGIN
    INSERT INTO kpi_sessions (company_id, starts_at, circuit_id, places)
    SELECT NEW.company_id, bs.starts_at, bs.circuit_id,
        CASE WHEN NEW.status = 'cancelada' THEN -SUM(bs.places) ELSE SUM(bs.places) END
    FROM booking_lines bl JOIN booking_slots bs ON bs.booking_line_id = bl.id
    WHERE bl.booking_id = NEW.id
    GROUP BY bs.starts_at, bs.circuit_id
    ON CONFLICT (company_id, starts_at, circuit_id) DO UPDATE SET places = places + excluded.places;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER kpi_sessions_booking_status;
DROP TRIGGER kpi_sessions_slot_moved;
DROP TRIGGER kpi_sessions_slot_removed;
DROP TRIGGER kpi_sessions_slot_added;
DROP TRIGGER kpi_ledger_entry;
DROP INDEX members_company_created;
DROP INDEX drivers_member;
DROP INDEX bookings_company_first;
DROP INDEX payment_entries_booking_kind;
DROP TABLE kpi_sessions;
DROP TABLE kpi_ledger;
