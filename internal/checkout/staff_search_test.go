package checkout_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"pitlane/internal/checkout"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// The staff list's search finds a booking by its short reference (as read out: any case, with or
// without the dash), by part of the customer's name or e-mail, or by the phone's digits however they
// are spaced; each row carries its reference in the shown form, and a wildcard typed is literal.
func TestStaffBookingsSearch(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		a := func(s seed) int64 {
			s.company, s.circuit, s.product = d.fix.CompanyID, d.fix.Circuit, d.fix.Product
			return d.seedBooking(t, s)
		}
		ana := a(seed{start: "2026-11-10 10:00", created: "2026-10-01 12:00", name: "Ana García", phone: "+34 600 123 456",
			email: "ana@x.example", drivers: 2, sessions: 1, cents: 4000})
		luis := a(seed{start: "2026-11-11 10:00", created: "2026-10-01 12:00", name: "Luis", phone: "+34 611 999 000",
			email: "luis_100%@y.example", drivers: 1, sessions: 1, cents: 2000})
		// Seeded rows have no reference yet: the start-up backfill gives them one, as for old bookings.
		if n, err := db.BackfillReferences(context.Background()); err != nil || n < 2 {
			t.Fatalf("backfill: %d, %v", n, err)
		}
		d.exec(t, `UPDATE bookings SET reference = 'KXR7PM42' WHERE id = ?`, ana)

		body := func(search string) map[string]any {
			return map[string]any{"dateIni": "2026-11-01", "dateEnd": "2026-11-30", "search": search}
		}
		status, rows := listBookings(t, d, body(""))
		if status != 200 || len(rows.Data) != 2 {
			t.Fatalf("no search: %d %v", status, idsOf(rows.Data))
		}
		for _, r := range rows.Data {
			if len(r.Reference) != 9 || r.Reference[4] != '-' || checkout.NormalizeReference(r.Reference) == "" {
				t.Errorf("row %d reference %q", r.ID, r.Reference)
			}
		}
		for search, want := range map[string][]int64{
			"KXR7-PM42": {ana}, "kxr7pm42": {ana}, " kxr7 pm42 ": {ana},
			"garcía": {ana}, "ANA": {ana}, ".example": {ana, luis}, "x.example": {ana}, "600123": {ana}, "611 999": {luis},
			"luis_100%": {luis}, "0%": {luis}, "%%": {}, "_1": {luis}, "nobody": {}, "12": {},
		} {
			status, rows := listBookings(t, d, body(search))
			if status != 200 || !sameIDs(idsOf(rows.Data), want) {
				t.Errorf("search %q: %d %v, want %v", search, status, idsOf(rows.Data), want)
			}
		}
		for _, bad := range []string{strings.Repeat("a", checkout.MaxSearchLength+1), "a", " % "} {
			if status, _ := listBookings(t, d, body(bad)); status != 422 {
				t.Errorf("search %q: %d, want 422", bad, status)
			}
		}
	})
}

// The search over all dates (no range): by the reference typed in lower case without the dash, the
// start of the name or of any of its first three words, the start of the e-mail (in any case), or the
// phone's digits with or without the country code; exactly the expected bookings, never another
// company's look-alike, at most SearchLimit rows (the most recent session first) with truncated set.
func TestStaffBookingsSearchAllDates(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		a := func(s seed) int64 {
			s.company, s.circuit, s.product = d.fix.CompanyID, d.fix.Circuit, d.fix.Product
			return d.seedBooking(t, s)
		}
		ana := a(seed{start: "2026-11-10 10:00", created: "2026-10-01 12:00", name: "Ana", phone: "+34 615 989 202",
			email: "Ana.Garcia@x.example"})
		d.exec(t, `UPDATE bookings SET contact_surname = 'María García', reference = 'KXR7PM42' WHERE id = ?`, ana)
		asa := a(seed{start: "2025-03-02 18:00", created: "2025-02-01 12:00", name: "Åsa Lind", phone: "+46 70-123 45 67",
			email: "ASA@Lind.example"})
		marta := a(seed{created: "2026-06-01 12:00", name: "Marta Gil", phone: "600 000 001", email: "marta@y.example"})
		// Company B's look-alike of Ana: same name, phone, e-mail and reference.
		other := d.seedBooking(t, seed{company: d.b.CompanyID, circuit: d.b.Circuit, product: d.b.Product,
			start: "2026-11-10 10:00", created: "2026-10-01 12:00", name: "Ana María García", phone: "+34615989202",
			email: "ana.garcia@x.example"})
		d.exec(t, `UPDATE bookings SET reference = 'KXR7PM42' WHERE id = ?`, other)

		find := func(search string) (int, checkout.BookingRows) {
			return listBookings(t, d, map[string]any{"search": search})
		}
		for search, want := range map[string][]int64{
			"kxr7pm42": {ana}, "KXR7-PM42": {ana}, "kxr7 pm42": {ana},
			"ana": {ana}, "ANA MARÍA G": {ana}, "maría": {ana}, "garc": {ana}, "åsa": {asa}, "lind": {asa}, "marta gil": {marta},
			"ana.garcia@": {ana}, "asa@lind.ex": {asa}, "MARTA@Y": {marta},
			"615989202": {ana}, "+34 615 989 202": {ana}, "0034 615 989 202": {ana}, "989202": {ana},
			"701234567": {asa}, "+46 70 123 45 67": {asa},
			"98920": {}, "ía": {}, "x.example": {}, "nobody": {}, "KXR7PM43": {},
		} {
			status, rows := find(search)
			got := idsOf(rows.Data)
			slices.Sort(got)
			if status != 200 || !sameIDs(got, want) {
				t.Errorf("search %q: %d %v, want %v", search, status, got, want)
			}
			if rows.Totals.Bookings != len(want) || rows.Totals.Truncated {
				t.Errorf("search %q: totals %+v", search, rows.Totals)
			}
			for _, r := range rows.Data {
				if r.ID == ana && r.Reference != "KXR7-PM42" {
					t.Errorf("search %q: reference %q", search, r.Reference)
				}
			}
		}
		for _, bad := range []map[string]any{{"search": "a"}, {"search": strings.Repeat("ab", 51)}} {
			if status, _ := listBookings(t, d, bad); status != 422 {
				t.Errorf("%v: %d, want 422", bad, status)
			}
		}
		if status, _ := listBookings(t, d, map[string]any{}); status != 400 {
			t.Errorf("neither dates nor search: %d, want 400", status)
		}
		if status, _ := listBookings(t, d, map[string]any{"search": "ana", "dateIni": "2026-11-01"}); status != 400 {
			t.Errorf("a search with one date: %d, want 400", status)
		}

		// More matches than the limit: the most recent sessions first, and truncated.
		day := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
		for i := range checkout.SearchLimit + 1 {
			a(seed{start: day.AddDate(0, 0, i).Format("2006-01-02 15:04"), created: "2025-12-01 12:00", name: "Zed",
				phone: "1", email: "zed@z.example"})
		}
		status, rows := find("zed")
		if status != 200 || len(rows.Data) != checkout.SearchLimit || !rows.Totals.Truncated || rows.Totals.Bookings != checkout.SearchLimit {
			t.Fatalf("zed: %d, %d rows, totals %+v", status, len(rows.Data), rows.Totals)
		}
		last := day.AddDate(0, 0, checkout.SearchLimit).Format("2006-01-02") + " 10:00"
		if first := rows.Data[0].BookingDate; first == nil || *first != last {
			t.Errorf("first row %v, want the latest session %s", first, last)
		}
		for i := 1; i < len(rows.Data); i++ {
			if *rows.Data[i].BookingDate >= *rows.Data[i-1].BookingDate {
				t.Fatalf("rows not latest first at %d: %s after %s", i, *rows.Data[i].BookingDate, *rows.Data[i-1].BookingDate)
			}
		}
	})
}

// An event's registration has no session of its own: the list shows the event's date and time (its
// first_starts_at in the company's zone) instead of no date, in the range and in the search.
func TestStaffBookingsEventDate(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		ev := d.seedBooking(t, seed{company: d.fix.CompanyID, circuit: d.fix.Circuit, product: d.fix.Product,
			start: "2026-11-12 19:30", created: "2026-10-01 12:00", name: "Eva Event", phone: "+34 600 111 222", email: "eva@e.example"})
		d.exec(t, `DELETE FROM booking_slots WHERE booking_line_id IN (SELECT id FROM booking_lines WHERE booking_id = ?)`, ev)
		d.exec(t, `UPDATE bookings SET source = 'EVENT' WHERE id = ?`, ev)
		for _, body := range []map[string]any{{"dateIni": "2026-11-01", "dateEnd": "2026-11-30"}, {"search": "eva"}} {
			status, rows := listBookings(t, d, body)
			if status != 200 || len(rows.Data) != 1 || rows.Data[0].BookingDate == nil || *rows.Data[0].BookingDate != "2026-11-12 19:30" {
				t.Fatalf("%v: %d %+v", body, status, rows.Data)
			}
		}
	})
}
