-- +goose Up
-- Issue 15. The kiosk's settings per company: the culture it starts in (NULL: the company's default
-- culture) and the seconds without a touch after which it goes back to its start.
ALTER TABLE companies ADD COLUMN kiosk_language TEXT;
ALTER TABLE companies ADD COLUMN kiosk_idle_seconds INTEGER NOT NULL DEFAULT 90;

-- Advertising images are content-addressed in media like product images (00016): sha256 is the file
-- name of the image's address (/api/publi/image/{sha256}.jpg).

-- +goose Down
ALTER TABLE companies DROP COLUMN kiosk_idle_seconds;
ALTER TABLE companies DROP COLUMN kiosk_language;
