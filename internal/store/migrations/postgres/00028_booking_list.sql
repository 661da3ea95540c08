-- +goose Up
-- The PostgreSQL twin of the SQLite migration of the same name (read its comment): what the staff bookings
-- list shows of a booking's lines and sessions, kept on the booking by triggers. Here the triggers run once
-- per statement over its transition tables, so a batch of lines or sessions recounts its bookings in one
-- UPDATE.
ALTER TABLE bookings ADD COLUMN list_drivers INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN list_sessions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN list_first TEXT;
ALTER TABLE bookings ADD COLUMN list_circuits TEXT NOT NULL DEFAULT '';

-- A booking's first line is the smallest id of its lines: the index by booking holds the id in its key, so
-- the planner finds it there rather than walking the primary key (which it did on PostgreSQL).
DROP INDEX booking_lines_booking;
CREATE INDEX booking_lines_booking ON booking_lines (booking_id, id);

CREATE VIEW booking_list_counts AS
SELECT b.id AS booking_id,
    (SELECT COALESCE(SUM(bl.num_drivers), 0) FROM booking_lines bl WHERE bl.booking_id = b.id) AS drivers,
    (SELECT COUNT(*) FROM booking_lines bl JOIN booking_slots bs ON bs.booking_line_id = bl.id
        WHERE bl.booking_id = b.id) AS sessions,
    (SELECT bs.local_date || ' ' || substr(bs.local_time, 1, 5)
        FROM booking_lines bl JOIN booking_slots bs ON bs.booking_line_id = bl.id
        WHERE bl.booking_id = b.id ORDER BY bs.starts_at, bl.id, bs.position LIMIT 1) AS first,
    COALESCE((SELECT string_agg(c.circuit_id::text, ',' ORDER BY c.first_position) FROM (
        SELECT bs.circuit_id, MIN(bs.position) AS first_position FROM booking_slots bs
        WHERE bs.booking_line_id = (SELECT MIN(bl.id) FROM booking_lines bl WHERE bl.booking_id = b.id)
        GROUP BY bs.circuit_id) c), '') AS circuits
FROM bookings b;

-- The recount of the bookings named, and of the bookings of the lines named. They touch a few bookings
-- through their indexes, and are told to: in the demo's bulk load (one transaction, no statistics yet) the
-- planner took booking_slots for a few hundred rows and joined it by hashing the whole table for every
-- booking (2m24s instead of 14s for 20,000 bookings). The trigger functions below read only their
-- transition tables and hand the ids over.
-- +goose StatementBegin
CREATE FUNCTION booking_list_refresh(ids BIGINT[]) RETURNS void LANGUAGE sql AS $$
    UPDATE bookings b SET (list_drivers, list_sessions, list_first, list_circuits) =
        (SELECT v.drivers, v.sessions, v.first, v.circuits FROM booking_list_counts v WHERE v.booking_id = b.id)
    WHERE b.id = ANY (ids);
$$ SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION booking_list_refresh_lines(line_ids BIGINT[]) RETURNS void LANGUAGE sql AS $$
    SELECT booking_list_refresh(ARRAY(SELECT DISTINCT bl.booking_id FROM booking_lines bl WHERE bl.id = ANY (line_ids)));
$$ SET enable_seqscan = off;
-- +goose StatementEnd

SELECT booking_list_refresh(ARRAY(SELECT id FROM bookings));

-- The lines' statement triggers: the bookings of the lines written (old and new rows of an update).
-- +goose StatementBegin
CREATE FUNCTION booking_list_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM booking_list_refresh(ARRAY(SELECT DISTINCT booking_id FROM new_lines));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM booking_list_refresh(ARRAY(SELECT DISTINCT booking_id FROM old_lines));
    ELSE
        PERFORM booking_list_refresh(ARRAY(SELECT booking_id FROM old_lines UNION SELECT booking_id FROM new_lines));
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER booking_list_line_added AFTER INSERT ON booking_lines
REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION booking_list_lines();
CREATE TRIGGER booking_list_line_removed AFTER DELETE ON booking_lines
REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION booking_list_lines();
CREATE TRIGGER booking_list_line_changed AFTER UPDATE ON booking_lines
REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION booking_list_lines();

-- The sessions' statement triggers: the bookings of the sessions' lines.
-- +goose StatementBegin
CREATE FUNCTION booking_list_slots() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM booking_list_refresh_lines(ARRAY(SELECT DISTINCT booking_line_id FROM new_slots));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM booking_list_refresh_lines(ARRAY(SELECT DISTINCT booking_line_id FROM old_slots));
    ELSE
        PERFORM booking_list_refresh_lines(ARRAY(SELECT booking_line_id FROM old_slots
            UNION SELECT booking_line_id FROM new_slots));
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER booking_list_slot_added AFTER INSERT ON booking_slots
REFERENCING NEW TABLE AS new_slots FOR EACH STATEMENT EXECUTE FUNCTION booking_list_slots();
CREATE TRIGGER booking_list_slot_removed AFTER DELETE ON booking_slots
REFERENCING OLD TABLE AS old_slots FOR EACH STATEMENT EXECUTE FUNCTION booking_list_slots();
CREATE TRIGGER booking_list_slot_changed AFTER UPDATE ON booking_slots
REFERENCING OLD TABLE AS old_slots NEW TABLE AS new_slots FOR EACH STATEMENT EXECUTE FUNCTION booking_list_slots();

-- +goose Down
DROP INDEX booking_lines_booking;
CREATE INDEX booking_lines_booking ON booking_lines (booking_id);
DROP TRIGGER booking_list_slot_changed ON booking_slots;
DROP TRIGGER booking_list_slot_removed ON booking_slots;
DROP TRIGGER booking_list_slot_added ON booking_slots;
DROP FUNCTION booking_list_slots();
DROP TRIGGER booking_list_line_changed ON booking_lines;
DROP TRIGGER booking_list_line_removed ON booking_lines;
DROP TRIGGER booking_list_line_added ON booking_lines;
DROP FUNCTION booking_list_lines();
DROP FUNCTION booking_list_refresh_lines(BIGINT[]);
DROP FUNCTION booking_list_refresh(BIGINT[]);
DROP VIEW booking_list_counts;
ALTER TABLE bookings DROP COLUMN list_circuits;
ALTER TABLE bookings DROP COLUMN list_first;
ALTER TABLE bookings DROP COLUMN list_sessions;
ALTER TABLE bookings DROP COLUMN list_drivers;
