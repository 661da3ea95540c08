-- +goose Up
-- The waiting list's KPIs (issue 27): when an entry was offered its places (offered_at), when its offer
-- was taken (booked_at) and by which booking (booking_id), so the KPI screen counts offers, offers
-- taken and their revenue by period. Entries offered before this migration keep NULLs (not counted).
-- The other engine's twin of this file declares the same columns.
ALTER TABLE waitlist_entries ADD COLUMN offered_at BIGINT;
ALTER TABLE waitlist_entries ADD COLUMN booked_at BIGINT;
ALTER TABLE waitlist_entries ADD COLUMN booking_id BIGINT REFERENCES bookings(id) ON DELETE SET NULL;
CREATE INDEX waitlist_company_created ON waitlist_entries (company_id, created_at);

-- +goose Down
DROP INDEX waitlist_company_created;
ALTER TABLE waitlist_entries DROP COLUMN booking_id;
ALTER TABLE waitlist_entries DROP COLUMN booked_at;
ALTER TABLE waitlist_entries DROP COLUMN offered_at;
