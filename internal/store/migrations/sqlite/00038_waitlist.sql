-- +goose Up
-- The waiting list (issue 27; docs/architecture.md "Waiting list"):
--   companies.waitlist_enabled        the list is offered on full sessions (off by default: an existing
--                                     company opts in from Settings; the demo companies turn it on).
--   companies.waitlist_offer_minutes  how long an offer holds its places (default 30).
--   waitlist_entries                  one visitor waiting for places in one session. session_key names the
--                                     session on both engines without NULLs ("c:<circuit>:<startsAt>", or
--                                     "e:<event product>" for an event), so that one e-mail (email_key, lower
--                                     case) waits once per session. position is the join order (the id).
--                                     state: waiting → offered → booked, or → expired / left. While offered,
--                                     offer_hold_id is the hold (in a cart of its own, offer_cart_token) that
--                                     keeps the places for the entry until offer_expires_at; only the SHA-256
--                                     of the offer link's token is kept (offer_token_hash). leave_token is 256
--                                     random bits, the key of the "leave the list" link in every mail.
--                                     offers counts the offers made, the key of each offer mail.
-- The other engine's twin of this file declares the same tables and columns.
ALTER TABLE companies ADD COLUMN waitlist_enabled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE companies ADD COLUMN waitlist_offer_minutes INTEGER NOT NULL DEFAULT 30;
CREATE TABLE waitlist_entries (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    session_key TEXT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    circuit_id BIGINT,
    starts_at BIGINT NOT NULL,
    local_date TEXT NOT NULL,
    local_time TEXT NOT NULL,
    unit_cents BIGINT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    drivers INTEGER NOT NULL CHECK (drivers >= 1),
    culture TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'offered', 'booked', 'expired', 'left')),
    offer_hold_id BIGINT REFERENCES holds(id) ON DELETE SET NULL,
    offer_cart_token TEXT,
    offer_expires_at BIGINT,
    offer_token_hash TEXT UNIQUE,
    offers INTEGER NOT NULL DEFAULT 0,
    leave_token TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX waitlist_one_per_email ON waitlist_entries (company_id, session_key, email_key);
CREATE INDEX waitlist_session ON waitlist_entries (session_key, state, id);
CREATE INDEX waitlist_offers ON waitlist_entries (state, offer_expires_at);

-- +goose Down
DROP TABLE waitlist_entries;
ALTER TABLE companies DROP COLUMN waitlist_offer_minutes;
ALTER TABLE companies DROP COLUMN waitlist_enabled;
