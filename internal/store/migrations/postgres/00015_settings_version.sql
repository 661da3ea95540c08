-- +goose Up
-- The version of a company's booking settings (the settings dialog, issue 14): every save bumps it, and
-- a save based on an older version is refused (409) instead of overwriting a colleague's change.
ALTER TABLE companies ADD COLUMN settings_version BIGINT NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE companies DROP COLUMN settings_version;
