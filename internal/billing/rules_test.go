package billing

import (
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
)

var madrid, _ = time.LoadLocation("Europe/Madrid")

func TestParseRange(t *testing.T) {
	cases := []struct {
		name, ini, end string
		code           apperr.Code
		from, to       string // expected instants in UTC
	}{
		{"one day in winter", "2026-01-15", "2026-01-15", "", "2026-01-14T23:00:00Z", "2026-01-15T23:00:00Z"},
		{"over the spring DST change", "2026-03-28", "2026-03-29", "", "2026-03-27T23:00:00Z", "2026-03-29T22:00:00Z"},
		{"exactly 366 days", "2024-01-01", "2024-12-31", "", "2023-12-31T23:00:00Z", "2024-12-31T23:00:00Z"},
		{"367 days", "2024-01-01", "2025-01-01", apperr.Unprocessable, "", ""},
		{"start after end", "2026-02-02", "2026-02-01", apperr.Unprocessable, "", ""},
		{"malformed start", "2026-2-1", "2026-02-01", apperr.Invalid, "", ""},
		{"missing end", "2026-02-01", "", apperr.Invalid, "", ""},
	}
	for _, c := range cases {
		from, to, err := ParseRange(c.ini, c.end, madrid)
		if c.code != "" {
			if apperr.CodeOf(err) != c.code {
				t.Errorf("%s: error %v, want %s", c.name, err, c.code)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := from.UTC().Format(time.RFC3339); got != c.from {
			t.Errorf("%s: from %s, want %s", c.name, got, c.from)
		}
		if got := to.UTC().Format(time.RFC3339); got != c.to {
			t.Errorf("%s: to %s, want %s", c.name, got, c.to)
		}
	}
}

func TestCheckPolicy(t *testing.T) {
	session := time.Date(2026, 6, 10, 18, 0, 0, 0, madrid)
	cases := []struct {
		name string
		p    RefundPolicy
		now  time.Time
		noS  bool
		ok   bool
	}{
		{"refunds disabled", RefundPolicy{Enabled: false}, session.AddDate(0, 0, -30), false, false},
		{"well before a 3-day window", RefundPolicy{Enabled: true, MaxDays: 3}, session.AddDate(0, 0, -4), false, true},
		{"at the 3-day deadline", RefundPolicy{Enabled: true, MaxDays: 3}, session.AddDate(0, 0, -3), false, true},
		{"a minute after the deadline", RefundPolicy{Enabled: true, MaxDays: 3}, session.AddDate(0, 0, -3).Add(time.Minute), false, false},
		{"0 days: until the session", RefundPolicy{Enabled: true}, session.Add(-time.Minute), false, true},
		{"0 days: after the session started", RefundPolicy{Enabled: true}, session.Add(time.Minute), false, false},
		{"no session (a voucher)", RefundPolicy{Enabled: true, MaxDays: 3}, session.AddDate(1, 0, 0), true, true},
	}
	for _, c := range cases {
		first := &session
		if c.noS {
			first = nil
		}
		err := CheckPolicy(c.p, c.now, first, madrid)
		if c.ok && err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if !c.ok && apperr.CodeOf(err) != apperr.Unprocessable {
			t.Errorf("%s: error %v, want unprocessable", c.name, err)
		}
	}
	// Across the autumn DST change the window counts calendar days at the circuit, not 24-hour blocks.
	autumn := time.Date(2026, 10, 26, 10, 0, 0, 0, madrid)
	if got := Deadline(autumn, 2, madrid); !got.Equal(time.Date(2026, 10, 24, 10, 0, 0, 0, madrid)) {
		t.Errorf("deadline over DST: %v", got)
	}
}

func TestAllocate(t *testing.T) {
	two := []Charge{
		{PaymentID: 1, Provider: "simulated", Charged: 5000},
		{PaymentID: 2, Provider: "cash", Charged: 2000},
	}
	cases := []struct {
		name    string
		charges []Charge
		amount  int64
		code    apperr.Code
		parts   []Part
	}{
		{"zero", two, 0, apperr.Invalid, nil},
		{"negative", two, -100, apperr.Invalid, nil},
		{"more than refundable", two, 7001, apperr.Unprocessable, nil},
		{"exactly refundable, smallest first", two, 7000, "", []Part{{PaymentID: 2, Provider: "cash", AmountCents: 2000}, {PaymentID: 1, Provider: "simulated", AmountCents: 5000}}},
		{"fits in the smallest", two, 1500, "", []Part{{PaymentID: 2, Provider: "cash", AmountCents: 1500}}},
		{"spills over to the next", two, 2500, "", []Part{{PaymentID: 2, Provider: "cash", AmountCents: 2000}, {PaymentID: 1, Provider: "simulated", AmountCents: 500}}},
		{"smallest by what is left, not by what was charged", []Charge{
			{PaymentID: 1, Charged: 5000, Refunded: 4500},
			{PaymentID: 2, Charged: 2000},
		}, 600, "", []Part{{PaymentID: 1, AmountCents: 500}, {PaymentID: 2, AmountCents: 100}}},
		{"after earlier refunds, more than left", []Charge{{PaymentID: 1, Charged: 5000, Refunded: 3000}}, 2001, apperr.Unprocessable, nil},
		{"held by an in-flight refund", []Charge{{PaymentID: 1, Charged: 5000, Refunded: 1000, Pending: 3000}}, 1500, apperr.Conflict, nil},
		{"beside an in-flight refund", []Charge{{PaymentID: 1, Charged: 5000, Pending: 3000}}, 2000, "", []Part{{PaymentID: 1, AmountCents: 2000}}},
		{"nothing charged", nil, 100, apperr.Unprocessable, nil},
	}
	for _, c := range cases {
		parts, err := Allocate(c.charges, c.amount)
		if c.code != "" {
			if apperr.CodeOf(err) != c.code {
				t.Errorf("%s: error %v, want %s", c.name, err, c.code)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(parts) != len(c.parts) {
			t.Errorf("%s: parts %+v, want %+v", c.name, parts, c.parts)
			continue
		}
		var sum int64
		for i := range parts {
			if parts[i] != c.parts[i] {
				t.Errorf("%s: part %d %+v, want %+v", c.name, i, parts[i], c.parts[i])
			}
			sum += parts[i].AmountCents
		}
		if sum != c.amount {
			t.Errorf("%s: parts sum to %d, want %d", c.name, sum, c.amount)
		}
	}
}

func TestStatuses(t *testing.T) {
	for _, c := range []struct {
		charged, refunded int64
		payment, sale     string
	}{
		{5000, 0, "approved", StatePaid},
		{5000, 1, "partially_refunded", StatePartiallyRefunded},
		{5000, 5000, "refunded", StateRefunded},
	} {
		if got := PaymentStatus(c.charged, c.refunded); got != c.payment {
			t.Errorf("PaymentStatus(%d, %d) = %s", c.charged, c.refunded, got)
		}
		if got := SaleState(c.charged, c.refunded); got != c.sale {
			t.Errorf("SaleState(%d, %d) = %s", c.charged, c.refunded, got)
		}
	}
}

func TestSummarise(t *testing.T) {
	r := Report{Rows: []Row{
		{Type: TypeSale, Source: "BOOKING", AmountCents: 5000, Lines: []Line{{Quantity: 2}, {Quantity: 1}}},
		{Type: TypeSale, Source: "EVENT", AmountCents: 3000, Lines: []Line{{Quantity: 4}}},
		{Type: TypeRefund, Source: "BOOKING", AmountCents: -1200, Lines: []Line{{Quantity: 1}}},
	}}
	Summarise(&r)
	if r.NumSells != 2 || r.TotalCents != 6800 || r.Units != 7 {
		t.Errorf("totals: sells %d total %d units %d", r.NumSells, r.TotalCents, r.Units)
	}
	if b := r.BySource["BOOKING"]; b.Count != 1 || b.TotalCents != 3800 {
		t.Errorf("BOOKING box %+v", b)
	}
	if l := r.BySource["LICENSING"]; l.Count != 0 || l.TotalCents != 0 {
		t.Errorf("LICENSING box %+v", l)
	}
}

func TestRefundBlock(t *testing.T) {
	session := time.Date(2026, 6, 10, 18, 0, 0, 0, madrid)
	on3, on0 := RefundPolicy{Enabled: true, MaxDays: 3}, RefundPolicy{Enabled: true}
	cases := []struct {
		name             string
		p                RefundPolicy
		now              time.Time
		noSession        bool
		paid, refundable int64
		want             string
	}{
		{"paid, inside the window", on3, session.AddDate(0, 0, -4), false, 6600, 6600, ""},
		{"partly refunded, inside the window", on3, session.AddDate(0, 0, -4), false, 6600, 100, ""},
		{"refunds off comes first", RefundPolicy{MaxDays: 3}, session.AddDate(0, 0, -4), false, 0, 0, BlockRefundsOff},
		{"window of 3 days over", on3, session.AddDate(0, 0, -2), false, 6600, 6600, BlockWindowClosed},
		{"window of 3 days over after the session too", on3, session.Add(time.Hour), false, 6600, 6600, BlockWindowClosed},
		{"until the session: started", on0, session.Add(time.Minute), false, 15600, 15600, BlockSessionStarted},
		{"until the session: a minute before", on0, session.Add(-time.Minute), false, 15600, 15600, ""},
		{"a voucher has no window", on3, session.AddDate(1, 0, 0), true, 2900, 2900, ""},
		{"fully refunded", on3, session.AddDate(0, 0, -4), false, 6600, 0, BlockFullyRefunded},
		{"nothing paid", on3, session.AddDate(0, 0, -4), false, 0, 0, BlockNothingPaid},
		{"corrected to nothing", on3, session.AddDate(0, 0, -4), false, -500, 0, BlockNothingPaid},
	}
	for _, c := range cases {
		first := &session
		if c.noSession {
			first = nil
		}
		if got := RefundBlock(c.p, c.now, first, madrid, c.paid, c.refundable); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		// The refund call refuses exactly the policy's cases.
		policyRefuses := CheckPolicy(c.p, c.now, first, madrid) != nil
		if p := PolicyBlock(c.p, c.now, first, madrid); policyRefuses != (p != "") {
			t.Errorf("%s: CheckPolicy refuses %v but PolicyBlock says %q", c.name, policyRefuses, p)
		}
	}
}

func TestAllocateNothingLeft(t *testing.T) {
	cases := []struct {
		name    string
		charges []Charge
		want    string
	}{
		{"refunded in full", []Charge{{PaymentID: 1, Charged: 3000, Refunded: 3000}}, "refunded in full"},
		{"nothing paid", []Charge{{PaymentID: 1, Charged: 0}}, "Nothing was paid"},
		{"no charges", nil, "Nothing was paid"},
	}
	for _, c := range cases {
		_, err := Allocate(c.charges, 100)
		if apperr.CodeOf(err) != apperr.Unprocessable || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want 422 saying %q", c.name, err, c.want)
		}
	}
}
