package store

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/schedule"
	"pitlane/internal/sessions"
)

// locations caches loaded time zones (time.LoadLocation reads a file on every call).
var locations sync.Map

func loadLocation(name string) (*time.Location, error) {
	if l, ok := locations.Load(name); ok {
		return l.(*time.Location), nil
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("time zone %q: %w", name, err)
	}
	locations.Store(name, l)
	return l, nil
}

// Offer implements sessions.Store.
func (hs Holds) Offer(ctx context.Context, companyToken, kind string, id int64) (sessions.Offer, error) {
	var o sessions.Offer
	err := hs.db.Read(ctx, func(tx *Tx) error {
		var dynamic, active int
		var maxStock *int64
		err := tx.QueryRow(ctx, `
			SELECT c.id, c.max_participants, c.max_slots_booking,
			       p.id, p.kind, p.name, p.price_cents, p.is_dynamic_price, p.data, p.max_stock, p.is_active,
			       COALESCE(SUBSTR(p.expiration_date, 1, 10), '')
			FROM companies c JOIN products p ON p.company_id = c.id
			WHERE c.token = ? AND p.id = ? AND p.kind = ? AND p.deleted_at IS NULL`,
			companyToken, id, kind).Scan(&o.CompanyID, &o.MaxParticipants, &o.MaxSlots,
			&o.ID, &o.Kind, &o.Name, &o.PriceCents, &dynamic, &o.Data, &maxStock, &active, &o.ExpirationDate)
		if IsNoRows(err) {
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM companies WHERE token = ?`, companyToken).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return apperr.New(apperr.Unauthorized, "The company token is missing or unknown.")
			}
			return apperr.New(apperr.NotFound, "No %s with id %d.", map[string]string{"PRODUCT": "product", "PACK": "pack"}[kind], id)
		}
		if err != nil {
			return err
		}
		o.IsDynamicPrice, o.IsActive, o.MaxStock = dynamic == 1, active == 1, maxStock
		if o.Parts, err = offerParts(ctx, tx, o.Kind, o.ID); err != nil {
			return err
		}
		o.Installation, err = installationOfCircuit(ctx, tx, o.Parts[0].CircuitID)
		return err
	})
	return o, err
}

// offerParts lists the sessions' products and circuits: the product itself, or a pack's sub-products.
func offerParts(ctx context.Context, tx *Tx, kind string, id int64) ([]sessions.Part, error) {
	q := `SELECT p.id, v.circuit_id FROM products p JOIN variants v ON v.id = p.variant_id WHERE p.id = ?`
	if kind == sessions.KindPack {
		q = `SELECT sp.id, v.circuit_id FROM pack_items pi
		     JOIN products sp ON sp.id = pi.product_id JOIN variants v ON v.id = sp.variant_id
		     WHERE pi.pack_id = ? ORDER BY pi.position`
	}
	rows, err := tx.Query(ctx, q, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var parts []sessions.Part
	for rows.Next() {
		var p sessions.Part
		if err := rows.Scan(&p.ProductID, &p.CircuitID); err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(parts) == 0 {
		return nil, apperr.New(apperr.NotFound, "This product has no circuit to book sessions on.")
	}
	return parts, nil
}

// installationOfCircuit loads the schedule settings and booking rules of a circuit's installation.
func installationOfCircuit(ctx context.Context, tx *Tx, circuitID int64) (sessions.Installation, error) {
	var inst sessions.Installation
	var tz, general, rules string
	var enable, limitEnabled int
	var limit *string
	s := schedule.DefaultSettings()
	err := tx.QueryRow(ctx, `
		SELECT i.id, i.time_zone, i.enable_booking, i.interval_minutes, i.opening_time, i.closing_time,
		       i.max_participants, i.max_days_booking, i.disable_hours_booking, i.date_limit_enabled,
		       i.date_limit_date, i.general_schedule, i.rules
		FROM circuits c JOIN installations i ON i.id = c.installation_id WHERE c.id = ?`, circuitID).Scan(
		&inst.ID, &tz, &enable, &s.Interval, &s.Opening, &s.Closing, &inst.Capacity, &inst.MaxDaysBooking,
		&inst.DisableHours, &limitEnabled, &limit, &general, &rules)
	if err != nil {
		return inst, Translate(err)
	}
	if s.Location, err = loadLocation(tz); err != nil {
		return inst, err
	}
	if err := json.Unmarshal([]byte(general), &s.GeneralSchedule); err != nil {
		return inst, fmt.Errorf("installation %d general_schedule: %w", inst.ID, err)
	}
	if err := json.Unmarshal([]byte(rules), &s.Rules); err != nil {
		return inst, fmt.Errorf("installation %d rules: %w", inst.ID, err)
	}
	if s.SpecialSchedule, err = specialRows(ctx, tx, inst.ID); err != nil {
		return inst, err
	}
	inst.Settings = s
	inst.EnableBooking, inst.DateLimitEnabled = enable == 1, limitEnabled == 1
	if limit != nil {
		inst.DateLimit = *limit
	}
	return inst, nil
}

func specialRows(ctx context.Context, tx *Tx, installationID int64) ([]schedule.SpecialRow, error) {
	rows, err := tx.Query(ctx, `SELECT id, date_from, date_to, closed, open24h, periods
		FROM special_schedules WHERE installation_id = ? ORDER BY date_from, id`, installationID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []schedule.SpecialRow
	for rows.Next() {
		var id int64
		var from, to, periods string
		var closed, open24 int
		if err := rows.Scan(&id, &from, &to, &closed, &open24, &periods); err != nil {
			return nil, err
		}
		r := schedule.SpecialRow{ID: fmt.Sprint(id), Date: []string{from}}
		if to != from {
			r.Date = append(r.Date, to)
		}
		r.Schedule.Closed, r.Schedule.Open24h = closed == 1, open24 == 1
		if err := json.Unmarshal([]byte(periods), &r.Schedule.Value); err != nil {
			return nil, fmt.Errorf("special schedule %d: %w", id, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// liveHold is the condition that a hold (aliased h) counts against capacity and stock at a given instant.
const liveHold = `h.expires_at > ? AND h.released_at IS NULL AND h.booking_id IS NULL`

// Usage implements sessions.Store with one grouped query over the day's session rows: booked places
// from the row, held places summed over the rows' counted hold_slots whose hold is live at now (the
// counter itself may still count expired holds, so it is not shown as is).
func (hs Holds) Usage(ctx context.Context, circuits []int64, from, to int64, now time.Time) (map[sessions.SlotKey]sessions.Usage, error) {
	out := map[sessions.SlotKey]sessions.Usage{}
	if len(circuits) == 0 {
		return out, nil
	}
	args := make([]any, 0, len(circuits)+3)
	args = append(args, now.UnixMilli())
	for _, c := range circuits {
		args = append(args, c)
	}
	args = append(args, from, to)
	err := hs.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT s.circuit_id, s.starts_at, s.booked,
				COALESCE(SUM(CASE WHEN `+liveHold+` THEN hs.places ELSE 0 END), 0)
			FROM slots s
			LEFT JOIN hold_slots hs ON hs.circuit_id = s.circuit_id AND hs.starts_at = s.starts_at AND hs.counted = 1
			LEFT JOIN holds h ON h.id = hs.hold_id
			WHERE s.circuit_id IN (`+Placeholders(len(circuits))+`) AND s.starts_at BETWEEN ? AND ?
				AND (s.held > 0 OR s.booked > 0)
			GROUP BY s.circuit_id, s.starts_at, s.booked`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k sessions.SlotKey
			var u sessions.Usage
			if err := rows.Scan(&k.CircuitID, &k.StartsAt, &u.Booked, &u.Held); err != nil {
				return err
			}
			if u.Booked > 0 || u.Held > 0 {
				out[k] = u
			}
		}
		return rows.Err()
	})
	return out, err
}

// sortedSlots returns the hold's sessions ordered by (circuit, start): every transaction takes slot locks
// in this order, so two holds can never deadlock on PostgreSQL.
func sortedSlots(h sessions.NewHold) []sessions.HoldSlot {
	s := append([]sessions.HoldSlot(nil), h.Slots...)
	sort.Slice(s, func(i, j int) bool {
		if s[i].CircuitID != s[j].CircuitID {
			return s[i].CircuitID < s[j].CircuitID
		}
		return s[i].StartsAt < s[j].StartsAt
	})
	return s
}
