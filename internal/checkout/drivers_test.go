package checkout

import (
	"errors"
	"reflect"
	"testing"
)

func errorsAs(err error, target any) bool { return errors.As(err, target) }

func TestUniqueNames(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want []string }{
		{[]string{"Ana", "Bo"}, []string{"Ana", "Bo"}},
		{[]string{"Ana", "Ana", "Ana"}, []string{"Ana", "Ana_1", "Ana_2"}},
		{[]string{"Ana", "ana ", " ANA"}, []string{"Ana", "ana_1", "ANA_2"}},
		{[]string{"Ana", "Ana", "Ana_1"}, []string{"Ana", "Ana_2", "Ana_1"}},
		{[]string{"Driver1", "Driver1", "Driver1_1", "Driver1"}, []string{"Driver1", "Driver1_2", "Driver1_1", "Driver1_3"}},
		{[]string{}, []string{}},
		// Voucher mode: names left out stay empty, however many.
		{[]string{"", " ", ""}, []string{"", "", ""}},
		{[]string{"", "Ana", "", "Ana"}, []string{"", "Ana", "", "Ana_1"}},
	}
	for _, c := range cases {
		if got := UniqueNames(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("UniqueNames(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func line(id string, product int64, qty int, dates ...string) CartLine {
	return CartLine{HoldIdentifier: id, ProductID: product, Kind: KindProduct, Quantity: qty, Dates: dates, Live: true}
}

func drivers(names ...string) []DriverInput {
	out := make([]DriverInput, len(names))
	for i, n := range names {
		out[i] = DriverInput{Name: n}
	}
	return out
}

func ptr(v int64) *int64 { return &v }

// The drivers' rules of customer spec section 5, one row per rule.
func TestAssignDrivers(t *testing.T) {
	t.Parallel()
	two := []CartLine{line("h1", 7, 2, "2026-12-01 10:00:00")}
	emails := Rules{ShowEmails: true, EmailOptional: false}
	cases := []struct {
		name    string
		entries []SlotEntry
		lines   []CartLine
		rules   Rules
		field   string // "" when valid
	}{
		{"names given", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: drivers("Ana", "Bo")}}, two, Rules{}, ""},
		{"a name missing", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: drivers("Ana", "")}}, two, Rules{}, "slots[0].drivers[1].name"},
		{"a name with a slash", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: drivers("Ana", "B/o")}}, two, Rules{}, "slots[0].drivers[1].name"},
		{"too few drivers", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: drivers("Ana")}}, two, Rules{}, "slots[0].drivers"},
		{"too many drivers", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: drivers("A", "B", "C")}}, two, Rules{}, "slots[0].drivers"},
		{"no entry for the line", nil, two, Rules{}, "slots"},
		{"an entry of another pre-booking", []SlotEntry{{PrebookingIdentifier: "zz", Drivers: drivers("A", "B")}}, two, Rules{}, "slots[0]"},
		{"matched by product and start", []SlotEntry{{BookingDate: "2026-12-01 10:00", ProductIDCloud: ptr(7), Drivers: drivers("A", "B")}}, two, Rules{}, ""},
		{"a start that is not the line's", []SlotEntry{{BookingDate: "2026-12-01 11:00:00", ProductIDCloud: ptr(7), Drivers: drivers("A", "B")}}, two, Rules{}, "slots[0]"},
		{"voucher mode: names may be left out", nil, two, Rules{VoucherMode: true}, ""},
		{"voucher mode: empty names", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: drivers("", "")}}, two, Rules{VoucherMode: true}, ""},
		{"e-mails required", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: []DriverInput{{Name: "A", Email: "a@example.com"}, {Name: "B"}}}},
			two, emails, "slots[0].drivers[1].email"},
		{"e-mails required but underage", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: []DriverInput{{Name: "A", Email: "a@example.com"}, {Name: "B", Underage: true}}}},
			two, emails, ""},
		{"e-mails optional", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: drivers("A", "B")}}, two, Rules{ShowEmails: true, EmailOptional: true}, ""},
		{"e-mails not shown", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: drivers("A", "B")}}, two, Rules{ShowEmails: false, EmailOptional: false}, ""},
		{"an invalid e-mail", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: []DriverInput{{Name: "A", Email: "a@"}, {Name: "B"}}}},
			two, Rules{}, "slots[0].drivers[0].email"},
		{"repeated e-mails", []SlotEntry{{PrebookingIdentifier: "h1", Drivers: []DriverInput{{Name: "A", Email: "a@example.com"}, {Name: "B", Email: "A@example.com"}}}},
			two, emails, "slots[0].drivers[1].email"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := AssignDrivers(c.entries, c.lines, c.rules)
			fields := fieldsOf(t, err)
			if c.field == "" {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				if _, ok := got["h1"]; !ok {
					t.Fatalf("no drivers for h1: %v", got)
				}
				return
			}
			if _, ok := fields[c.field]; !ok {
				t.Fatalf("want an error on %s, got %v", c.field, err)
			}
			if c.field == "slots[0].drivers[1].email" && c.name == "repeated e-mails" && fields[c.field] != RepeatedEmails {
				t.Errorf("message %q", fields[c.field])
			}
		})
	}
}

// Duplicate names are made unique per line; two entries for one multi-session line give its drivers once.
func TestAssignDriversNames(t *testing.T) {
	t.Parallel()
	lines := []CartLine{line("h1", 7, 3, "2026-12-01 10:00:00", "2026-12-01 10:30:00")}
	entries := []SlotEntry{
		{BookingDate: "2026-12-01 10:00:00", ProductIDCloud: ptr(7), Drivers: drivers("Ana", "Ana", "Bo")},
		{BookingDate: "2026-12-01 10:30:00", ProductIDCloud: ptr(7), Drivers: drivers("Ana", "Ana", "Bo")},
	}
	got, err := AssignDrivers(entries, lines, Rules{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range got["h1"] {
		names = append(names, d.Name)
	}
	if !reflect.DeepEqual(names, []string{"Ana", "Ana_1", "Bo"}) {
		t.Errorf("names %q", names)
	}
}
