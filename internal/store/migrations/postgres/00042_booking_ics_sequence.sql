-- +goose Up
-- The calendar revision of a booking's sessions (issue 23, "move to another session"): every mail whose
-- .ics changes entries the customer's calendar already holds carries the same UIDs and a higher
-- SEQUENCE, or calendar programs ignore it. The confirmation publishes revision 0; a move by staff
-- raises it by one and sends METHOD:REQUEST with the new value; a later cancellation goes one higher.
ALTER TABLE bookings ADD COLUMN ics_sequence INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE bookings DROP COLUMN ics_sequence;
