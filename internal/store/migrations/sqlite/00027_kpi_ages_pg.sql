-- +goose Up
-- PostgreSQL's twin of this migration adds the age rollups' triggers there (SQLite has had them since
-- 00021). Nothing changes here; the file keeps both engines at the same version.
SELECT 1;

-- +goose Down
SELECT 1;
