package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// slotsOf decodes an availability answer into its sessions by start time.
func slotsOf(t *testing.T, res *apitest.Response) (sessions.Availability, map[string]sessions.SlotInfo) {
	t.Helper()
	var a sessions.AvailabilityResponse
	res.JSON(t, &a)
	m := map[string]sessions.SlotInfo{}
	for _, s := range a.Data.Slots {
		m[s.StartTime] = s
	}
	return a.Data, m
}

func availability(date string, id int64, kind string) string {
	return fmt.Sprintf("/api/booking/availability?date=%s&idType=%d&type=%s", date, id, kind)
}

// TestAvailability: GET /api/booking/availability on the demo's Circuito Norte (weekday schedule
// 10:00–14:00 and 16:00–22:00 every 15 minutes, 45 days ahead, dynamic prices) at Tuesday 12:07.
func TestAvailability(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		token := w.norteToken(t)
		auth := bearer(token)
		adult := w.productID(t, w.norte.ID, "101")
		pack := w.productID(t, w.norte.ID, "301")
		expect := func(fn func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo)) func(*testing.T, *apitest.Response) {
			return func(t *testing.T, res *apitest.Response) {
				a, s := slotsOf(t, res)
				fn(t, a, s)
			}
		}
		w.run(t, []row{
			{name: "a schedule day", method: "GET", path: availability("2026-12-02", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					if len(a.Slots) != 16+24 || a.Slots[0].StartTime != "10:00:00" || a.Slots[15].StartTime != "13:45:00" ||
						a.Slots[16].StartTime != "16:00:00" || a.Slots[39].StartTime != "21:45:00" {
						t.Fatalf("%d sessions: %+v", len(a.Slots), a.Slots)
					}
					for _, sl := range a.Slots {
						if !sl.Available || sl.UsersAvailable != 12 || sl.MaxParticipants != 12 || sl.IDProduct != adult ||
							sl.IDPack != nil || sl.Price != 22 || sl.Reason != "" {
							t.Errorf("session %+v", sl)
						}
					}
					if a.TimeZone != "Europe/Madrid" || a.MaxDaysBooking != 45 || a.DateLimitBooking.Enabled || a.DisableHoursBooking != 0 {
						t.Errorf("settings %+v", a)
					}
				})},
			{name: "today: started sessions are past", method: "GET", path: availability("2026-12-01", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					for _, sl := range a.Slots {
						past := sl.StartTime <= "12:07:00"
						if sl.Available == past || (past && sl.Reason != "past") {
							t.Errorf("at 12:07, session %s: available %v reason %q", sl.StartTime, sl.Available, sl.Reason)
						}
					}
					if s["12:00:00"].Available || !s["12:15:00"].Available {
						t.Errorf("12:00 %+v, 12:15 %+v", s["12:00:00"], s["12:15:00"])
					}
				})},
			{name: "yesterday is past", method: "GET", path: availability("2026-11-30", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					if len(a.Slots) == 0 || a.Slots[len(a.Slots)-1].Available || a.Slots[len(a.Slots)-1].Reason != "past" {
						t.Errorf("yesterday %+v", a.Slots)
					}
				})},
			{name: "Friday evening is dearer", method: "GET", path: availability("2026-12-04", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					if s["17:45:00"].Price != 22 || s["18:00:00"].Price != 27 || s["21:45:00"].Price != 27 {
						t.Errorf("Friday prices 17:45 %v, 18:00 %v, 21:45 %v; want 22, 27, 27",
							s["17:45:00"].Price, s["18:00:00"].Price, s["21:45:00"].Price)
					}
				})},
			{name: "exceptional day price", method: "GET", path: availability("2026-12-22", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					if s["10:00:00"].Price != 25 || s["21:00:00"].Price != 25 {
						t.Errorf("exceptional day prices %v / %v, want 25", s["10:00:00"].Price, s["21:00:00"].Price)
					}
				})},
			{name: "special closing day has no sessions", method: "GET", path: availability("2026-12-11", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					if len(a.Slots) != 0 {
						t.Errorf("closed day has %d sessions", len(a.Slots))
					}
				})},
			{name: "last day of the window", method: "GET", path: availability("2027-01-15", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					for _, sl := range a.Slots {
						if !sl.Available {
							t.Errorf("45 days ahead: %+v", sl)
						}
					}
				})},
			{name: "past maxDaysBooking", method: "GET", path: availability("2027-01-16", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					if len(a.Slots) == 0 {
						t.Fatal("no sessions")
					}
					for _, sl := range a.Slots {
						if sl.Available || sl.Reason != "window" {
							t.Errorf("46 days ahead: %+v", sl)
						}
					}
				})},
			{name: "a pack", method: "GET", path: availability("2026-12-02", pack, "PACK"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					sl := s["10:00:00"]
					if sl.IDPack == nil || *sl.IDPack != pack || sl.IDProduct != adult || sl.Price != 79 || !sl.Available {
						t.Errorf("pack session %+v", sl)
					}
				})},
			{name: "type in lower case", method: "GET", path: availability("2026-12-02", adult, "product"), headers: auth, status: 200},
			{name: "bad date", method: "GET", path: availability("2026-13-01", adult, "PRODUCT"), headers: auth, status: 400, code: apperr.Invalid, field: "date"},
			{name: "not a date", method: "GET", path: availability("tomorrow", adult, "PRODUCT"), headers: auth, status: 400, code: apperr.Invalid, field: "date"},
			{name: "missing date", method: "GET", path: fmt.Sprintf("/api/booking/availability?idType=%d&type=PRODUCT", adult), headers: auth, status: 400, code: apperr.Invalid, field: "date", text: "required"},
			{name: "bad type", method: "GET", path: availability("2026-12-02", adult, "EVENT"), headers: auth, status: 400, code: apperr.Invalid, field: "type"},
			{name: "missing type", method: "GET", path: fmt.Sprintf("/api/booking/availability?date=2026-12-02&idType=%d", adult), headers: auth, status: 400, code: apperr.Invalid, field: "type"},
			{name: "malformed idType", method: "GET", path: "/api/booking/availability?date=2026-12-02&idType=x&type=PRODUCT", headers: auth, status: 400, code: apperr.Invalid, field: "idType"},
			{name: "missing token", method: "GET", path: availability("2026-12-02", adult, "PRODUCT"), status: 401, code: apperr.Unauthorized},
			{name: "not a bearer token", method: "GET", path: availability("2026-12-02", adult, "PRODUCT"), headers: []string{"Authorization", "Basic " + token}, status: 401, code: apperr.Unauthorized},
			{name: "unknown token", method: "GET", path: availability("2026-12-02", adult, "PRODUCT"), headers: bearer("not-a-company-token"), status: 401, code: apperr.Unauthorized},
			{name: "unknown product", method: "GET", path: availability("2026-12-02", 999999, "PRODUCT"), headers: auth, status: 404, code: apperr.NotFound},
			{name: "a product as a pack", method: "GET", path: availability("2026-12-02", adult, "PACK"), headers: auth, status: 404, code: apperr.NotFound},
			{name: "another company's product", method: "GET", path: availability("2026-12-02", w.productID(t, w.fjord.ID, "101"), "PRODUCT"), headers: auth, status: 404, code: apperr.NotFound},
		})

		// An enabled date limit closes the days after it; the answer says so.
		if err := db.Write(t.Context(), func(tx *store.Tx) error {
			_, err := tx.Exec(t.Context(), `UPDATE installations SET date_limit_enabled = 1, date_limit_date = '2026-12-10', disable_hours_booking = 2
				WHERE company_id = ?`, w.norte.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		w.run(t, []row{
			{name: "on the date limit", method: "GET", path: availability("2026-12-10", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					if a.DateLimitBooking.Date == nil || *a.DateLimitBooking.Date != "2026-12-10" || !a.DateLimitBooking.Enabled {
						t.Errorf("dateLimitBooking %+v", a.DateLimitBooking)
					}
					if !s["10:00:00"].Available || !s["21:45:00"].Available {
						t.Errorf("the limit date itself is bookable: %+v", a.Slots)
					}
				})},
			{name: "after the date limit", method: "GET", path: availability("2026-12-12", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					if len(a.Slots) == 0 {
						t.Fatal("no sessions")
					}
					for _, sl := range a.Slots {
						if sl.Available || sl.Reason != "window" {
							t.Errorf("after the limit: %+v", sl)
						}
					}
				})},
			{name: "disabled hours", method: "GET", path: availability("2026-12-01", adult, "PRODUCT"), headers: auth, status: 200,
				check: expect(func(t *testing.T, a sessions.Availability, s map[string]sessions.SlotInfo) {
					// Now is 12:07: with 2 disabled hours nothing before 14:07 can be booked.
					if a.DisableHoursBooking != 2 || s["13:45:00"].Available || s["13:45:00"].Reason != "past" || !s["16:00:00"].Available {
						t.Errorf("with 2 disabled hours: 13:45 %+v, 16:00 %+v", s["13:45:00"], s["16:00:00"])
					}
				})},
		})
	})
}

// TestAvailabilityCountsHolds: places held by pre-bookings come off the sessions they hold, a pack's
// on each of its circuits, and come back when released.
func TestAvailabilityCountsHolds(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newFixtureWorld(t, db)
		f := w.fix
		auth := bearer(f.Token)
		cart := w.cart(t, f.CompanyID)
		hold := w.api.Do("POST", "/api/prebooking", sessions.HoldRequest{BookingDates: []string{"2026-12-02 10:00:00"},
			NumDrivers: 3, IDType: f.Product, Type: "PRODUCT", Token: cart}, append(auth, "X-Visitor-Id", "visitor-0001")...)
		if hold.Status != 201 {
			t.Fatalf("hold: %d %s", hold.Status, hold.Body)
		}
		packHold := w.api.Do("POST", "/api/prebooking", sessions.HoldRequest{BookingDates: []string{"2026-12-02 12:00:00", "2026-12-02 12:30:00", "2026-12-02 13:00:00"},
			NumDrivers: 2, IDType: f.Pack, Type: "PACK", Token: cart}, append(auth, "X-Visitor-Id", "visitor-0001")...)
		if packHold.Status != 201 {
			t.Fatalf("pack hold: %d %s", packHold.Status, packHold.Body)
		}
		_, s := slotsOf(t, w.api.Do("GET", availability("2026-12-02", f.Product, "PRODUCT"), nil, auth...))
		for at, want := range map[string]int{"10:00:00": 9, "10:15:00": 12, "12:00:00": 10, "12:30:00": 12, "13:00:00": 10} {
			if got := s[at].UsersAvailable; got != want {
				t.Errorf("Track A %s: %d places, want %d", at, got, want)
			}
		}
		_, s2 := slotsOf(t, w.api.Do("GET", availability("2026-12-02", f.Product2, "PRODUCT"), nil, auth...))
		if s2["12:30:00"].UsersAvailable != 10 || s2["12:00:00"].UsersAvailable != 12 {
			t.Errorf("Track B 12:00 %d, 12:30 %d; want 12, 10", s2["12:00:00"].UsersAvailable, s2["12:30:00"].UsersAvailable)
		}

		// Fill 10:00 to the brim: it shows full.
		full := w.api.Do("POST", "/api/prebooking", sessions.HoldRequest{BookingDates: []string{"2026-12-02 10:00:00"},
			NumDrivers: 9, IDType: f.Product, Type: "PRODUCT", Token: w.cart(t, f.CompanyID)}, auth...)
		if full.Status != 201 {
			t.Fatalf("fill: %d %s", full.Status, full.Body)
		}
		_, s = slotsOf(t, w.api.Do("GET", availability("2026-12-02", f.Product, "PRODUCT"), nil, auth...))
		if sl := s["10:00:00"]; sl.UsersAvailable != 0 || sl.Available || sl.Reason != "full" {
			t.Errorf("full session %+v", sl)
		}

		// Holds expire by themselves: 10 minutes later every place is back.
		w.clk.Advance(10*time.Minute + time.Second)
		_, s = slotsOf(t, w.api.Do("GET", availability("2026-12-02", f.Product, "PRODUCT"), nil, auth...))
		for _, at := range []string{"10:00:00", "12:00:00", "13:00:00"} {
			if sl := s[at]; sl.UsersAvailable != 12 || !sl.Available {
				t.Errorf("after expiry %s: %+v", at, sl)
			}
		}
	})
}

// cart creates a shopping cart over HTTP and returns its token.
func (w *world) cart(t *testing.T, companyID int64) string {
	t.Helper()
	res := w.api.Do("POST", "/api/payment/shopping-cart", map[string]int64{"idCompany": companyID})
	if res.Status != http.StatusCreated {
		t.Fatalf("cart: %d %s", res.Status, res.Body)
	}
	var out struct{ Token string }
	res.JSON(t, &out)
	return out.Token
}

// holdBody is a pre-booking request as JSON, so rows can send fields of any type.
type holdBody = map[string]any

// TestPrebooking: POST /api/prebooking on the fixture (capacity 12, 10:00–22:00 every 15 minutes,
// 30 days ahead, company maxParticipants -1 meaning 12, three sessions per booking).
func TestPrebooking(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		f := w.fix
		auth := bearer(f.Token)
		// Each request in a cart of its own: maxSlotsBooking counts the sessions a whole cart holds.
		req := func(drivers int, id int64, kind string, dates ...string) holdBody {
			return holdBody{"bookingDates": dates, "numDrivers": drivers, "idType": id, "type": kind, "token": w.cart(t, f.CompanyID)}
		}
		maxCart := w.cart(t, f.CompanyID)
		inCart := func(cart string, dates ...string) holdBody {
			return holdBody{"bookingDates": dates, "numDrivers": 1, "idType": f.Product, "type": "PRODUCT", "token": cart}
		}
		as := func(visitor string) []string { return append(bearer(f.Token), "X-Visitor-Id", visitor) }
		d := func(hhmm string) string { return "2026-12-02 " + hhmm + ":00" }
		var first sessions.Hold
		lowball := req(2, f.Product, "PRODUCT", d("10:00"))
		lowball["price"] = 0.01
		gp := w.productID(t, w.norte.ID, "103") // minParticipant 4
		norteCart := w.cart(t, w.norte.ID)

		rows := []row{
			{name: "201 and the server's price", method: "POST", path: "/api/prebooking", body: lowball, headers: as("visitor-aaaa"), status: 201,
				check: func(t *testing.T, res *apitest.Response) {
					res.JSON(t, &first)
					if first.Price != 40 || first.NumDrivers != 2 || first.PrebookingDate != d("10:00") ||
						!first.ExpiresAt.Equal(now.Add(10*time.Minute)) || len(first.Identifier) != 32 {
						t.Errorf("hold %+v", first)
					}
					unit, total := w.cartLine(t, first.Identifier)
					if unit != 2000 || total != 4000 {
						t.Errorf("cart line unit %d total %d cents, want 2000 and 4000", unit, total)
					}
				}},
			{name: "several sessions add up", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("11:00"), d("11:30"), d("12:00")), headers: as("visitor-bbbb"), status: 201,
				check: func(t *testing.T, res *apitest.Response) {
					var h sessions.Hold
					res.JSON(t, &h)
					if h.Price != 60 || h.PrebookingDate != d("11:00") {
						t.Errorf("three sessions %+v, want price 60", h)
					}
				}},
			{name: "a pack costs its own price once", method: "POST", path: "/api/prebooking", body: req(2, f.Pack, "PACK", d("14:00"), d("14:30"), d("15:00")), headers: as("visitor-cccc"), status: 201,
				check: func(t *testing.T, res *apitest.Response) {
					var h sessions.Hold
					res.JSON(t, &h)
					if h.Price != 100 {
						t.Errorf("pack for 2: %+v, want price 100", h)
					}
				}},
			{name: "12 drivers is the most", method: "POST", path: "/api/prebooking", body: req(12, f.Product, "PRODUCT", d("16:00")), status: 201},
			{name: "420 same visitor same session", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("10:00")), headers: as("visitor-aaaa"), status: 420, code: apperr.SameUserSlot},
			{name: "420 in a new cart too", method: "POST", path: "/api/prebooking", body: holdBody{"bookingDates": []string{d("10:00")}, "numDrivers": 1, "idType": f.Product, "type": "PRODUCT", "token": w.cart(t, f.CompanyID)}, headers: as("visitor-aaaa"), status: 420, code: apperr.SameUserSlot},
			{name: "420 naming the one session of several the visitor holds", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("12:30"), d("11:30")), headers: as("visitor-bbbb"), status: 420, code: apperr.SameUserSlot,
				check: func(t *testing.T, res *apitest.Response) {
					if !strings.Contains(string(res.Body), "You already hold the session at 2026-12-02 11:30.") {
						t.Errorf("body %s", res.Body)
					}
				}},
			{name: "another visitor may", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("10:00")), headers: as("visitor-dddd"), status: 201},
			{name: "421 full", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("16:00")), status: 421, code: apperr.NoStock},
			{name: "421 all or nothing", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("16:15"), d("16:00")), status: 421, code: apperr.NoStock},
			{name: "421 not enough stock", method: "POST", path: "/api/prebooking", body: req(11, f.Limited, "PRODUCT", d("17:00")), status: 421, code: apperr.NoStock},
			{name: "422 no drivers", method: "POST", path: "/api/prebooking", body: req(0, f.Product, "PRODUCT", d("17:00")), status: 422, code: apperr.Unprocessable, field: "numDrivers"},
			{name: "422 more than 12 drivers", method: "POST", path: "/api/prebooking", body: req(13, f.Product, "PRODUCT", d("17:00")), status: 422, code: apperr.Unprocessable, field: "numDrivers", text: "at most 12"},
			{name: "422 below the product's minimum", method: "POST", path: "/api/prebooking",
				body:    holdBody{"bookingDates": []string{d("17:00")}, "numDrivers": 3, "idType": gp, "type": "PRODUCT", "token": norteCart},
				headers: bearer(w.norteToken(t)), status: 422, code: apperr.Unprocessable, field: "numDrivers", text: "at least 4"},
			{name: "422 not a session of the schedule", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", "2026-12-02 10:05:00"), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "not_in_schedule"},
			{name: "422 after closing", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("22:00")), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "not_in_schedule"},
			{name: "422 not a date", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", "tomorrow at ten"), status: 422, code: apperr.Unprocessable, field: "bookingDates"},
			{name: "422 no session", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT"), status: 422, code: apperr.Unprocessable, field: "bookingDates"},
			{name: "422 in the past", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", "2026-12-01 12:00:00"), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "(past)"},
			{name: "422 outside the window", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", "2027-01-01 12:00:00"), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "(window)"},
			{name: "422 more sessions than maxSlotsBooking", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("17:00"), d("17:15"), d("17:30"), d("17:45")), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "max_slots"},
			{name: "two sessions in a cart", method: "POST", path: "/api/prebooking", body: inCart(maxCart, d("19:00"), d("19:15")), status: 201},
			{name: "422 two more in the same cart", method: "POST", path: "/api/prebooking", body: inCart(maxCart, d("19:30"), d("19:45")), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "max_slots",
				check: func(t *testing.T, res *apitest.Response) {
					if !strings.Contains(string(res.Body), "You have reached the maximum number of sessions per booking (3).") {
						t.Errorf("body %s", res.Body)
					}
				}},
			{name: "one more fits", method: "POST", path: "/api/prebooking", body: inCart(maxCart, d("19:30")), status: 201},
			{name: "422 sessions on two dates", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("17:00"), "2026-12-03 17:00:00"), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "same date"},
			{name: "422 the same session twice", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("17:00"), d("17:00")), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "duplicate"},
			{name: "422 pack in the wrong order", method: "POST", path: "/api/prebooking", body: req(1, f.Pack, "PACK", d("18:30"), d("18:00"), d("19:00")), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "pack_order"},
			{name: "422 pack with a gap", method: "POST", path: "/api/prebooking", body: req(1, f.Pack, "PACK", d("18:00"), d("18:15"), d("18:30")), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "pack_contiguity"},
			{name: "422 pack short of a session", method: "POST", path: "/api/prebooking", body: req(1, f.Pack, "PACK", d("18:00"), d("18:30")), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "pack_count"},
			{name: "422 pack running past closing", method: "POST", path: "/api/prebooking", body: req(1, f.Pack, "PACK", d("21:00"), d("21:30"), d("22:00")), status: 422, code: apperr.Unprocessable, field: "bookingDates", text: "not_in_schedule"},
			{name: "422 unknown type", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "EVENT", d("17:00")), status: 422, code: apperr.Unprocessable, field: "type"},
			{name: "422 no cart token", method: "POST", path: "/api/prebooking", body: holdBody{"bookingDates": []string{d("17:00")}, "numDrivers": 1, "idType": f.Product, "type": "PRODUCT"}, status: 422, code: apperr.Unprocessable, field: "token"},
			{name: "401 no company token", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("17:00")), status: 401, code: apperr.Unauthorized},
			{name: "401 unknown company token", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("17:00")), headers: bearer("nobody"), status: 401, code: apperr.Unauthorized},
			{name: "404 unknown cart", method: "POST", path: "/api/prebooking", body: holdBody{"bookingDates": []string{d("17:00")}, "numDrivers": 1, "idType": f.Product, "type": "PRODUCT", "token": "no-such-cart"}, status: 404, code: apperr.NotFound, field: "token"},
			{name: "404 another company's cart", method: "POST", path: "/api/prebooking", body: holdBody{"bookingDates": []string{d("17:00")}, "numDrivers": 1, "idType": f.Product, "type": "PRODUCT", "token": norteCart}, status: 404, code: apperr.NotFound, field: "token"},
			{name: "404 unknown product", method: "POST", path: "/api/prebooking", body: req(1, 999999, "PRODUCT", d("17:00")), status: 404, code: apperr.NotFound},
			{name: "400 malformed JSON", method: "POST", path: "/api/prebooking", body: `{"numDrivers": 1,`, status: 400, code: apperr.Invalid},
			{name: "400 unknown field", method: "POST", path: "/api/prebooking", body: `{"numDrivers": 1, "discount": 100}`, status: 400, code: apperr.Invalid, field: "discount"},
			{name: "400 wrong type", method: "POST", path: "/api/prebooking", body: `{"numDrivers": "two"}`, status: 400, code: apperr.Invalid, field: "numDrivers"},
			{name: "400 two objects", method: "POST", path: "/api/prebooking", body: `{} {}`, status: 400, code: apperr.Invalid},
			{name: "400 empty body", method: "POST", path: "/api/prebooking", body: "", status: 400, code: apperr.Invalid},
			{name: "400 malformed visitor id", method: "POST", path: "/api/prebooking", body: req(1, f.Product, "PRODUCT", d("17:00")), headers: as("x y"), status: 400, code: apperr.Invalid, field: "X-Visitor-Id"},
		}
		for i := range rows {
			if rows[i].headers == nil && rows[i].status != 401 {
				rows[i].headers = auth
			}
		}
		w.run(t, rows)
		// None of the refused requests took a place: 10:00 has the first hold's 2 and the other visitor's 1.
		_, s := slotsOf(t, w.api.Do("GET", availability("2026-12-02", f.Product, "PRODUCT"), nil, auth...))
		if s["10:00:00"].UsersAvailable != 9 || s["16:15:00"].UsersAvailable != 12 || s["17:00:00"].UsersAvailable != 12 {
			t.Errorf("places left 10:00 %d, 16:15 %d, 17:00 %d; want 9, 12, 12",
				s["10:00:00"].UsersAvailable, s["16:15:00"].UsersAvailable, s["17:00:00"].UsersAvailable)
		}
	})
}

// cartLine returns the unit and total price (cents) of the cart line of a hold.
func (w *world) cartLine(t *testing.T, identifier string) (unit, total int64) {
	t.Helper()
	err := w.db.Read(t.Context(), func(tx *store.Tx) error {
		return tx.QueryRow(t.Context(), `SELECT cl.unit_price_cents, cl.total_cents FROM cart_lines cl
			JOIN holds h ON h.id = cl.hold_id WHERE h.identifier = ?`, identifier).Scan(&unit, &total)
	})
	if err != nil {
		t.Fatalf("cart line of %s: %v", identifier, err)
	}
	return unit, total
}

// TestReleasePrebooking: DELETE /api/prebooking/{id} gives the places back, harmlessly twice.
func TestReleasePrebooking(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newFixtureWorld(t, db)
		f := w.fix
		auth := bearer(f.Token)
		cart := w.cart(t, f.CompanyID)
		holdAt := func(hhmm string, drivers int) string {
			res := w.api.Do("POST", "/api/prebooking", sessions.HoldRequest{BookingDates: []string{"2026-12-02 " + hhmm + ":00"},
				NumDrivers: drivers, IDType: f.Product, Type: "PRODUCT", Token: cart}, append(auth, "X-Visitor-Id", "visitor-release")...)
			if res.Status != 201 {
				t.Fatalf("hold: %d %s", res.Status, res.Body)
			}
			var h sessions.Hold
			res.JSON(t, &h)
			return h.Identifier
		}
		placesAt := func(hhmm string) int {
			_, s := slotsOf(t, w.api.Do("GET", availability("2026-12-02", f.Product, "PRODUCT"), nil, auth...))
			return s[hhmm+":00"].UsersAvailable
		}
		id := holdAt("10:00", 5)
		booked := holdAt("11:00", 1)
		if err := db.Write(t.Context(), func(tx *store.Tx) error {
			_, err := tx.Exec(t.Context(), `UPDATE holds SET booking_id = 1 WHERE identifier = ?`, booked)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if placesAt("10:00") != 7 {
			t.Fatalf("held 5 of 12: %d left", placesAt("10:00"))
		}
		released := func(t *testing.T, res *apitest.Response) {
			var out map[string]bool
			res.JSON(t, &out)
			if !out["released"] {
				t.Errorf("answer %s", res.Body)
			}
			if n := placesAt("10:00"); n != 12 {
				t.Errorf("after release %d places, want 12", n)
			}
		}
		w.run(t, []row{
			{name: "200 released", method: "DELETE", path: "/api/prebooking/" + id, body: map[string]string{"token": cart}, status: 200, check: released},
			{name: "200 again", method: "DELETE", path: "/api/prebooking/" + id, body: map[string]string{"token": cart}, status: 200, check: released},
			{name: "200 unknown identifier", method: "DELETE", path: "/api/prebooking/never-held", body: map[string]string{"token": cart}, status: 200},
			{name: "404 unknown cart", method: "DELETE", path: "/api/prebooking/" + id, body: map[string]string{"token": "no-such-cart"}, status: 404, code: apperr.NotFound, field: "token"},
			{name: "409 already booked", method: "DELETE", path: "/api/prebooking/" + booked, body: map[string]string{"token": cart}, status: 409, code: apperr.Conflict},
			{name: "422 no token", method: "DELETE", path: "/api/prebooking/" + id, body: map[string]string{"token": ""}, status: 422, code: apperr.Unprocessable, field: "token"},
			{name: "400 malformed JSON", method: "DELETE", path: "/api/prebooking/" + id, body: `{"token":`, status: 400, code: apperr.Invalid},
			{name: "400 unknown field", method: "DELETE", path: "/api/prebooking/" + id, body: `{"token":"x","force":true}`, status: 400, code: apperr.Invalid, field: "force"},
			{name: "400 no body", method: "DELETE", path: "/api/prebooking/" + id, status: 400, code: apperr.Invalid},
		})
		// Released places can be held again straight away, all of them, by the same visitor too.
		holdAt("10:00", 12)
	})
}

// TestShoppingCart: POST /api/payment/shopping-cart.
func TestShoppingCart(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newFixtureWorld(t, db)
		var tokens []string
		created := func(t *testing.T, res *apitest.Response) {
			var out struct{ Token string }
			res.JSON(t, &out)
			if len(out.Token) != 32 || strings.Trim(out.Token, "0123456789abcdef") != "" {
				t.Errorf("token %q, want 32 hex characters", out.Token)
			}
			tokens = append(tokens, out.Token)
		}
		w.run(t, []row{
			{name: "201", method: "POST", path: "/api/payment/shopping-cart", body: map[string]any{"idCompany": w.fix.CompanyID}, status: 201, check: created},
			{name: "201 another", method: "POST", path: "/api/payment/shopping-cart", body: map[string]any{"idCompany": w.fix.CompanyID}, status: 201, check: created},
			{name: "404 unknown company", method: "POST", path: "/api/payment/shopping-cart", body: map[string]any{"idCompany": 999999}, status: 404, code: apperr.NotFound},
			{name: "422 no company", method: "POST", path: "/api/payment/shopping-cart", body: map[string]any{}, status: 422, code: apperr.Unprocessable, field: "idCompany"},
			{name: "400 malformed JSON", method: "POST", path: "/api/payment/shopping-cart", body: `{"idCompany":`, status: 400, code: apperr.Invalid},
			{name: "400 wrong type", method: "POST", path: "/api/payment/shopping-cart", body: `{"idCompany":"one"}`, status: 400, code: apperr.Invalid, field: "idCompany"},
			{name: "400 unknown field", method: "POST", path: "/api/payment/shopping-cart", body: `{"idCompany":1,"total":0}`, status: 400, code: apperr.Invalid, field: "total"},
			{name: "400 not JSON", method: "POST", path: "/api/payment/shopping-cart", body: `idCompany=1`, status: 400, code: apperr.Invalid},
		})
		if len(tokens) != 2 || tokens[0] == tokens[1] {
			t.Errorf("tokens %q", tokens)
		}
	})
}
