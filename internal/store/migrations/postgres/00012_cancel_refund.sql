-- +goose Up
-- Customer cancellation with refunds (internal/checkout cancel*.go, store/checkout_cancel*.go,
-- docs/architecture.md "Customer cancellation and refunds").
--   companies.cancel_refund_policy  what a customer who cancels a paid booking in time gets back:
--                                   'card' the refundable online charges go back to the card at once
--                                   through the provider (an amount settled at the desk is owed at
--                                   the desk), 'desk' everything refundable is owed and staff settle
--                                   it at the circuit, 'none' no refund.
--   bookings.cancel_refund_policy   the policy applied when the customer cancelled the booking (NULL:
--                                   not cancelled by the customer); with the refunds rows keyed
--                                   'cancel:<booking id>' it is the stored answer of a repeated cancel.
--   bookings.refund_owed_cents      what the circuit owes the customer at the desk (with needs_refund = 1):
--                                   the 'desk' policy, cash charges, or a card refund the provider refused.
-- The other engine's twin of this file declares the same columns.
ALTER TABLE companies ADD COLUMN cancel_refund_policy TEXT NOT NULL DEFAULT 'card'
    CHECK (cancel_refund_policy IN ('card', 'desk', 'none'));
ALTER TABLE bookings ADD COLUMN cancel_refund_policy TEXT
    CHECK (cancel_refund_policy IS NULL OR cancel_refund_policy IN ('card', 'desk', 'none'));
ALTER TABLE bookings ADD COLUMN refund_owed_cents BIGINT NOT NULL DEFAULT 0 CHECK (refund_owed_cents >= 0);

-- +goose Down
SELECT 'down migrations are not supported: restore from a backup';
