-- +goose Up
-- Arrival marks (issue 23, "Check-in"): the counter marks a booking arrived, at most once. One row per
-- arrived booking, so that two marks at once, a double tap or an offline queue replayed leave one arrival
-- (the primary key decides; INSERT … ON CONFLICT DO NOTHING tells the second mark that it came second).
-- Undoing a mark deletes the row; the audit log keeps both. arrived_by_email keeps the author readable
-- after the staff member is removed. Index booking_arrivals_company serves a company's clean-up.
CREATE TABLE booking_arrivals (
    booking_id BIGINT PRIMARY KEY REFERENCES bookings(id) ON DELETE CASCADE,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    arrived_at BIGINT NOT NULL,
    arrived_by BIGINT REFERENCES admin_users(id) ON DELETE SET NULL,
    arrived_by_email TEXT NOT NULL DEFAULT ''
);
CREATE INDEX booking_arrivals_company ON booking_arrivals (company_id, arrived_at);

-- +goose Down
DROP TABLE booking_arrivals;
