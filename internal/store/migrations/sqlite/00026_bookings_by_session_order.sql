-- +goose Up
-- The staff bookings list by session date reads a range of booking_date and returns the bookings in
-- session order. With first_starts_at in the index (ties in id order, the index's row order), the range
-- scan already yields that order: the database streams a busy month's rows instead of sorting them all
-- before the first one (issue 13's 31-day query at 200,000 bookings).
DROP INDEX bookings_company_date;
CREATE INDEX bookings_company_date ON bookings (company_id, booking_date, first_starts_at);

-- +goose Down
DROP INDEX bookings_company_date;
CREATE INDEX bookings_company_date ON bookings (company_id, booking_date);
