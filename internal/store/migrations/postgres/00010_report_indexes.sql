-- +goose Up
-- KPI queries (store/reports.go) range over instants: payment entries by the day they were recorded, the
-- sessions of a period by their start, members by the day they joined. The first two indexes cover
-- their query's columns, so a year of entries or sessions is read from the index alone.
CREATE INDEX payment_entries_created ON payment_entries (created_at, payment_id, kind, amount_cents, booking_id);
CREATE INDEX booking_slots_starts ON booking_slots (starts_at, booking_line_id, circuit_id, places);
CREATE INDEX members_company_created ON members (company_id, created_at);

-- +goose Down
DROP INDEX members_company_created;
DROP INDEX booking_slots_starts;
DROP INDEX payment_entries_created;
