package sessions

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/pricing"
	"pitlane/internal/schedule"
)

// Defaults of the customer spec (section 9).
const (
	DefaultMaxParticipants = 12
	DefaultMaxSlots        = 3
	DefaultMaxDaysBooking  = 30
)

// maxParticipants is the most drivers of one booking: a negative or zero setting means the default 12.
func (o Offer) maxParticipants() int {
	if o.MaxParticipants <= 0 {
		return DefaultMaxParticipants
	}
	return o.MaxParticipants
}

func (o Offer) maxSlots() int {
	if o.MaxSlots <= 0 {
		return DefaultMaxSlots
	}
	return o.MaxSlots
}

func (i Installation) maxDays() int {
	if i.MaxDaysBooking <= 0 {
		return DefaultMaxDaysBooking
	}
	return i.MaxDaysBooking
}

// bookable tells whether a session on date starting at start can be booked at now, and if not, why:
// "closed" (online booking off), "past" (started, or sooner than the disabled hours), "window" (beyond
// maxDaysBooking or the date limit).
func bookable(inst Installation, d schedule.Date, start, now time.Time) (bool, string) {
	if !inst.EnableBooking {
		return false, "closed"
	}
	loc := inst.Settings.Location
	if loc == nil {
		loc = time.UTC
	}
	today := schedule.DateOf(now.In(loc))
	if d.Compare(today) < 0 {
		return false, "past"
	}
	if d.Compare(today.AddDays(inst.maxDays())) > 0 {
		return false, "window"
	}
	if inst.DateLimitEnabled && inst.DateLimit != "" {
		if limit, err := schedule.ParseDate(inst.DateLimit); err == nil && d.Compare(limit) > 0 {
			return false, "window"
		}
	}
	if !start.After(now.Add(time.Duration(inst.DisableHours) * time.Hour)) {
		return false, "past"
	}
	return true, ""
}

// slotPrice is the per-driver price of the offer for a session.
func (o Offer) slotPrice(data pricing.ProductData, sl schedule.Slot) int64 {
	return pricing.Resolve(o.PriceCents, o.IsDynamicPrice, data.Dynamic(), sl.Date, sl.Local)
}

// ComputeAvailability computes a day's sessions for the offer from the schedule and the places taken.
func ComputeAvailability(o Offer, d schedule.Date, usage map[SlotKey]Usage, now time.Time) Availability {
	inst := o.Installation
	data, _ := pricing.ParseProductData(o.Data)
	out := Availability{
		Slots:               []SlotInfo{},
		DisableHoursBooking: inst.DisableHours,
		DateLimitBooking:    DateLimit{Enabled: inst.DateLimitEnabled},
		MaxDaysBooking:      inst.maxDays(),
	}
	if inst.Settings.Location != nil {
		out.TimeZone = inst.Settings.Location.String()
	}
	if inst.DateLimit != "" {
		dl := inst.DateLimit
		out.DateLimitBooking.Date = &dl
	}
	circuits := o.circuits()
	for _, sl := range schedule.Slots(inst.Settings, d) {
		free := inst.Capacity
		for _, c := range circuits {
			u := usage[SlotKey{CircuitID: c, StartsAt: sl.Start.UnixMilli()}]
			free = min(free, inst.Capacity-u.Held-u.Booked)
		}
		free = max(free, 0)
		info := SlotInfo{
			StartTime:       sl.Local,
			UsersAvailable:  free,
			MaxParticipants: inst.Capacity,
			IDProduct:       o.ID,
			Price:           centsToFloat(o.slotPrice(data, sl)),
		}
		if o.Kind == KindPack {
			id := o.ID
			info.IDPack = &id
			info.IDProduct = o.Parts[0].ProductID
		}
		info.Available, info.Reason = bookable(inst, d, sl.Start, now)
		if info.Available && free == 0 {
			info.Available, info.Reason = false, "full"
		}
		out.Slots = append(out.Slots, info)
	}
	return out
}

// circuits lists the distinct circuits of the offer's sessions.
func (o Offer) circuits() []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, p := range o.Parts {
		if !seen[p.CircuitID] {
			seen[p.CircuitID] = true
			out = append(out, p.CircuitID)
		}
	}
	return out
}

// PlanHold validates a pre-booking request against the offer, its schedule and the booking window, and
// prices it. Errors are apperr.Unprocessable with field errors naming the broken rule; nothing about
// places or stock is decided here (that is the store's atomic step).
func PlanHold(o Offer, req HoldRequest, now time.Time) (NewHold, error) {
	fe := apperr.FieldErrors{}
	data, err := pricing.ParseProductData(o.Data)
	if err != nil {
		return NewHold{}, fmt.Errorf("product %d has malformed data: %w", o.ID, err)
	}
	switch {
	case req.NumDrivers < 1:
		fe.Add("numDrivers", "at least 1 driver")
	case req.NumDrivers > o.maxParticipants():
		fe.Add("numDrivers", fmt.Sprintf("at most %d drivers", o.maxParticipants()))
	case data.MinParticipant > 1 && req.NumDrivers < data.MinParticipant:
		fe.Add("numDrivers", fmt.Sprintf("this product needs at least %d drivers", data.MinParticipant))
	}
	if !o.IsActive || o.expired(now) {
		fe.Add("idType", "this product is not on sale")
	}
	if strings.TrimSpace(req.Token) == "" {
		fe.Add("token", "required: the shopping cart token")
	}
	slots, d, slotErr := o.chooseSlots(req.BookingDates, data)
	if slotErr != "" {
		fe.Add("bookingDates", slotErr)
	}
	if err := fe.Err(apperr.Unprocessable, "The pre-booking is not valid."); err != nil {
		return NewHold{}, err
	}
	h := NewHold{CompanyID: o.CompanyID, CartToken: req.Token, Kind: o.Kind, ProductID: o.ID, Name: o.Name,
		NumDrivers: req.NumDrivers, MaxStock: o.MaxStock, CreatedAt: now}
	var prices []int64
	for i, sl := range slots {
		if ok, reason := bookable(o.Installation, d, sl.Start, now); !ok {
			return NewHold{}, apperr.WithFields(apperr.Unprocessable, "The pre-booking is not valid.",
				map[string]string{"bookingDates": fmt.Sprintf("%s %s cannot be booked (%s)", sl.Date, sl.Local, reason)})
		}
		part := o.Parts[0]
		if o.Kind == KindPack {
			part = o.Parts[i]
		}
		price := o.slotPrice(data, sl)
		prices = append(prices, price)
		h.Slots = append(h.Slots, HoldSlot{
			SlotKey:   SlotKey{CircuitID: part.CircuitID, StartsAt: sl.Start.UnixMilli()},
			ProductID: part.ProductID, LocalDate: sl.Date, LocalTime: sl.Local,
			Capacity: o.Installation.Capacity, PriceCents: price,
		})
	}
	if o.Kind == KindPack {
		h.UnitCents = pricing.PackPrice(prices)
		h.StockUnits = req.NumDrivers
	} else {
		for _, p := range prices {
			h.UnitCents += p
		}
		h.StockUnits = req.NumDrivers * len(slots)
	}
	h.PriceCents = h.UnitCents * int64(req.NumDrivers)
	return h, nil
}

// chooseSlots parses and checks the requested session starts; it returns a message naming the broken
// rule, or the slots and their date.
func (o Offer) chooseSlots(dates []string, data pricing.ProductData) ([]schedule.Slot, schedule.Date, string) {
	if len(dates) == 0 {
		return nil, schedule.Date{}, "choose at least one session"
	}
	if o.Kind == KindProduct && len(dates) > o.maxSlots() {
		return nil, schedule.Date{}, fmt.Sprintf("max_slots: at most %d sessions in one booking", o.maxSlots())
	}
	var day schedule.Date
	times := make([]string, len(dates))
	for i, raw := range dates {
		ds, ts, ok := strings.Cut(strings.TrimSpace(raw), " ")
		d, err := schedule.ParseDate(ds)
		if !ok || err != nil || len(ts) != 8 {
			return nil, day, fmt.Sprintf("%q is not a session start (YYYY-MM-DD HH:mm:ss)", raw)
		}
		if i == 0 {
			day = d
		} else if d != day {
			return nil, day, "all sessions of one pre-booking must be on the same date"
		}
		times[i] = ts
	}
	inst := o.Installation
	if o.Kind == KindPack {
		if err := schedule.CheckPackSelection(inst.Settings, day, times, len(o.Parts), data.GapSlots); err != nil {
			var re *schedule.RuleError
			if errors.As(err, &re) {
				return nil, day, re.Code + ": " + err.Error()
			}
			return nil, day, err.Error()
		}
	} else {
		sorted := append([]string(nil), times...)
		sort.Strings(sorted)
		for i := 1; i < len(sorted); i++ {
			if sorted[i] == sorted[i-1] {
				return nil, day, "duplicate: the same session is chosen twice"
			}
		}
		times = sorted // in time order, so the pre-booking is dated by its first session
	}
	slots := make([]schedule.Slot, len(times))
	for i, ts := range times {
		sl, ok := schedule.SlotAt(inst.Settings, day, ts)
		if !ok {
			return nil, day, fmt.Sprintf("not_in_schedule: %s %s is not a session of the schedule", day, ts)
		}
		slots[i] = sl
	}
	return slots, day, ""
}

func centsToFloat(c int64) float64 { return float64(c) / 100 }

// expired tells whether the offer's expiration date has passed at the circuit.
func (o Offer) expired(now time.Time) bool {
	if o.ExpirationDate == "" {
		return false
	}
	last, err := schedule.ParseDate(o.ExpirationDate)
	if err != nil {
		return false
	}
	loc := o.Installation.Settings.Location
	if loc == nil {
		loc = time.UTC
	}
	return schedule.DateOf(now.In(loc)).Compare(last) > 0
}
