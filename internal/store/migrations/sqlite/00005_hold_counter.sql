-- +goose Up
-- A counter of held places per session, so that a hold takes its places with one conditional UPDATE
-- instead of summing every live hold of the session (docs/architecture.md, capacity locking).
--   slots.held        the places of the hold_slots rows whose counted is 1.
--   hold_slots.counted 1 while the row's places are in slots.held. It is set with the hold and cleared,
--                      with the matching decrement and with the session's row locked, when the hold is
--                      released, becomes a booking or is deleted, or when a hold finds the session full
--                      and reclaims the rows of holds that are no longer live (expired ones included).
--                      So slots.held never counts a live hold less than once: it can only over-count.
--   hold_slots.visitor_id the hold's visitor, copied so the "same visitor, same session" check seeks it.
ALTER TABLE slots ADD COLUMN held INTEGER NOT NULL DEFAULT 0 CHECK (held >= 0);
ALTER TABLE hold_slots ADD COLUMN visitor_id TEXT NOT NULL DEFAULT '';
ALTER TABLE hold_slots ADD COLUMN counted INTEGER NOT NULL DEFAULT 0;

UPDATE hold_slots SET visitor_id = COALESCE((SELECT h.visitor_id FROM holds h WHERE h.id = hold_slots.hold_id), '');
UPDATE hold_slots SET counted = 1
WHERE hold_id IN (SELECT id FROM holds WHERE released_at IS NULL AND booking_id IS NULL);
UPDATE slots SET held = (SELECT COALESCE(SUM(hs.places), 0) FROM hold_slots hs
    WHERE hs.circuit_id = slots.circuit_id AND hs.starts_at = slots.starts_at AND hs.counted = 1);

DROP INDEX hold_slots_slot;
CREATE INDEX hold_slots_visitor ON hold_slots (circuit_id, starts_at, visitor_id);

-- +goose Down
DROP INDEX hold_slots_visitor;
CREATE INDEX hold_slots_slot ON hold_slots (circuit_id, starts_at);
ALTER TABLE hold_slots DROP COLUMN counted;
ALTER TABLE hold_slots DROP COLUMN visitor_id;
ALTER TABLE slots DROP COLUMN held;
