-- +goose Up
-- A company's discount codes are unique whatever their case, in the schema itself: the customer's lookup
-- matches a code without regard to case, and two creations at the same moment must not both pass a
-- check made in Go (issue 25). Codes that already collide keep the oldest one as it is and rename the
-- later ones to CODE-<id>, deterministically; their rows (and the bookings and carts that point at them)
-- stay. The old case-sensitive UNIQUE (company_id, code) stays too: it is implied by this one.
UPDATE discount_codes SET code = code || '-' || id
WHERE EXISTS (SELECT 1 FROM discount_codes d
              WHERE d.company_id = discount_codes.company_id AND LOWER(d.code) = LOWER(discount_codes.code)
                AND d.id < discount_codes.id);
CREATE UNIQUE INDEX discount_codes_company_code_nocase ON discount_codes (company_id, LOWER(code));

-- +goose Down
DROP INDEX discount_codes_company_code_nocase;
