-- +goose Up
-- A hold checks its cart's live sessions (maxSlotsBooking) by cart and expiry. With holds_cart on cart_id
-- alone, PostgreSQL ANDed it with holds_expires, a scan of every live hold on the database, so a hold cost
-- more the busier the day (docs/performance.md, "Under a crowd"): the cart's index carries the expiry.
DROP INDEX holds_cart;
CREATE INDEX holds_cart ON holds (cart_id, expires_at);

-- +goose Down
DROP INDEX holds_cart;
CREATE INDEX holds_cart ON holds (cart_id);
