-- +goose Up
-- Staff search over all dates (issue 23): a booking is found by its reference (index
-- bookings_company_reference, migration 00013), by the start of its customer's name, of the name's
-- second or third word, or of the e-mail, or by the phone's last 6 digits, each through an index on
-- (company_id, key), so a search costs a few index seeks whatever the number of bookings. The keys are
-- generated columns, so no writer of bookings (checkout, events, the demo's bulk load, tests) can forget
-- them. Names and e-mails are folded to lower case, including the capital letters of the seven languages'
-- alphabets that SQLite's LOWER (ASCII only) leaves alone; on PostgreSQL the keys compare bytewise
-- (COLLATE "C"), so a prefix is a contiguous range of the index on both engines. Phone digits: spaces,
-- dashes, '+', brackets, dots and slashes taken out.
ALTER TABLE bookings ADD COLUMN search_name TEXT GENERATED ALWAYS AS (LOWER(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(TRIM(contact_name || ' ' || COALESCE(contact_surname, '')), 'Á', 'á'), 'É', 'é'), 'Í', 'í'), 'Ó', 'ó'), 'Ú', 'ú'), 'À', 'à'), 'È', 'è'), 'Ê', 'ê'), 'Ü', 'ü'), 'Ñ', 'ñ'), 'Ç', 'ç'), 'Æ', 'æ'), 'Ø', 'ø'), 'Å', 'å'), 'Ä', 'ä'), 'Ö', 'ö'))) VIRTUAL;
ALTER TABLE bookings ADD COLUMN search_name2 TEXT GENERATED ALWAYS AS (LOWER(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(SUBSTR(TRIM(contact_name || ' ' || COALESCE(contact_surname, '')), INSTR(TRIM(contact_name || ' ' || COALESCE(contact_surname, '')), ' ') + 1), 'Á', 'á'), 'É', 'é'), 'Í', 'í'), 'Ó', 'ó'), 'Ú', 'ú'), 'À', 'à'), 'È', 'è'), 'Ê', 'ê'), 'Ü', 'ü'), 'Ñ', 'ñ'), 'Ç', 'ç'), 'Æ', 'æ'), 'Ø', 'ø'), 'Å', 'å'), 'Ä', 'ä'), 'Ö', 'ö'))) VIRTUAL;
ALTER TABLE bookings ADD COLUMN search_name3 TEXT GENERATED ALWAYS AS (LOWER(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(SUBSTR(SUBSTR(TRIM(contact_name || ' ' || COALESCE(contact_surname, '')), INSTR(TRIM(contact_name || ' ' || COALESCE(contact_surname, '')), ' ') + 1), INSTR(SUBSTR(TRIM(contact_name || ' ' || COALESCE(contact_surname, '')), INSTR(TRIM(contact_name || ' ' || COALESCE(contact_surname, '')), ' ') + 1), ' ') + 1), 'Á', 'á'), 'É', 'é'), 'Í', 'í'), 'Ó', 'ó'), 'Ú', 'ú'), 'À', 'à'), 'È', 'è'), 'Ê', 'ê'), 'Ü', 'ü'), 'Ñ', 'ñ'), 'Ç', 'ç'), 'Æ', 'æ'), 'Ø', 'ø'), 'Å', 'å'), 'Ä', 'ä'), 'Ö', 'ö'))) VIRTUAL;
ALTER TABLE bookings ADD COLUMN search_email TEXT GENERATED ALWAYS AS (LOWER(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(email, 'Á', 'á'), 'É', 'é'), 'Í', 'í'), 'Ó', 'ó'), 'Ú', 'ú'), 'À', 'à'), 'È', 'è'), 'Ê', 'ê'), 'Ü', 'ü'), 'Ñ', 'ñ'), 'Ç', 'ç'), 'Æ', 'æ'), 'Ø', 'ø'), 'Å', 'å'), 'Ä', 'ä'), 'Ö', 'ö'))) VIRTUAL;
ALTER TABLE bookings ADD COLUMN phone_tail TEXT GENERATED ALWAYS AS (SUBSTR(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), '/', ''), -6)) VIRTUAL;
CREATE INDEX bookings_company_search_name ON bookings (company_id, search_name);
CREATE INDEX bookings_company_search_name2 ON bookings (company_id, search_name2);
CREATE INDEX bookings_company_search_name3 ON bookings (company_id, search_name3);
CREATE INDEX bookings_company_search_email ON bookings (company_id, search_email);
CREATE INDEX bookings_company_phone_tail ON bookings (company_id, phone_tail);

-- +goose Down
DROP INDEX bookings_company_search_name;
DROP INDEX bookings_company_search_name2;
DROP INDEX bookings_company_search_name3;
DROP INDEX bookings_company_search_email;
DROP INDEX bookings_company_phone_tail;
ALTER TABLE bookings DROP COLUMN search_name;
ALTER TABLE bookings DROP COLUMN search_name2;
ALTER TABLE bookings DROP COLUMN search_name3;
ALTER TABLE bookings DROP COLUMN search_email;
ALTER TABLE bookings DROP COLUMN phone_tail;
