-- +goose Up
-- Checkout: turning pre-bookings into bookings (internal/checkout).
-- A hold that waits for an online payment stays live (it keeps counting against capacity) and is linked
-- to its pending booking here; holds.booking_id is set only when its places become booked places.
-- No foreign key: housekeeping may delete a dead hold of a pending booking, whose booking_slots stay the
-- record of what to book if the payment arrives late.
ALTER TABLE holds ADD COLUMN pending_booking_id BIGINT;
CREATE INDEX holds_pending_booking ON holds (pending_booking_id);
CREATE INDEX holds_cart ON holds (cart_id);
CREATE INDEX cart_lines_cart ON cart_lines (cart_id);

-- 1 while the booking's sessions are counted in slots.booked (set when its holds are converted, cleared
-- when a cancellation gives the places back), so places are never released twice or never taken.
ALTER TABLE bookings ADD COLUMN places_booked INTEGER NOT NULL DEFAULT 0;
CREATE INDEX booking_lines_booking ON booking_lines (booking_id);
-- The pre-booking a line was made from (no foreign key: booking_lines.hold_id is set only once the
-- hold's places are booked, since housekeeping deletes dead holds that never became a booking).
ALTER TABLE booking_lines ADD COLUMN hold_identifier TEXT;
CREATE INDEX drivers_booking ON drivers (booking_id);

-- Reconciliation looks for payments still 'created' some minutes after they were created.
CREATE INDEX payments_status_created ON payments (status, created_at);
CREATE INDEX payments_booking ON payments (booking_id);
CREATE INDEX payment_entries_payment ON payment_entries (payment_id);

-- +goose Down
SELECT 'down migrations are not supported: restore from a backup';
