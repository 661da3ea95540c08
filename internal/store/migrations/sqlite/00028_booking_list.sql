-- +goose Up
-- What the staff bookings list shows of a booking's lines and sessions, kept on the booking itself, so the
-- list reads one row per booking from one table (issue 13: a 31-day list of 24,000 bookings out of 200,000
-- spent most of its time seeking each booking's lines, sessions and circuits on scattered pages):
--   list_drivers   the drivers of all its lines;
--   list_sessions  its sessions (booking_slots rows);
--   list_first     the circuit-local 'YYYY-MM-DD HH:mm' of its first session (by start, then line, then
--                  position), NULL for a booking without a session (a voucher);
--   list_circuits  the circuits of its first line, each once, in the order of their first position, as ids
--                  separated by commas ('' when none): the store shows their names of the day.
-- group_concat takes the circuits in the order of its ordered subquery, not by group_concat(... ORDER BY):
-- that form needs SQLite 3.44, and a schema an older sqlite3 (Debian 12's is 3.40) cannot parse makes the
-- whole file unreadable to it, backups and inspection included.
-- The view booking_list_counts recounts them from the lines and sessions; triggers store its values in the
-- same transaction as any write to a booking's lines or sessions (both are written once, when the booking
-- is made; a later change lands as well). The PostgreSQL twin keeps the same columns with statement
-- triggers; TestBookingListCountsMatchRecount compares the columns with the view on both engines.
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
    COALESCE((SELECT group_concat(c.circuit_id, ',') FROM (
        SELECT bs.circuit_id, MIN(bs.position) AS first_position FROM booking_slots bs
        WHERE bs.booking_line_id = (SELECT MIN(bl.id) FROM booking_lines bl WHERE bl.booking_id = b.id)
        GROUP BY bs.circuit_id ORDER BY first_position) c), '') AS circuits
FROM bookings b;

UPDATE bookings SET (list_drivers, list_sessions, list_first, list_circuits) =
    (SELECT drivers, sessions, first, circuits FROM booking_list_counts v WHERE v.booking_id = bookings.id);

-- +goose StatementBegin
CREATE TRIGGER booking_list_line_added AFTER INSERT ON booking_lines
BEGIN
    UPDATE bookings SET (list_drivers, list_sessions, list_first, list_circuits) =
        (SELECT drivers, sessions, first, circuits FROM booking_list_counts v WHERE v.booking_id = bookings.id)
    WHERE id = NEW.booking_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER booking_list_line_removed AFTER DELETE ON booking_lines
BEGIN
    UPDATE bookings SET (list_drivers, list_sessions, list_first, list_circuits) =
        (SELECT drivers, sessions, first, circuits FROM booking_list_counts v WHERE v.booking_id = bookings.id)
    WHERE id = OLD.booking_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER booking_list_line_changed AFTER UPDATE OF booking_id, num_drivers ON booking_lines
BEGIN
    UPDATE bookings SET (list_drivers, list_sessions, list_first, list_circuits) =
        (SELECT drivers, sessions, first, circuits FROM booking_list_counts v WHERE v.booking_id = bookings.id)
    WHERE id IN (OLD.booking_id, NEW.booking_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER booking_list_slot_added AFTER INSERT ON booking_slots
BEGIN
    UPDATE bookings SET (list_drivers, list_sessions, list_first, list_circuits) =
        (SELECT drivers, sessions, first, circuits FROM booking_list_counts v WHERE v.booking_id = bookings.id)
    WHERE id = (SELECT booking_id FROM booking_lines WHERE id = NEW.booking_line_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER booking_list_slot_removed AFTER DELETE ON booking_slots
BEGIN
    UPDATE bookings SET (list_drivers, list_sessions, list_first, list_circuits) =
        (SELECT drivers, sessions, first, circuits FROM booking_list_counts v WHERE v.booking_id = bookings.id)
    WHERE id = (SELECT booking_id FROM booking_lines WHERE id = OLD.booking_line_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER booking_list_slot_changed AFTER UPDATE OF booking_line_id, position, circuit_id, starts_at, local_date,
    local_time ON booking_slots
BEGIN
    UPDATE bookings SET (list_drivers, list_sessions, list_first, list_circuits) =
        (SELECT drivers, sessions, first, circuits FROM booking_list_counts v WHERE v.booking_id = bookings.id)
    WHERE id IN (SELECT booking_id FROM booking_lines WHERE id IN (OLD.booking_line_id, NEW.booking_line_id));
END;
-- +goose StatementEnd

-- +goose Down
DROP INDEX booking_lines_booking;
CREATE INDEX booking_lines_booking ON booking_lines (booking_id);
DROP TRIGGER booking_list_slot_changed;
DROP TRIGGER booking_list_slot_removed;
DROP TRIGGER booking_list_slot_added;
DROP TRIGGER booking_list_line_changed;
DROP TRIGGER booking_list_line_removed;
DROP TRIGGER booking_list_line_added;
DROP VIEW booking_list_counts;
ALTER TABLE bookings DROP COLUMN list_circuits;
ALTER TABLE bookings DROP COLUMN list_first;
ALTER TABLE bookings DROP COLUMN list_sessions;
ALTER TABLE bookings DROP COLUMN list_drivers;
