package checkout

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"pitlane/internal/pricing"
)

// The hand-written encoder of the staff list must write exactly what encoding/json writes: the web app
// and the contract tests read these answers, and a difference would be a silent change of the API.
func TestBookingRowAppendJSONMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"", "Ana", "Berg", "ñandú", "محمد", "Åse Ødegård", "😀", "<script>&'\"", `back\slash`,
		"line\nbreak\ttab\r\b\f", "\x00\x01\x1f\x7f", "\u2028\u2029", "\xff\xfe bad utf-8 \xc3", "=SUM(A1)", "+45 20 12 34 56",
		"ana@example.com", "ABCD-2345", "pagada", "cancelada", "BOOKING", "online", "Pista 1, Pista 2"}
	str := func() string {
		var s string
		for range rnd.IntN(4) {
			s += pieces[rnd.IntN(len(pieces))]
		}
		return s
	}
	for i := range 2000 {
		// Every byte of one string at least once, beside random texts.
		if i < 256 {
			pieces = append(pieces, string([]byte{byte(i)}))
		}
		r := BookingRow{ID: rnd.Int64N(1 << 40), IDBooking: rnd.Int64N(1 << 40), BookingIdentifier: str(), Reference: str(),
			CreatedAt:   time.UnixMilli(rnd.Int64N(4102444800000)).UTC(),
			ContactName: str(), Phone: str(), Email: str(), Price: pricing.Cents(rnd.Int64N(2_000_000) - 1_000_000),
			NumParticipants: rnd.IntN(40), State: str(), Track: str(), Source: str(), PaymentMode: str(),
			Cancellable: rnd.IntN(2) == 0, Sessions: rnd.IntN(5)}
		if rnd.IntN(3) > 0 {
			d := str()
			r.BookingDate = &d
		}
		if rnd.IntN(2) == 0 {
			r.CreatedAt = r.CreatedAt.Add(time.Duration(rnd.IntN(1e9))) // a fraction of a second
		}
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(r); err != nil {
			t.Fatal(err)
		}
		if got := string(r.AppendJSON(nil)) + "\n"; got != want.String() {
			t.Fatalf("row %d:\n got %s\nwant %s", i, got, want.String())
		}
		tot := BookingTotals{Bookings: rnd.IntN(1e6), Sessions: rnd.IntN(1e6), Drivers: rnd.IntN(1e6), Price: r.Price}
		want.Reset()
		if err := json.NewEncoder(&want).Encode(tot); err != nil {
			t.Fatal(err)
		}
		if got := string(tot.AppendJSON(nil)) + "\n"; got != want.String() {
			t.Fatalf("totals %d:\n got %s\nwant %s", i, got, want.String())
		}
	}
}

func BenchmarkBookingRowJSON(b *testing.B) {
	d := "2026-06-01 18:30"
	r := BookingRow{ID: 123456, IDBooking: 123456, BookingIdentifier: "9f86d081884c7d659a2feaa0c55ad015", Reference: "ABCD-2345",
		CreatedAt: time.Now().UTC(), BookingDate: &d, ContactName: "Ana Berg", Phone: "+4520123456", Email: "ana@example.com",
		Price: 12550, NumParticipants: 4, State: "pagada", Track: "Pista Norte", Source: "BOOKING", PaymentMode: "online"}
	b.Run("encoding/json", func(b *testing.B) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		for b.Loop() {
			buf.Reset()
			_ = enc.Encode(r)
		}
	})
	b.Run("AppendJSON", func(b *testing.B) {
		buf := make([]byte, 0, 1024)
		for b.Loop() {
			buf = r.AppendJSON(buf[:0])
		}
	})
}
