-- +goose Up
-- The whole Pitlane data model. Conventions (docs/architecture.md):
--   money is BIGINT cents; instants (*_at) are BIGINT Unix milliseconds, UTC;
--   a circuit's local dates are TEXT 'YYYY-MM-DD' and times TEXT 'HH:MM:SS';
--   flags are INTEGER 0/1; JSON documents are TEXT; tokens that grant an action are stored as
--   SHA-256 hex (*_hash), never in clear.
-- The PostgreSQL twin of this file must declare the same tables and columns (a test checks).

CREATE TABLE companies (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    public_key TEXT NOT NULL UNIQUE,
    token TEXT NOT NULL UNIQUE,
    default_culture TEXT NOT NULL DEFAULT 'en-GB',
    country TEXT NOT NULL DEFAULT 'GB',
    currency TEXT NOT NULL DEFAULT 'EUR',
    currency_symbol TEXT NOT NULL DEFAULT '€',
    time_zone TEXT NOT NULL DEFAULT 'Europe/Madrid',
    logo TEXT NOT NULL DEFAULT '',
    footer_image TEXT,
    primary_color TEXT NOT NULL DEFAULT '#1c7ed6',
    secondary_color TEXT NOT NULL DEFAULT '#0b3d91',
    feature_licences INTEGER NOT NULL DEFAULT 0,
    payments_active INTEGER NOT NULL DEFAULT 0,
    payment_provider TEXT NOT NULL DEFAULT 'simulated',
    voucher_mode INTEGER NOT NULL DEFAULT 0,
    enable_grouped_products INTEGER NOT NULL DEFAULT 0,
    show_events_in_booking INTEGER NOT NULL DEFAULT 0,
    show_emails INTEGER NOT NULL DEFAULT 0,
    email_optional INTEGER NOT NULL DEFAULT 1,
    show_users_available INTEGER NOT NULL DEFAULT 1,
    max_participants INTEGER NOT NULL DEFAULT -1,
    max_slots_booking INTEGER NOT NULL DEFAULT 3,
    cancel_booking_max_days INTEGER NOT NULL DEFAULT 0,
    is_refund_enabled INTEGER NOT NULL DEFAULT 0,
    publi TEXT NOT NULL DEFAULT '{}',
    web_url TEXT,
    newsletter_url TEXT,
    whatsapp_info TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE company_notify_emails (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('confirmation', 'cancellation', 'problem')),
    email TEXT NOT NULL,
    UNIQUE (company_id, kind, email)
);

CREATE TABLE installations (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    time_zone TEXT NOT NULL DEFAULT 'Europe/Madrid',
    enable_booking INTEGER NOT NULL DEFAULT 1,
    interval_minutes INTEGER NOT NULL DEFAULT 15 CHECK (interval_minutes BETWEEN 1 AND 480),
    opening_time TEXT NOT NULL DEFAULT '08:00',
    closing_time TEXT NOT NULL DEFAULT '23:00',
    max_participants INTEGER NOT NULL DEFAULT 12 CHECK (max_participants >= 1),
    max_days_booking INTEGER NOT NULL DEFAULT 30 CHECK (max_days_booking >= 1),
    disable_hours_booking INTEGER NOT NULL DEFAULT 0 CHECK (disable_hours_booking BETWEEN 0 AND 24),
    date_limit_enabled INTEGER NOT NULL DEFAULT 0,
    date_limit_date TEXT,
    general_schedule TEXT NOT NULL DEFAULT '{}',
    rules TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE special_schedules (
    id INTEGER PRIMARY KEY,
    installation_id BIGINT NOT NULL REFERENCES installations(id) ON DELETE CASCADE,
    date_from TEXT NOT NULL,
    date_to TEXT NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0,
    open24h INTEGER NOT NULL DEFAULT 0,
    periods TEXT NOT NULL DEFAULT '[]',
    created_at BIGINT NOT NULL
);
CREATE INDEX special_schedules_installation ON special_schedules (installation_id, date_from);

CREATE TABLE circuits (
    id INTEGER PRIMARY KEY,
    installation_id BIGINT NOT NULL REFERENCES installations(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    UNIQUE (installation_id, name)
);

CREATE TABLE variants (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    circuit_id BIGINT NOT NULL REFERENCES circuits(id),
    id_local TEXT NOT NULL,
    name TEXT NOT NULL,
    UNIQUE (company_id, id_local)
);

CREATE TABLE admin_users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE memberships (
    user_id BIGINT NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('ADMIN', 'SUPERADMIN')),
    PRIMARY KEY (user_id, company_id)
);

CREATE TABLE admin_sessions (
    id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT
);

CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    public_key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    team INTEGER NOT NULL DEFAULT 0,
    date_start TEXT NOT NULL,
    date_end TEXT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    template_html TEXT NOT NULL DEFAULT '',
    data TEXT NOT NULL DEFAULT '{}',
    add_to_landing INTEGER NOT NULL DEFAULT 0,
    landing_link TEXT,
    landing_is_new INTEGER NOT NULL DEFAULT 0,
    landing_is_disabled INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX events_company_start ON events (company_id, starts_at);

CREATE TABLE event_categories (
    id INTEGER PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    excluding INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE event_category_options (
    id INTEGER PRIMARY KEY,
    category_id BIGINT NOT NULL REFERENCES event_categories(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    short_name TEXT NOT NULL,
    checked INTEGER NOT NULL DEFAULT 0,
    disabled INTEGER NOT NULL DEFAULT 0,
    position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('PRODUCT', 'PACK', 'EVENT')),
    id_local TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT,
    image TEXT,
    price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
    is_active INTEGER NOT NULL DEFAULT 1,
    max_stock BIGINT,
    is_dynamic_price INTEGER NOT NULL DEFAULT 0,
    data TEXT NOT NULL DEFAULT '{}',
    category_id BIGINT REFERENCES categories(id) ON DELETE SET NULL,
    variant_id BIGINT REFERENCES variants(id),
    event_id BIGINT REFERENCES events(id) ON DELETE CASCADE,
    expiration_date TEXT,
    position INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    deleted_at BIGINT
);
CREATE INDEX products_company ON products (company_id, kind);

CREATE TABLE pack_items (
    pack_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products(id),
    position INTEGER NOT NULL,
    PRIMARY KEY (pack_id, position)
);

-- One row per (circuit, session start) that anyone has asked to hold: the lock row that serialises
-- capacity decisions for that session, and the count of places turned into bookings.
CREATE TABLE slots (
    circuit_id BIGINT NOT NULL REFERENCES circuits(id) ON DELETE CASCADE,
    starts_at BIGINT NOT NULL,
    local_date TEXT NOT NULL,
    local_time TEXT NOT NULL,
    capacity INTEGER NOT NULL,
    booked INTEGER NOT NULL DEFAULT 0 CHECK (booked >= 0),
    PRIMARY KEY (circuit_id, starts_at)
);

CREATE TABLE carts (
    id INTEGER PRIMARY KEY,
    token TEXT NOT NULL UNIQUE,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    discount_code_id BIGINT,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ordered', 'abandoned')),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Pre-bookings: places held for a visitor until expires_at. They count against capacity only while
-- unexpired, unreleased and not yet turned into a booking, so no sweeper is needed for correctness.
CREATE TABLE holds (
    id INTEGER PRIMARY KEY,
    identifier TEXT NOT NULL UNIQUE,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    cart_id BIGINT REFERENCES carts(id) ON DELETE SET NULL,
    visitor_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('PRODUCT', 'PACK', 'EVENT', 'VOUCHER')),
    product_id BIGINT NOT NULL REFERENCES products(id),
    num_drivers INTEGER NOT NULL CHECK (num_drivers >= 1),
    price_cents BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    released_at BIGINT,
    booking_id BIGINT
);
CREATE INDEX holds_product_live ON holds (product_id, expires_at);
CREATE INDEX holds_expires ON holds (expires_at);

CREATE TABLE hold_slots (
    hold_id BIGINT NOT NULL REFERENCES holds(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    circuit_id BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products(id),
    places INTEGER NOT NULL CHECK (places >= 1),
    price_cents BIGINT NOT NULL,
    PRIMARY KEY (hold_id, position)
);
CREATE INDEX hold_slots_slot ON hold_slots (circuit_id, starts_at);

CREATE TABLE discount_codes (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('PERCENT', 'FIXED')),
    value BIGINT NOT NULL CHECK (value > 0),
    product_ids TEXT NOT NULL DEFAULT '[]',
    expires_on TEXT,
    usage_limit BIGINT,
    used_count BIGINT NOT NULL DEFAULT 0,
    event_id BIGINT REFERENCES events(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    UNIQUE (company_id, code)
);

CREATE TABLE cart_lines (
    id INTEGER PRIMARY KEY,
    cart_id BIGINT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
    hold_id BIGINT REFERENCES holds(id) ON DELETE SET NULL,
    product_id BIGINT NOT NULL REFERENCES products(id),
    kind TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity >= 1),
    unit_price_cents BIGINT NOT NULL,
    original_price_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE members (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    nick TEXT NOT NULL,
    name TEXT NOT NULL,
    surname TEXT,
    birthday TEXT,
    phone TEXT,
    email TEXT NOT NULL,
    accept_send_promo INTEGER NOT NULL DEFAULT 0,
    unsubscribe_key_hash TEXT NOT NULL UNIQUE,
    unsubscribed_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (company_id, email),
    UNIQUE (company_id, nick)
);

CREATE TABLE bookings (
    id INTEGER PRIMARY KEY,
    identifier TEXT NOT NULL UNIQUE,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    cart_id BIGINT REFERENCES carts(id),
    source TEXT NOT NULL DEFAULT 'BOOKING' CHECK (source IN ('BOOKING', 'EVENT', 'LICENSING', 'EXTERNAL')),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'pagada', 'parcialmentepagada', 'cancelada')),
    payment_mode TEXT NOT NULL CHECK (payment_mode IN ('online', 'circuit')),
    culture TEXT NOT NULL DEFAULT 'en-GB',
    contact_name TEXT NOT NULL,
    contact_surname TEXT,
    phone TEXT NOT NULL,
    email TEXT NOT NULL,
    birth_date TEXT,
    accept_promo INTEGER NOT NULL DEFAULT 0,
    member_id BIGINT REFERENCES members(id),
    original_total_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL,
    discount_code_id BIGINT REFERENCES discount_codes(id),
    cancel_token_hash TEXT UNIQUE,
    booking_date TEXT,
    first_starts_at BIGINT,
    is_gift INTEGER NOT NULL DEFAULT 0,
    gift_name TEXT,
    gift_email TEXT,
    gift_message TEXT,
    needs_refund INTEGER NOT NULL DEFAULT 0,
    idempotency_key TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    cancelled_at BIGINT,
    UNIQUE (company_id, idempotency_key)
);
CREATE INDEX bookings_company_created ON bookings (company_id, created_at);
CREATE INDEX bookings_company_date ON bookings (company_id, booking_date);

CREATE TABLE booking_lines (
    id INTEGER PRIMARY KEY,
    booking_id BIGINT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products(id),
    hold_id BIGINT REFERENCES holds(id),
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    num_drivers INTEGER NOT NULL,
    unit_price_cents BIGINT NOT NULL,
    original_price_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL,
    pack_code TEXT
);

CREATE TABLE booking_slots (
    booking_line_id BIGINT NOT NULL REFERENCES booking_lines(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    circuit_id BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    local_date TEXT NOT NULL,
    local_time TEXT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products(id),
    places INTEGER NOT NULL,
    PRIMARY KEY (booking_line_id, position)
);
CREATE INDEX booking_slots_slot ON booking_slots (circuit_id, starts_at);

CREATE TABLE drivers (
    id INTEGER PRIMARY KEY,
    booking_id BIGINT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    booking_line_id BIGINT REFERENCES booking_lines(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    email TEXT,
    underage INTEGER NOT NULL DEFAULT 0,
    member_id BIGINT REFERENCES members(id)
);

CREATE TABLE vouchers (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    booking_id BIGINT NOT NULL REFERENCES bookings(id),
    product_id BIGINT NOT NULL REFERENCES products(id),
    code TEXT NOT NULL UNIQUE,
    value_cents BIGINT NOT NULL,
    num_drivers INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'redeemed', 'cancelled')),
    recipient_name TEXT,
    recipient_email TEXT,
    message TEXT,
    expires_on TEXT,
    redeemed_booking_id BIGINT REFERENCES bookings(id),
    created_at BIGINT NOT NULL
);

CREATE TABLE event_registrations (
    id INTEGER PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    booking_id BIGINT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    nick TEXT NOT NULL,
    is_team INTEGER NOT NULL DEFAULT 0,
    phone TEXT NOT NULL,
    email TEXT NOT NULL,
    categories TEXT NOT NULL DEFAULT '[]',
    created_at BIGINT NOT NULL
);

CREATE TABLE landing_buttons (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    link TEXT NOT NULL,
    category TEXT,
    is_new INTEGER NOT NULL DEFAULT 0,
    is_disabled INTEGER NOT NULL DEFAULT 0,
    options TEXT,
    position INTEGER NOT NULL DEFAULT 0
);

-- Payments with a provider, and their ledger: every charge and refund the provider confirmed is one
-- entry; a provider's event id is recorded once, which makes notifications idempotent.
CREATE TABLE payments (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    booking_id BIGINT NOT NULL REFERENCES bookings(id),
    provider TEXT NOT NULL,
    provider_ref TEXT,
    status TEXT NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'approved', 'declined', 'expired', 'refunded', 'partially_refunded')),
    amount_cents BIGINT NOT NULL,
    currency TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (provider, provider_ref)
);

CREATE TABLE payment_entries (
    id INTEGER PRIMARY KEY,
    payment_id BIGINT NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
    booking_id BIGINT NOT NULL REFERENCES bookings(id),
    booking_line_id BIGINT REFERENCES booking_lines(id),
    kind TEXT NOT NULL CHECK (kind IN ('charge', 'refund')),
    amount_cents BIGINT NOT NULL,
    provider TEXT NOT NULL,
    provider_event_id TEXT NOT NULL,
    created_by BIGINT REFERENCES admin_users(id),
    created_at BIGINT NOT NULL,
    UNIQUE (provider, provider_event_id)
);

CREATE TABLE payment_notifications (
    id INTEGER PRIMARY KEY,
    provider TEXT NOT NULL,
    provider_event_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    received_at BIGINT NOT NULL,
    UNIQUE (provider, provider_event_id)
);

CREATE TABLE outbox_emails (
    id INTEGER PRIMARY KEY,
    company_id BIGINT REFERENCES companies(id) ON DELETE CASCADE,
    booking_id BIGINT REFERENCES bookings(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    culture TEXT NOT NULL DEFAULT 'en-GB',
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    body_html TEXT NOT NULL,
    attachments TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    locked_until BIGINT,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);
CREATE INDEX outbox_emails_due ON outbox_emails (status, next_attempt_at);

CREATE TABLE problem_reports (
    id INTEGER PRIMARY KEY,
    company_id BIGINT REFERENCES companies(id) ON DELETE CASCADE,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    reply_email TEXT,
    page TEXT,
    created_at BIGINT NOT NULL
);

-- Uploaded images (product photos, advertising) live in the database so every instance serves them.
CREATE TABLE media (
    id INTEGER PRIMARY KEY,
    company_id BIGINT REFERENCES companies(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    bytes BLOB NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE advertising_images (
    id INTEGER PRIMARY KEY,
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    side TEXT NOT NULL CHECK (side IN ('left', 'right')),
    lang TEXT NOT NULL CHECK (lang IN ('default', 'eng')),
    url TEXT NOT NULL,
    hyperlink TEXT,
    UNIQUE (company_id, side, lang)
);

CREATE TABLE terms (
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    culture TEXT NOT NULL,
    text TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (company_id, culture)
);

CREATE TABLE idempotency_keys (
    company_id BIGINT NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status INTEGER NOT NULL,
    response TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (company_id, key)
);

-- Leases let one instance among several run a periodic job (housekeeping, outbox, reconciliation).
CREATE TABLE job_leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- +goose Down
SELECT 'down migrations are not supported: restore from a backup';
