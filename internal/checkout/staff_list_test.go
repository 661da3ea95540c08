package checkout_test

import (
	"strings"
	"testing"

	"pitlane/internal/checkout"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func listBookings(t *testing.T, d *desk, body map[string]any) (int, checkout.BookingRows) {
	t.Helper()
	if _, ok := body["idCompany"]; !ok {
		body["idCompany"] = d.fix.CompanyID
	}
	res := d.admin.Do("POST", "/api/admin/retrieve-bookings", body, as...)
	var out checkout.BookingRows
	if res.Status == 200 {
		res.JSON(t, &out)
	}
	return res.Status, out
}

func idsOf(rows []checkout.BookingRow) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}

func sameIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The staff list by session date and by sale date: the right bookings in session order, only the
// company's, the totals without the cancelled rows, and cancellable only for a dated, live booking
// whose session is to come. (The clock stands at 2026-12-01 09:00, Madrid.)
func TestStaffBookingsList(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		a := func(s seed) int64 {
			s.company, s.circuit, s.product = d.fix.CompanyID, d.fix.Circuit, d.fix.Product
			return d.seedBooking(t, s)
		}
		paid := a(seed{start: "2026-11-10 10:00", created: "2026-10-01 12:00", name: "Ana", phone: "+34 600", email: "ana@x.example",
			drivers: 2, sessions: 2, cents: 4000})
		cancelled := a(seed{start: "2026-11-05 18:00", created: "2026-11-20 08:00", status: checkout.StatusCancelled, drivers: 3, cents: 6000})
		voucher := a(seed{created: "2026-11-15 10:00", status: checkout.StatusPending, drivers: 1, cents: 2000})
		december := a(seed{start: "2026-12-05 11:00", created: "2026-11-03 00:30", drivers: 4, cents: 8000})
		// Sold on 1 Nov at 00:30 Madrid (31 Oct 23:30 UTC): in November by the company's clock.
		lateSale := a(seed{start: "2026-12-06 11:00", created: "2026-11-01 00:30", drivers: 1, cents: 1000})
		// Sold on 1 Dec at 00:30 Madrid (30 Nov 23:30 UTC): not in November.
		a(seed{start: "2026-12-07 11:00", created: "2026-12-01 00:30", drivers: 1, cents: 1000})
		d.seedBooking(t, seed{company: d.b.CompanyID, circuit: d.b.Circuit, product: d.b.Product, start: "2026-11-10 10:00",
			created: "2026-11-10 10:00", drivers: 5, cents: 9900})

		status, rows := listBookings(t, d, map[string]any{"dateIni": "2026-11-01", "dateEnd": "2026-11-30"})
		if status != 200 || !sameIDs(idsOf(rows.Data), []int64{cancelled, paid}) {
			t.Fatalf("by session date: %d %v", status, idsOf(rows.Data))
		}
		if rows.Totals != (checkout.BookingTotals{Bookings: 2, Sessions: 2, Drivers: 2, Price: 4000}) {
			t.Errorf("totals %+v", rows.Totals)
		}
		r := rows.Data[1]
		if r.BookingDate == nil || *r.BookingDate != "2026-11-10 10:00" || r.Track != "Track A" || r.State != checkout.StatusPaid ||
			r.NumParticipants != 2 || r.Price != 4000 || r.ContactName != "Ana" || r.Phone != "+34 600" || r.Cancellable {
			t.Errorf("row %+v", r)
		}

		status, rows = listBookings(t, d, map[string]any{"dateIni": "2026-11-01", "dateEnd": "2026-11-30", "filterType": checkout.FilterSaleDate})
		if status != 200 || !sameIDs(idsOf(rows.Data), []int64{cancelled, december, lateSale, voucher}) {
			t.Fatalf("by sale date: %d %v", status, idsOf(rows.Data))
		}
		if !rows.Data[1].Cancellable || rows.Data[0].Cancellable || rows.Data[3].Cancellable || rows.Data[3].BookingDate != nil {
			t.Errorf("cancellable: %+v", rows.Data)
		}
		if rows.Totals != (checkout.BookingTotals{Bookings: 4, Sessions: 2, Drivers: 6, Price: 11000}) {
			t.Errorf("totals %+v", rows.Totals)
		}
	})
}

// The range rules: start after end and ranges beyond the limit are 422 with field errors, malformed
// dates and filters 400; the limit is the company's maxDaysBooking but never under 31 days; another
// company is 403.
func TestStaffBookingsRange(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		for _, c := range []struct {
			body   map[string]any
			status int
		}{
			{map[string]any{"dateIni": "2026-11-01", "dateEnd": "2026-12-01"}, 200}, // 31 days, maxDaysBooking 30
			{map[string]any{"dateIni": "2026-11-01", "dateEnd": "2026-12-02"}, 422},
			{map[string]any{"dateIni": "2026-11-30", "dateEnd": "2026-11-01"}, 422},
			{map[string]any{"dateIni": "2026-11-31", "dateEnd": "2026-12-01"}, 400},
			{map[string]any{"dateIni": "01/11/2026", "dateEnd": "2026-12-01"}, 400},
			{map[string]any{"dateEnd": "2026-12-01"}, 400},
			{map[string]any{"dateIni": "2026-11-01", "dateEnd": "2026-11-02", "filterType": "other"}, 400},
			{map[string]any{"dateIni": "2026-11-01", "dateEnd": "2026-11-02", "extra": 1}, 400},
			{map[string]any{"idCompany": d.b.CompanyID, "dateIni": "2026-11-01", "dateEnd": "2026-11-02"}, 403},
		} {
			if status, _ := listBookings(t, d, c.body); status != c.status {
				t.Errorf("%v: %d, want %d", c.body, status, c.status)
			}
		}
		res := d.admin.Do("POST", "/api/admin/retrieve-bookings", map[string]any{"idCompany": d.fix.CompanyID,
			"dateIni": "2026-11-01", "dateEnd": "2026-12-02"}, as...)
		if res.Status != 422 || !strings.Contains(string(res.Body), `"dateEnd"`) {
			t.Errorf("field errors: %s", res.Body)
		}
		d.exec(t, `UPDATE installations SET max_days_booking = 60 WHERE company_id = ?`, d.fix.CompanyID)
		if status, _ := listBookings(t, d, map[string]any{"dateIni": "2026-11-01", "dateEnd": "2026-12-30"}); status != 200 {
			t.Errorf("60 days with maxDaysBooking 60: %d", status)
		}
		if status, _ := listBookings(t, d, map[string]any{"dateIni": "2026-11-01", "dateEnd": "2026-12-31"}); status != 422 {
			t.Errorf("61 days with maxDaysBooking 60: %d", status)
		}
		if res := d.admin.Do("POST", "/api/admin/retrieve-bookings", map[string]any{"idCompany": d.fix.CompanyID,
			"dateIni": "2026-11-01", "dateEnd": "2026-11-02"}); res.Status != 401 {
			t.Errorf("no session: %d", res.Status)
		}
	})
}
