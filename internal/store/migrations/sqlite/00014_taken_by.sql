-- +goose Up
-- Who took a booking: the admin user whose signed-in session made it through the booking flow
-- without online payment (pay at the circuit); NULL for every customer booking.
ALTER TABLE bookings ADD COLUMN taken_by BIGINT REFERENCES admin_users(id) ON DELETE SET NULL;

-- +goose Down
ALTER TABLE bookings DROP COLUMN taken_by;
