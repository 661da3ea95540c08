-- +goose Up
-- Two more kinds of login_failures rows (docs/architecture.md, "Staff sessions and CSRF"):
--   'pair'    a failed sign-in per (address, e-mail): the key is the address, a space, the e-mail. The
--             pair and the address refuse at their limits; the account alone only asks for the captcha,
--             so guesses from elsewhere cannot lock its owner out.
--   'reauth'  a wrong current password (password or e-mail change) per user: the key is the user's id.
-- The other engine's twin of this file declares the same tables and columns.
ALTER TABLE login_failures DROP CONSTRAINT login_failures_scope_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_scope_check CHECK (scope IN ('account', 'pair', 'address', 'reauth'));

-- +goose Down
DELETE FROM login_failures WHERE scope NOT IN ('account', 'address');
ALTER TABLE login_failures DROP CONSTRAINT login_failures_scope_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_scope_check CHECK (scope IN ('account', 'address'));
