-- +goose Up
-- Product images are content-addressed: the back office uploads a photo, the server re-encodes it and
-- keeps it in media under the SHA-256 of the stored bytes, and serves it at /api/product/image/<sha256>.png
-- with immutable caching (the same bytes always have the same address, new bytes a new one). The
-- advertising images (00019) are kept the same way. One row per company and image: a company's images
-- are its own (the advertising dialog may only name images its company uploaded).
ALTER TABLE media ADD COLUMN sha256 TEXT;
CREATE UNIQUE INDEX media_company_sha256 ON media (company_id, sha256);
CREATE INDEX media_sha256 ON media (sha256);

-- +goose Down
DROP INDEX media_sha256;
DROP INDEX media_company_sha256;
ALTER TABLE media DROP COLUMN sha256;
