package sessions

import (
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/schedule"
)

var zone, _ = time.LoadLocation("Europe/Madrid")

// morning is 09:00 on Tuesday 1 December 2026 at the circuit.
var morning = time.Date(2026, 12, 1, 9, 0, 0, 0, zone)

func date(t *testing.T, s string) schedule.Date {
	t.Helper()
	d, err := schedule.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// installation is open 10:00–14:00 in hourly sessions, 8 places each, 30 days ahead.
func installation() Installation {
	s := schedule.DefaultSettings()
	s.Interval, s.Opening, s.Closing, s.Location = 60, "10:00", "14:00", zone
	return Installation{ID: 1, Settings: s, Capacity: 8, EnableBooking: true, MaxDaysBooking: 30}
}

func TestBookable(t *testing.T) {
	t.Parallel()
	at := func(d string, h, m int) time.Time {
		dd, _ := schedule.ParseDate(d)
		return dd.At(h, m, zone)
	}
	with := func(f func(*Installation)) Installation {
		i := installation()
		f(&i)
		return i
	}
	cases := []struct {
		name   string
		inst   Installation
		date   string
		start  time.Time
		now    time.Time
		ok     bool
		reason string
	}{
		{"later today", installation(), "2026-12-01", at("2026-12-01", 10, 0), morning, true, ""},
		{"tomorrow", installation(), "2026-12-02", at("2026-12-02", 10, 0), morning, true, ""},
		{"starting now", installation(), "2026-12-01", morning, morning, false, "past"},
		{"started", installation(), "2026-12-01", at("2026-12-01", 8, 59), morning, false, "past"},
		{"yesterday", installation(), "2026-11-30", at("2026-11-30", 13, 0), morning, false, "past"},
		{"inside the disabled hours", with(func(i *Installation) { i.DisableHours = 2 }), "2026-12-01", at("2026-12-01", 10, 59), morning, false, "past"},
		{"at the end of the disabled hours", with(func(i *Installation) { i.DisableHours = 2 }), "2026-12-01", at("2026-12-01", 11, 0), morning, false, "past"},
		{"after the disabled hours", with(func(i *Installation) { i.DisableHours = 2 }), "2026-12-01", at("2026-12-01", 11, 1), morning, true, ""},
		{"disabled hours reach into tomorrow", with(func(i *Installation) { i.DisableHours = 24 }), "2026-12-02", at("2026-12-02", 8, 0), morning, false, "past"},
		{"last day of the window", installation(), "2026-12-31", at("2026-12-31", 13, 0), morning, true, ""},
		{"past the window", installation(), "2027-01-01", at("2027-01-01", 10, 0), morning, false, "window"},
		{"no maxDaysBooking means 30", with(func(i *Installation) { i.MaxDaysBooking = 0 }), "2027-01-01", at("2027-01-01", 10, 0), morning, false, "window"},
		{"a longer window", with(func(i *Installation) { i.MaxDaysBooking = 45 }), "2027-01-15", at("2027-01-15", 10, 0), morning, true, ""},
		{"on the date limit", with(func(i *Installation) { i.DateLimitEnabled, i.DateLimit = true, "2026-12-10" }), "2026-12-10", at("2026-12-10", 13, 0), morning, true, ""},
		{"after the date limit", with(func(i *Installation) { i.DateLimitEnabled, i.DateLimit = true, "2026-12-10" }), "2026-12-11", at("2026-12-11", 10, 0), morning, false, "window"},
		{"a date limit switched off", with(func(i *Installation) { i.DateLimitEnabled, i.DateLimit = false, "2026-12-10" }), "2026-12-11", at("2026-12-11", 10, 0), morning, true, ""},
		{"an enabled limit without a date", with(func(i *Installation) { i.DateLimitEnabled = true }), "2026-12-11", at("2026-12-11", 10, 0), morning, true, ""},
		{"online booking off", with(func(i *Installation) { i.EnableBooking = false }), "2026-12-02", at("2026-12-02", 10, 0), morning, false, "closed"},
		// 23:30 UTC on 30 November is already 1 December at the circuit: the window counts from there.
		{"today is the circuit's today", installation(), "2026-12-31", at("2026-12-31", 10, 0), time.Date(2026, 11, 30, 23, 30, 0, 0, time.UTC), true, ""},
		{"the circuit's yesterday", installation(), "2026-11-30", at("2026-11-30", 23, 45), time.Date(2026, 11, 30, 23, 30, 0, 0, time.UTC), false, "past"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ok, reason := bookable(c.inst, date(t, c.date), c.start, c.now)
			if ok != c.ok || reason != c.reason {
				t.Errorf("bookable = %v %q, want %v %q", ok, reason, c.ok, c.reason)
			}
		})
	}
}

// product is a 20.00 product on circuit 7 of installation().
func product() Offer {
	return Offer{CompanyID: 1, MaxParticipants: -1, MaxSlots: 3, Kind: KindProduct, ID: 11, Name: "Adult",
		PriceCents: 2000, Data: "{}", IsActive: true, Parts: []Part{{ProductID: 11, CircuitID: 7}}, Installation: installation()}
}

// pack is a 50.00 pack of product 11 on circuit 7, then 12 on circuit 8, then 11 again, back to back.
func pack() Offer {
	o := product()
	o.Kind, o.ID, o.Name, o.PriceCents, o.Data = KindPack, 30, "Grand Prix", 5000, `{"gapSlots":0}`
	o.Parts = []Part{{ProductID: 11, CircuitID: 7}, {ProductID: 12, CircuitID: 8}, {ProductID: 11, CircuitID: 7}}
	return o
}

func TestComputeAvailability(t *testing.T) {
	t.Parallel()
	d := date(t, "2026-12-02")
	start := func(hh int) int64 { return d.At(hh, 0, zone).UnixMilli() }
	usage := map[SlotKey]Usage{
		{7, start(10)}: {Held: 3, Booked: 2},
		{7, start(11)}: {Held: 8},
		{7, start(12)}: {Held: 5, Booked: 5}, // overbooked by hand: shows 0, not -2
		{8, start(10)}: {Held: 7},
		{9, start(13)}: {Held: 8}, // another circuit: not ours
	}
	type want struct {
		free      int
		available bool
		reason    string
	}
	check := func(t *testing.T, a Availability, wants map[string]want) {
		t.Helper()
		if len(a.Slots) != 4 {
			t.Fatalf("%d sessions, want 4: %+v", len(a.Slots), a.Slots)
		}
		for _, s := range a.Slots {
			w := wants[s.StartTime]
			if s.UsersAvailable != w.free || s.Available != w.available || s.Reason != w.reason || s.MaxParticipants != 8 {
				t.Errorf("%s: %+v, want %+v", s.StartTime, s, w)
			}
		}
	}

	a := ComputeAvailability(product(), d, usage, morning)
	check(t, a, map[string]want{"10:00:00": {3, true, ""}, "11:00:00": {0, false, "full"}, "12:00:00": {0, false, "full"}, "13:00:00": {8, true, ""}})
	for _, s := range a.Slots {
		if s.IDProduct != 11 || s.IDPack != nil || s.Price != 20 {
			t.Errorf("product session %+v", s)
		}
	}
	if a.TimeZone != "Europe/Madrid" || a.MaxDaysBooking != 30 || a.DateLimitBooking.Enabled || a.DateLimitBooking.Date != nil {
		t.Errorf("settings %+v", a)
	}

	// A pack's session counts the fullest of its circuits at that time.
	a = ComputeAvailability(pack(), d, usage, morning)
	check(t, a, map[string]want{"10:00:00": {1, true, ""}, "11:00:00": {0, false, "full"}, "12:00:00": {0, false, "full"}, "13:00:00": {8, true, ""}})
	for _, s := range a.Slots {
		if s.IDPack == nil || *s.IDPack != 30 || s.IDProduct != 11 || s.Price != 50 {
			t.Errorf("pack session %+v", s)
		}
	}

	// Seen from the next day, every session is past, full or not; the settings are echoed.
	o := product()
	o.Installation.DisableHours, o.Installation.DateLimitEnabled, o.Installation.DateLimit, o.Installation.MaxDaysBooking = 3, true, "2026-12-20", 0
	a = ComputeAvailability(o, d, usage, morning.AddDate(0, 0, 1).Add(5*time.Hour))
	check(t, a, map[string]want{"10:00:00": {3, false, "past"}, "11:00:00": {0, false, "past"}, "12:00:00": {0, false, "past"}, "13:00:00": {8, false, "past"}})
	if a.DisableHoursBooking != 3 || a.MaxDaysBooking != 30 || !a.DateLimitBooking.Enabled || a.DateLimitBooking.Date == nil || *a.DateLimitBooking.Date != "2026-12-20" {
		t.Errorf("settings %+v", a)
	}

	// A closed day has no sessions, and the list is empty rather than null.
	o = product()
	o.Installation.Settings.Rules = schedule.Rules{Days: map[schedule.Weekday]schedule.DayRules{"WE": {ExcludedDays: []string{"2026-12-02"}}}}
	if a := ComputeAvailability(o, d, nil, morning); a.Slots == nil || len(a.Slots) != 0 {
		t.Errorf("closed day: %+v", a.Slots)
	}
}

// dynamic is product data with a Tuesday price of 25.00 before noon and 30.00 after, and 40.00 all
// day on Tuesday 8 December.
const dynamic = `{"dynamicPrice":{"TU":{"prices":[{"from":"10:00","to":"12:00","price":25},{"from":"12:00","to":"00:00","price":30}]},
	"exceptionalDays":{"2026-12-08":[{"from":"00:00","to":"00:00","price":40}]}}}`

func TestPlanHoldPrices(t *testing.T) {
	t.Parallel()
	req := func(drivers int, dates ...string) HoldRequest {
		return HoldRequest{BookingDates: dates, NumDrivers: drivers, Type: KindProduct, Token: "cart"}
	}
	dyn := func(o Offer) Offer {
		o.IsDynamicPrice, o.Data = true, dynamic
		return o
	}
	stock := int64(5)
	limited := product()
	limited.MaxStock = &stock
	cases := []struct {
		name        string
		offer       Offer
		req         HoldRequest
		unit, total int64
		stockUnits  int
		slotPrices  []int64
	}{
		{"one session", product(), req(3, "2026-12-02 10:00:00"), 2000, 6000, 3, []int64{2000}},
		{"sessions add up", product(), req(2, "2026-12-02 10:00:00", "2026-12-02 12:00:00", "2026-12-02 13:00:00"), 6000, 12000, 6, []int64{2000, 2000, 2000}},
		{"the price the visitor saw is ignored", product(), HoldRequest{BookingDates: []string{"2026-12-02 10:00:00"}, NumDrivers: 1, Token: "c", Price: ptr(0.01)}, 2000, 2000, 1, []int64{2000}},
		{"dynamic price on an exceptional day", dyn(product()), req(2, "2026-12-08 11:00:00"), 4000, 8000, 2, []int64{4000}},
		{"dynamic price by weekday", dyn(product()), req(2, "2026-12-15 11:00:00", "2026-12-15 12:00:00"), 5500, 11000, 4, []int64{2500, 3000}},
		{"dynamic price not set for the day", dyn(product()), req(1, "2026-12-02 11:00:00"), 2000, 2000, 1, []int64{2000}},
		{"a flag without a dynamic price", func() Offer { o := product(); o.IsDynamicPrice = true; return o }(), req(1, "2026-12-15 11:00:00"), 2000, 2000, 1, []int64{2000}},
		{"a pack costs its highest session", dyn(pack()), req(2, "2026-12-15 11:00:00", "2026-12-15 12:00:00", "2026-12-15 13:00:00"), 3000, 6000, 2, []int64{2500, 3000, 3000}},
		{"a pack at its base price", pack(), req(4, "2026-12-02 10:00:00", "2026-12-02 11:00:00", "2026-12-02 12:00:00"), 5000, 20000, 4, []int64{5000, 5000, 5000}},
		{"limited stock", limited, req(2, "2026-12-02 10:00:00", "2026-12-02 11:00:00"), 4000, 8000, 4, []int64{2000, 2000}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, err := PlanHold(c.offer, c.req, morning)
			if err != nil {
				t.Fatal(err)
			}
			if h.UnitCents != c.unit || h.PriceCents != c.total || h.StockUnits != c.stockUnits || h.NumDrivers != c.req.NumDrivers {
				t.Errorf("unit %d total %d stock %d, want %d %d %d", h.UnitCents, h.PriceCents, h.StockUnits, c.unit, c.total, c.stockUnits)
			}
			if h.Kind != c.offer.Kind || h.ProductID != c.offer.ID || h.CartToken != c.req.Token || !h.CreatedAt.Equal(morning) ||
				(c.offer.MaxStock == nil) != (h.MaxStock == nil) {
				t.Errorf("hold %+v", h)
			}
			if len(h.Slots) != len(c.slotPrices) {
				t.Fatalf("%d sessions, want %d", len(h.Slots), len(c.slotPrices))
			}
			for i, s := range h.Slots {
				part := c.offer.Parts[0]
				if c.offer.Kind == KindPack {
					part = c.offer.Parts[i]
				}
				start, _ := time.ParseInLocation("2006-01-02 15:04:05", c.req.BookingDates[i], zone)
				if s.PriceCents != c.slotPrices[i] || s.CircuitID != part.CircuitID || s.ProductID != part.ProductID ||
					s.StartsAt != start.UnixMilli() || s.LocalDate+" "+s.LocalTime != c.req.BookingDates[i] || s.Capacity != 8 {
					t.Errorf("session %d: %+v, want price %d on %+v at %s", i, s, c.slotPrices[i], part, c.req.BookingDates[i])
				}
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func TestPlanHoldRefuses(t *testing.T) {
	t.Parallel()
	req := func(drivers int, dates ...string) HoldRequest {
		return HoldRequest{BookingDates: dates, NumDrivers: drivers, Token: "cart"}
	}
	with := func(o Offer, f func(*Offer)) Offer {
		f(&o)
		return o
	}
	const day = "2026-12-02 "
	cases := []struct {
		name  string
		offer Offer
		req   HoldRequest
		field string
		text  string
	}{
		{"no drivers", product(), req(0, day+"10:00:00"), "numDrivers", "at least 1"},
		{"negative drivers", product(), req(-2, day+"10:00:00"), "numDrivers", "at least 1"},
		{"more than the default 12", product(), req(13, day+"10:00:00"), "numDrivers", "at most 12"},
		{"zero maxParticipants means 12", with(product(), func(o *Offer) { o.MaxParticipants = 0 }), req(13, day+"10:00:00"), "numDrivers", "at most 12"},
		{"more than the company's 6", with(product(), func(o *Offer) { o.MaxParticipants = 6 }), req(7, day+"10:00:00"), "numDrivers", "at most 6"},
		{"below the product's minimum", with(product(), func(o *Offer) { o.Data = `{"minParticipant":4}` }), req(3, day+"10:00:00"), "numDrivers", "at least 4"},
		{"minimum written as text", with(product(), func(o *Offer) { o.Data = `{"minParticipant":"4"}` }), req(3, day+"10:00:00"), "numDrivers", "at least 4"},
		{"not on sale", with(product(), func(o *Offer) { o.IsActive = false }), req(1, day+"10:00:00"), "idType", "not on sale"},
		{"no cart", product(), HoldRequest{BookingDates: []string{day + "10:00:00"}, NumDrivers: 1, Token: "  "}, "token", "required"},
		{"no session", product(), req(1), "bookingDates", "at least one"},
		{"more sessions than maxSlotsBooking", with(product(), func(o *Offer) { o.MaxSlots = 2 }), req(1, day+"10:00:00", day+"11:00:00", day+"12:00:00"), "bookingDates", "max_slots"},
		{"no maxSlotsBooking means 3", with(product(), func(o *Offer) { o.MaxSlots = 0; o.Installation.Settings.Interval = 15 }),
			req(1, day+"10:00:00", day+"10:15:00", day+"10:30:00", day+"10:45:00"), "bookingDates", "at most 3"},
		{"not a session start", product(), req(1, "2026-12-02T10:00:00"), "bookingDates", "not a session start"},
		{"no seconds", product(), req(1, day+"10:00"), "bookingDates", "not a session start"},
		{"not a date", product(), req(1, "2026-02-30 10:00:00"), "bookingDates", "not a session start"},
		{"two dates", product(), req(1, day+"10:00:00", "2026-12-03 10:00:00"), "bookingDates", "same date"},
		{"the same session twice", product(), req(1, day+"10:00:00", day+"11:00:00", day+"10:00:00"), "bookingDates", "duplicate"},
		{"between sessions", product(), req(1, day+"10:30:00"), "bookingDates", "not_in_schedule"},
		{"after closing", product(), req(1, day+"14:00:00"), "bookingDates", "not_in_schedule"},
		{"starting now", with(product(), func(o *Offer) { o.Installation.Settings.Opening = "08:00" }), req(1, "2026-12-01 09:00:00"), "bookingDates", "(past)"},
		{"started", with(product(), func(o *Offer) { o.Installation.Settings.Opening = "08:00" }), req(1, "2026-12-01 08:00:00"), "bookingDates", "(past)"},
		{"too soon", with(product(), func(o *Offer) { o.Installation.DisableHours = 2 }), req(1, "2026-12-01 10:00:00"), "bookingDates", "(past)"},
		{"beyond the window", product(), req(1, "2027-01-01 10:00:00"), "bookingDates", "(window)"},
		{"after the date limit", with(product(), func(o *Offer) { o.Installation.DateLimitEnabled, o.Installation.DateLimit = true, "2026-12-01" }), req(1, day+"10:00:00"), "bookingDates", "(window)"},
		{"online booking off", with(product(), func(o *Offer) { o.Installation.EnableBooking = false }), req(1, day+"10:00:00"), "bookingDates", "(closed)"},
		{"one bad session among good ones", product(), req(1, "2026-12-01 13:00:00", "2026-12-01 08:00:00"), "bookingDates", "not_in_schedule"},
		{"pack in the wrong order", pack(), req(1, day+"11:00:00", day+"10:00:00", day+"12:00:00"), "bookingDates", "pack_order"},
		{"pack with a gap", pack(), req(1, day+"10:00:00", day+"11:00:00", day+"13:00:00"), "bookingDates", "pack_contiguity"},
		{"pack short of a session", pack(), req(1, day+"10:00:00", day+"11:00:00"), "bookingDates", "pack_count"},
		{"pack with one too many", pack(), req(1, day+"10:00:00", day+"11:00:00", day+"12:00:00", day+"13:00:00"), "bookingDates", "pack_count"},
		{"pack past closing", pack(), req(1, day+"12:00:00", day+"13:00:00", day+"14:00:00"), "bookingDates", "not_in_schedule"},
		{"pack with gapSlots 1", with(pack(), func(o *Offer) { o.Data = `{"gapSlots":1}` }), req(1, day+"10:00:00", day+"11:00:00", day+"12:00:00"), "bookingDates", "pack_contiguity"},
		{"pack before opening", pack(), req(1, "2026-12-01 08:00:00", "2026-12-01 09:00:00", "2026-12-01 10:00:00"), "bookingDates", "not_in_schedule"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := PlanHold(c.offer, c.req, morning)
			var e *apperr.Error
			if err == nil || !asApp(err, &e) || e.Code != apperr.Unprocessable {
				t.Fatalf("err = %v, want unprocessable", err)
			}
			if msg, ok := e.Fields[c.field]; !ok || !strings.Contains(msg, c.text) {
				t.Errorf("fields %v, want %s: …%s…", e.Fields, c.field, c.text)
			}
		})
	}

	// Several problems are reported together, one per field.
	_, err := PlanHold(with(product(), func(o *Offer) { o.IsActive = false }), HoldRequest{NumDrivers: 0}, morning)
	var e *apperr.Error
	if !asApp(err, &e) || len(e.Fields) != 4 {
		t.Errorf("all problems at once: %v", err)
	}

	// A product whose stored data is broken is the server's fault, not the visitor's.
	_, err = PlanHold(with(product(), func(o *Offer) { o.Data = `{"minParticipant":` }), req(1, day+"10:00:00"), morning)
	if err == nil || apperr.CodeOf(err) != apperr.Internal {
		t.Errorf("broken product data: %v, want an internal error", err)
	}
}

func asApp(err error, e **apperr.Error) bool {
	if a, ok := err.(*apperr.Error); ok {
		*e = a
		return true
	}
	return false
}
