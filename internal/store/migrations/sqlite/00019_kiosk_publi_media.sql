-- +goose Up
-- Issue 15. The kiosk's settings per company: the culture it starts in (NULL: the company's default
-- culture) and the seconds without a touch after which it goes back to its start.
ALTER TABLE companies ADD COLUMN kiosk_language TEXT;
ALTER TABLE companies ADD COLUMN kiosk_idle_seconds INTEGER NOT NULL DEFAULT 90;

-- Uploaded images are content-addressed: sha256 is the hex SHA-256 of bytes, the file name of the
-- image's address (/api/publi/image/{sha256}.jpg). One row per company and image.
ALTER TABLE media ADD COLUMN sha256 TEXT;
CREATE UNIQUE INDEX media_company_sha256 ON media (company_id, sha256);
CREATE INDEX media_sha256 ON media (sha256);

-- +goose Down
DROP INDEX media_sha256;
DROP INDEX media_company_sha256;
ALTER TABLE media DROP COLUMN sha256;
ALTER TABLE companies DROP COLUMN kiosk_idle_seconds;
ALTER TABLE companies DROP COLUMN kiosk_language;
