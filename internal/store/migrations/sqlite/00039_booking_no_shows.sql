-- +goose Up
-- No-show marks (issue 23, "mark arrived or no-show"): the counter records that a booking's customer did
-- not come, once the session has started. One row per booking, as booking_arrivals (00037): a booking is
-- arrived, a no-show or neither, never both (marking it arrived removes the no-show; a no-show is refused
-- while it is marked arrived). Undoing deletes the row; the audit log keeps both.
CREATE TABLE booking_no_shows (
    booking_id BIGINT PRIMARY KEY REFERENCES bookings(id) ON DELETE CASCADE,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    marked_at BIGINT NOT NULL,
    marked_by BIGINT REFERENCES admin_users(id) ON DELETE SET NULL,
    marked_by_email TEXT NOT NULL DEFAULT ''
);
CREATE INDEX booking_no_shows_company ON booking_no_shows (company_id, marked_at);

-- +goose Down
DROP TABLE booking_no_shows;
