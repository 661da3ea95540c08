-- +goose Up
-- Daily rollups of the KPI rollups of migration 00010, so that a year of KPIs and its daily series read a
-- row per day instead of every quarter hour and every session (store/reports_days.go):
--   kpi_ledger_days   per company and UTC day (bucket / 96): kpi_ledger's charges, refunds and tickets;
--   kpi_session_days  per company and UTC day of the session start: the sessions holding places of
--                     non-cancelled bookings (kpi_sessions rows with places > 0) and those places.
-- A local day or period is the UTC days inside it, with the quarter hours or sessions between each of
-- its edges and the nearest UTC midnight added or taken away from the finer table. Triggers on kpi_ledger
-- and kpi_sessions add each row's change, in the same transaction as the write that changed them.
-- The PostgreSQL twin of this file declares the same tables and columns and the same triggers.
CREATE TABLE kpi_ledger_days (
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    charge_cents BIGINT NOT NULL DEFAULT 0,
    refund_cents BIGINT NOT NULL DEFAULT 0,
    tickets BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, day)
);

CREATE TABLE kpi_session_days (
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    sessions BIGINT NOT NULL DEFAULT 0,
    places BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, day)
);

INSERT INTO kpi_ledger_days (company_id, day, charge_cents, refund_cents, tickets)
SELECT company_id, bucket / 96, SUM(charge_cents), SUM(refund_cents), SUM(tickets)
FROM kpi_ledger GROUP BY company_id, bucket / 96;

INSERT INTO kpi_session_days (company_id, day, sessions, places)
SELECT company_id, starts_at / 86400000, COUNT(*), SUM(places)
FROM kpi_sessions WHERE places > 0 GROUP BY company_id, starts_at / 86400000;

-- +goose StatementBegin
CREATE TRIGGER kpi_ledger_days_added AFTER INSERT ON kpi_ledger
BEGIN
    INSERT INTO kpi_ledger_days (company_id, day, charge_cents, refund_cents, tickets)
    VALUES (NEW.company_id, NEW.bucket / 96, NEW.charge_cents, NEW.refund_cents, NEW.tickets)
    ON CONFLICT (company_id, day) DO UPDATE SET charge_cents = charge_cents + excluded.charge_cents,
        refund_cents = refund_cents + excluded.refund_cents, tickets = tickets + excluded.tickets;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER kpi_ledger_days_changed AFTER UPDATE ON kpi_ledger
BEGIN
    INSERT INTO kpi_ledger_days (company_id, day, charge_cents, refund_cents, tickets)
    VALUES (OLD.company_id, OLD.bucket / 96, NEW.charge_cents - OLD.charge_cents, NEW.refund_cents - OLD.refund_cents, NEW.tickets - OLD.tickets)
    ON CONFLICT (company_id, day) DO UPDATE SET charge_cents = charge_cents + excluded.charge_cents,
        refund_cents = refund_cents + excluded.refund_cents, tickets = tickets + excluded.tickets;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER kpi_session_days_added AFTER INSERT ON kpi_sessions
BEGIN
    INSERT INTO kpi_session_days (company_id, day, sessions, places)
    VALUES (NEW.company_id, NEW.starts_at / 86400000, CASE WHEN NEW.places > 0 THEN 1 ELSE 0 END,
        CASE WHEN NEW.places > 0 THEN NEW.places ELSE 0 END)
    ON CONFLICT (company_id, day) DO UPDATE SET sessions = sessions + excluded.sessions, places = places + excluded.places;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER kpi_session_days_changed AFTER UPDATE ON kpi_sessions
BEGIN
    INSERT INTO kpi_session_days (company_id, day, sessions, places)
    VALUES (OLD.company_id, OLD.starts_at / 86400000, -CASE WHEN OLD.places > 0 THEN 1 ELSE 0 END,
        -CASE WHEN OLD.places > 0 THEN OLD.places ELSE 0 END)
    ON CONFLICT (company_id, day) DO UPDATE SET sessions = sessions + excluded.sessions, places = places + excluded.places;
    INSERT INTO kpi_session_days (company_id, day, sessions, places)
    VALUES (NEW.company_id, NEW.starts_at / 86400000, CASE WHEN NEW.places > 0 THEN 1 ELSE 0 END,
        CASE WHEN NEW.places > 0 THEN NEW.places ELSE 0 END)
    ON CONFLICT (company_id, day) DO UPDATE SET sessions = sessions + excluded.sessions, places = places + excluded.places;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER kpi_session_days_removed AFTER DELETE ON kpi_sessions
BEGIN
    INSERT INTO kpi_session_days (company_id, day, sessions, places)
    VALUES (OLD.company_id, OLD.starts_at / 86400000, -CASE WHEN OLD.places > 0 THEN 1 ELSE 0 END,
        -CASE WHEN OLD.places > 0 THEN OLD.places ELSE 0 END)
    ON CONFLICT (company_id, day) DO UPDATE SET sessions = sessions + excluded.sessions, places = places + excluded.places;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER kpi_session_days_removed;
DROP TRIGGER kpi_session_days_changed;
DROP TRIGGER kpi_session_days_added;
DROP TRIGGER kpi_ledger_days_changed;
DROP TRIGGER kpi_ledger_days_added;
DROP TABLE kpi_session_days;
DROP TABLE kpi_ledger_days;
