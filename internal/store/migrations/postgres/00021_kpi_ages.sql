-- +goose Up
-- The drivers' average age (kpi/participant?age=true, internal/report) without reading every booking of
-- the year: rollups of the people a booking counts (the drivers linked to a member, and the contact unless
-- one of those drivers is the contact's member; store/reports_ages.go), kept by triggers in the same
-- transaction as any write to bookings, drivers or a member's birthday. The people of a booking are the
-- view kpi_age_people; every trigger takes the booking's rows out of the rollups before the write and puts
-- them back after it, so a cancellation, a moved booking, a driver added or a birthday changed all land.
-- Keys: the company, the UTC day of the booking's first session (first_starts_at / 86400000; the store
-- reads whole UTC days from the rollups and the partial days at the period's ends from the bookings), and:
--   kpi_age_months  birth month: people and the sum of their birth years;
--   kpi_age_days    birth month-day: people (only the period's last month is read, for whole years);
--   kpi_age_others  the raw birthday, for what is not a valid date born 2 to 118 years before the session's
--                   UTC year (typing errors, babies, centenarians): counted one by one, exactly as before.
-- For a valid date born 2 to 118 years before the session's year, the age on a day of the same, previous or
-- the two next years is within 0..120, so the sums give the exact average age.
-- (Since migration 00027 PostgreSQL keeps these rollups too, by triggers that a bulk load can pause.)
-- The SQLite twin of this file declares the same tables, view and columns and keeps them by triggers. HERE
-- THE TABLES STAY EMPTY, with no triggers and no backfill: the same triggers in PL/pgSQL made seeding a
-- year of history in one transaction (the demo, the bench) take many minutes, a cost not understood yet
-- (docs/performance.md, "Back office"), so store.Reports.Ages reads the bookings on PostgreSQL as before.
CREATE TABLE kpi_age_months (
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    birth_month BIGINT NOT NULL,
    people BIGINT NOT NULL DEFAULT 0,
    year_sum BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, day, birth_month)
);

CREATE TABLE kpi_age_days (
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    birth_md BIGINT NOT NULL,
    day BIGINT NOT NULL,
    people BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, birth_md, day)
);

CREATE TABLE kpi_age_others (
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    birthday TEXT NOT NULL,
    people BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, day, birthday)
);

-- The bookings taken out of the rollups by a statement still running (PostgreSQL's triggers; see there).
CREATE TABLE kpi_age_pending (
    booking_id BIGINT PRIMARY KEY
);

-- A member's birthday reaches the bookings they made.
CREATE INDEX bookings_member ON bookings (member_id);

-- The people each booking counts (the query store.Reports.Birthdays reads), with its first session's start,
-- the UTC day of it and, for a valid date in the band above, its month-day (MMDD) and year.
CREATE VIEW kpi_age_people AS
SELECT booking_id, company_id, starts_at, day, birthday,
    CASE WHEN y BETWEEN sy - 118 AND sy - 2 AND m BETWEEN 1 AND 12 AND d BETWEEN 1 AND
        CASE WHEN m = 2 THEN CASE WHEN (y % 4 = 0 AND y % 100 <> 0) OR y % 400 = 0 THEN 29 ELSE 28 END
            WHEN m IN (4, 6, 9, 11) THEN 30 ELSE 31 END
    THEN m * 100 + d END AS birth_md,
    y AS birth_year
FROM (
    SELECT p.booking_id, p.company_id, p.starts_at, p.day, p.sy, p.birthday,
        CASE WHEN p.birthday ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN CAST(substr(p.birthday, 1, 4) AS BIGINT) END AS y,
        CASE WHEN p.birthday ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN CAST(substr(p.birthday, 6, 2) AS BIGINT) END AS m,
        CASE WHEN p.birthday ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN CAST(substr(p.birthday, 9, 2) AS BIGINT) END AS d
    FROM (
        SELECT b.id AS booking_id, b.company_id, b.first_starts_at AS starts_at, b.first_starts_at / 86400000 AS day, CAST(EXTRACT(YEAR FROM to_timestamp(b.first_starts_at / 1000) AT TIME ZONE 'UTC') AS BIGINT) AS sy,
            m.birthday AS birthday
        FROM drivers dr JOIN bookings b ON b.id = dr.booking_id JOIN members m ON m.id = dr.member_id
        WHERE b.status <> 'cancelada' AND b.first_starts_at IS NOT NULL
        AND m.birthday IS NOT NULL AND m.birthday <> ''
        UNION ALL
        SELECT b.id, b.company_id, b.first_starts_at, b.first_starts_at / 86400000, CAST(EXTRACT(YEAR FROM to_timestamp(b.first_starts_at / 1000) AT TIME ZONE 'UTC') AS BIGINT),
            COALESCE(NULLIF(b.birth_date, ''), cm.birthday)
        FROM bookings b LEFT JOIN members cm ON cm.id = b.member_id
        WHERE b.status <> 'cancelada' AND b.first_starts_at IS NOT NULL
        AND (b.birth_date <> '' OR b.member_id IS NOT NULL)
        AND COALESCE(NULLIF(b.birth_date, ''), cm.birthday, '') <> ''
        AND (b.member_id IS NULL OR NOT EXISTS (SELECT 1 FROM drivers d2 WHERE d2.booking_id = b.id AND d2.member_id = b.member_id))
    ) p
) q;

-- +goose Down
DROP VIEW kpi_age_people;
DROP INDEX bookings_member;
DROP TABLE kpi_age_pending;
DROP TABLE kpi_age_others;
DROP TABLE kpi_age_days;
DROP TABLE kpi_age_months;
