-- +goose Up
-- The short human reference of a booking (issue 16): 8 characters of an alphabet without 0/O/1/I
-- (checkout.NewReference), unique per company, shown as ABCD-2345 in the done page, the mails and the
-- .ics, and searched by staff. Set by the store right after a booking row is written (a unique
-- violation draws again); rows written before this migration, or by code that does not set it, are
-- given one by (*store.DB).BackfillReferences at start-up and after the demo seeding.
ALTER TABLE bookings ADD COLUMN reference TEXT;
CREATE UNIQUE INDEX bookings_company_reference ON bookings (company_id, reference);

-- The circuit's postal address (the .ics LOCATION) and contact address (the mails' Reply-To).
ALTER TABLE companies ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN contact_email TEXT NOT NULL DEFAULT '';

-- The sender's display name (the circuit's) and the Reply-To of an outgoing mail; the sender's address
-- stays the configured one (PITLANE_MAIL_FROM).
ALTER TABLE outbox_emails ADD COLUMN from_name TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox_emails ADD COLUMN reply_to TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE outbox_emails DROP COLUMN reply_to;
ALTER TABLE outbox_emails DROP COLUMN from_name;
ALTER TABLE companies DROP COLUMN contact_email;
ALTER TABLE companies DROP COLUMN address;
DROP INDEX bookings_company_reference;
ALTER TABLE bookings DROP COLUMN reference;
