package checkout_test

import (
	"context"
	"strings"
	"testing"

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
			"luis_100%": {luis}, "%": {luis}, "%%": {}, "_": {luis}, "nobody": {}, "12": {},
		} {
			status, rows := listBookings(t, d, body(search))
			if status != 200 || !sameIDs(idsOf(rows.Data), want) {
				t.Errorf("search %q: %d %v, want %v", search, status, idsOf(rows.Data), want)
			}
		}
		if status, _ := listBookings(t, d, body(strings.Repeat("a", checkout.MaxSearchLength+1))); status != 400 {
			t.Errorf("an over-long search: %d", status)
		}
	})
}
