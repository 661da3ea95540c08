-- +goose Up
-- PostgreSQL keeps the drivers' age rollups of 00021 too (until now it read every booking of the year: 1.7 s
-- for kpi/participant?age=true at 200,000 bookings). The rules are the SQLite triggers' (see 00021 there):
-- before a write, the booking's people are taken out of the rollups; after it, they are put back. One
-- difference: PostgreSQL runs the AFTER row triggers of a statement when the statement ends, after every
-- row's BEFORE trigger, so a statement writing two drivers of one booking would take the booking out twice
-- and put it back twice. kpi_age_pending records the bookings taken out and not yet put back: a booking is
-- taken out once and put back once per statement, whichever rows of it the statement writes.
-- A bulk load (the demo's year of history, the bench's 200,000 bookings: one transaction of multi-row
-- INSERTs) sets pitlane.kpi_bulk = 'on' for its transaction, which the triggers skip, and rebuilds its
-- companies' rollups from the view once at the end (store.Tx.RebuildAgeRollups): a trigger per row there
-- made seeding take many minutes.

-- kpi_age_apply adds (sign 1) or subtracts (sign -1) the people of the bookings to the rollups.
-- +goose StatementBegin
CREATE FUNCTION kpi_age_apply(ids BIGINT[], sign BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO kpi_age_months (company_id, day, birth_month, people, year_sum)
    SELECT company_id, day, birth_md / 100, sign * COUNT(*), sign * SUM(birth_year) FROM kpi_age_people
    WHERE booking_id = ANY (ids) AND birth_md IS NOT NULL GROUP BY company_id, day, birth_md / 100
    ON CONFLICT (company_id, day, birth_month) DO UPDATE SET people = kpi_age_months.people + excluded.people,
        year_sum = kpi_age_months.year_sum + excluded.year_sum;
    INSERT INTO kpi_age_days (company_id, birth_md, day, people)
    SELECT company_id, birth_md, day, sign * COUNT(*) FROM kpi_age_people
    WHERE booking_id = ANY (ids) AND birth_md IS NOT NULL GROUP BY company_id, birth_md, day
    ON CONFLICT (company_id, birth_md, day) DO UPDATE SET people = kpi_age_days.people + excluded.people;
    INSERT INTO kpi_age_others (company_id, day, birthday, people)
    SELECT company_id, day, birthday, sign * COUNT(*) FROM kpi_age_people
    WHERE booking_id = ANY (ids) AND birth_md IS NULL GROUP BY company_id, day, birthday
    ON CONFLICT (company_id, day, birthday) DO UPDATE SET people = kpi_age_others.people + excluded.people;
$$;
-- +goose StatementEnd

-- kpi_age_take takes the bookings' people out of the rollups, once per statement (kpi_age_pending).
-- +goose StatementBegin
CREATE FUNCTION kpi_age_take(ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    todo BIGINT[];
BEGIN
    WITH taken AS (
        INSERT INTO kpi_age_pending (booking_id) SELECT DISTINCT id FROM unnest(ids) AS id WHERE id IS NOT NULL
        ON CONFLICT (booking_id) DO NOTHING RETURNING booking_id)
    SELECT array_agg(booking_id) INTO todo FROM taken;
    IF todo IS NOT NULL THEN
        PERFORM kpi_age_apply(todo, -1);
    END IF;
END;
$$;
-- +goose StatementEnd

-- kpi_age_put puts the people of the bookings taken out back into the rollups, as they are now.
-- +goose StatementBegin
CREATE FUNCTION kpi_age_put(ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    todo BIGINT[];
BEGIN
    WITH put AS (DELETE FROM kpi_age_pending WHERE booking_id = ANY (ids) RETURNING booking_id)
    SELECT array_agg(booking_id) INTO todo FROM put;
    IF todo IS NOT NULL THEN
        PERFORM kpi_age_apply(todo, 1);
    END IF;
END;
$$;
-- +goose StatementEnd

-- kpi_age_bulk tells whether the transaction is a bulk load that rebuilds the rollups itself.
-- +goose StatementBegin
CREATE FUNCTION kpi_age_bulk() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT COALESCE(current_setting('pitlane.kpi_bulk', true), '') = 'on'
$$;
-- +goose StatementEnd

-- The booking triggers.
-- +goose StatementBegin
CREATE FUNCTION kpi_ages_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF kpi_age_bulk() THEN
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    END IF;
    IF TG_OP = 'INSERT' THEN
        PERFORM kpi_age_apply(ARRAY[NEW.id], 1);
    ELSIF TG_WHEN = 'BEFORE' THEN
        PERFORM kpi_age_take(ARRAY[OLD.id]);
    ELSE
        PERFORM kpi_age_put(ARRAY[OLD.id]);
    END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER kpi_ages_booking_added AFTER INSERT ON bookings
FOR EACH ROW EXECUTE FUNCTION kpi_ages_booking();
CREATE TRIGGER kpi_ages_booking_before BEFORE UPDATE OF status, first_starts_at, birth_date, member_id, company_id ON bookings
FOR EACH ROW WHEN ((OLD.status = 'cancelada') IS DISTINCT FROM (NEW.status = 'cancelada') OR OLD.first_starts_at IS DISTINCT FROM NEW.first_starts_at
    OR OLD.birth_date IS DISTINCT FROM NEW.birth_date OR OLD.member_id IS DISTINCT FROM NEW.member_id OR OLD.company_id <> NEW.company_id)
EXECUTE FUNCTION kpi_ages_booking();
CREATE TRIGGER kpi_ages_booking_after AFTER UPDATE OF status, first_starts_at, birth_date, member_id, company_id ON bookings
FOR EACH ROW WHEN ((OLD.status = 'cancelada') IS DISTINCT FROM (NEW.status = 'cancelada') OR OLD.first_starts_at IS DISTINCT FROM NEW.first_starts_at
    OR OLD.birth_date IS DISTINCT FROM NEW.birth_date OR OLD.member_id IS DISTINCT FROM NEW.member_id OR OLD.company_id <> NEW.company_id)
EXECUTE FUNCTION kpi_ages_booking();
CREATE TRIGGER kpi_ages_booking_removed BEFORE DELETE ON bookings
FOR EACH ROW EXECUTE FUNCTION kpi_ages_booking();
CREATE TRIGGER kpi_ages_booking_gone AFTER DELETE ON bookings
FOR EACH ROW EXECUTE FUNCTION kpi_ages_booking();

-- The driver triggers: a driver linked to a member added, moved, relinked or removed.
-- +goose StatementBegin
CREATE FUNCTION kpi_ages_driver() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    ids BIGINT[];
BEGIN
    IF kpi_age_bulk() THEN
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    END IF;
    ids := CASE TG_OP WHEN 'INSERT' THEN ARRAY[NEW.booking_id] WHEN 'DELETE' THEN ARRAY[OLD.booking_id]
        ELSE ARRAY[OLD.booking_id, NEW.booking_id] END;
    IF TG_WHEN = 'BEFORE' THEN
        PERFORM kpi_age_take(ids);
    ELSE
        PERFORM kpi_age_put(ids);
    END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER kpi_ages_driver_before_insert BEFORE INSERT ON drivers
FOR EACH ROW WHEN (NEW.member_id IS NOT NULL) EXECUTE FUNCTION kpi_ages_driver();
CREATE TRIGGER kpi_ages_driver_after_insert AFTER INSERT ON drivers
FOR EACH ROW WHEN (NEW.member_id IS NOT NULL) EXECUTE FUNCTION kpi_ages_driver();
CREATE TRIGGER kpi_ages_driver_before_update BEFORE UPDATE OF member_id, booking_id ON drivers
FOR EACH ROW WHEN (OLD.member_id IS DISTINCT FROM NEW.member_id OR OLD.booking_id <> NEW.booking_id) EXECUTE FUNCTION kpi_ages_driver();
CREATE TRIGGER kpi_ages_driver_after_update AFTER UPDATE OF member_id, booking_id ON drivers
FOR EACH ROW WHEN (OLD.member_id IS DISTINCT FROM NEW.member_id OR OLD.booking_id <> NEW.booking_id) EXECUTE FUNCTION kpi_ages_driver();
CREATE TRIGGER kpi_ages_driver_before_delete BEFORE DELETE ON drivers
FOR EACH ROW WHEN (OLD.member_id IS NOT NULL) EXECUTE FUNCTION kpi_ages_driver();
CREATE TRIGGER kpi_ages_driver_after_delete AFTER DELETE ON drivers
FOR EACH ROW WHEN (OLD.member_id IS NOT NULL) EXECUTE FUNCTION kpi_ages_driver();

-- The member triggers: a birthday changed reaches the bookings the member made or drove in.
-- +goose StatementBegin
CREATE FUNCTION kpi_ages_member() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    ids BIGINT[];
BEGIN
    IF kpi_age_bulk() THEN
        RETURN NEW;
    END IF;
    SELECT array_agg(id) INTO ids FROM (SELECT id FROM bookings WHERE member_id = NEW.id
        UNION SELECT booking_id FROM drivers WHERE member_id = NEW.id) b;
    IF ids IS NOT NULL THEN
        IF TG_WHEN = 'BEFORE' THEN
            PERFORM kpi_age_take(ids);
        ELSE
            PERFORM kpi_age_put(ids);
        END IF;
    END IF;
    RETURN NEW;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER kpi_ages_member_before BEFORE UPDATE OF birthday ON members
FOR EACH ROW WHEN (OLD.birthday IS DISTINCT FROM NEW.birthday) EXECUTE FUNCTION kpi_ages_member();
CREATE TRIGGER kpi_ages_member_after AFTER UPDATE OF birthday ON members
FOR EACH ROW WHEN (OLD.birthday IS DISTINCT FROM NEW.birthday) EXECUTE FUNCTION kpi_ages_member();

-- Backfill: the people of the bookings already written.
INSERT INTO kpi_age_months (company_id, day, birth_month, people, year_sum)
SELECT company_id, day, birth_md / 100, COUNT(*), SUM(birth_year) FROM kpi_age_people
WHERE birth_md IS NOT NULL GROUP BY company_id, day, birth_md / 100;
INSERT INTO kpi_age_days (company_id, birth_md, day, people)
SELECT company_id, birth_md, day, COUNT(*) FROM kpi_age_people
WHERE birth_md IS NOT NULL GROUP BY company_id, birth_md, day;
INSERT INTO kpi_age_others (company_id, day, birthday, people)
SELECT company_id, day, birthday, COUNT(*) FROM kpi_age_people
WHERE birth_md IS NULL GROUP BY company_id, day, birthday;

-- +goose Down
DROP TRIGGER kpi_ages_member_after ON members;
DROP TRIGGER kpi_ages_member_before ON members;
DROP FUNCTION kpi_ages_member();
DROP TRIGGER kpi_ages_driver_after_delete ON drivers;
DROP TRIGGER kpi_ages_driver_before_delete ON drivers;
DROP TRIGGER kpi_ages_driver_after_update ON drivers;
DROP TRIGGER kpi_ages_driver_before_update ON drivers;
DROP TRIGGER kpi_ages_driver_after_insert ON drivers;
DROP TRIGGER kpi_ages_driver_before_insert ON drivers;
DROP FUNCTION kpi_ages_driver();
DROP TRIGGER kpi_ages_booking_gone ON bookings;
DROP TRIGGER kpi_ages_booking_removed ON bookings;
DROP TRIGGER kpi_ages_booking_after ON bookings;
DROP TRIGGER kpi_ages_booking_before ON bookings;
DROP TRIGGER kpi_ages_booking_added ON bookings;
DROP FUNCTION kpi_ages_booking();
DROP FUNCTION kpi_age_bulk();
DROP FUNCTION kpi_age_put(BIGINT[]);
DROP FUNCTION kpi_age_take(BIGINT[]);
DROP FUNCTION kpi_age_apply(BIGINT[], BIGINT);
DELETE FROM kpi_age_others;
DELETE FROM kpi_age_days;
DELETE FROM kpi_age_months;
