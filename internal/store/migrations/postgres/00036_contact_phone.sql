-- +goose Up
-- The circuit's contact phone (issue 26): what the cancel page and the mails give a customer whose
-- booking can no longer be cancelled online, beside the contact e-mail. Empty: none. Stored as staff
-- typed it (E.164 after the settings' check), shown left to right.
ALTER TABLE companies ADD COLUMN contact_phone TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE companies DROP COLUMN contact_phone;
