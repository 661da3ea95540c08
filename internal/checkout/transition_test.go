package checkout

import (
	"testing"

	"pitlane/internal/apperr"
)

// The whole table of a booking's status: every status × every event, each with the money of three
// ledgers (nothing paid, part paid, all paid) for a €40 booking. "!" is an impossible move
// (apperr.Conflict, status unchanged).
func TestNextStatusTable(t *testing.T) {
	const total = 4000
	ledgers := []struct {
		name    string
		charged int64
	}{{"nothing paid", 0}, {"part paid", 1500}, {"all paid", 4000}}
	P, PP, PD, C, X := StatusPending, StatusPartPaid, StatusPaid, StatusCancelled, "!"
	// want[event][status] lists the result for each ledger in order.
	want := map[BookingEvent]map[string][3]string{
		EventCharge: {
			P: {P, PP, PD}, PP: {P, PP, PD}, PD: {P, PP, PD}, C: {X, X, X},
		},
		EventCorrection: {
			P: {P, PP, PD}, PP: {P, PP, PD}, PD: {P, PP, PD}, C: {C, C, C},
		},
		EventRefund: {
			P: {P, P, P}, PP: {PP, PP, PP}, PD: {PD, PD, PD}, C: {C, C, C},
		},
		EventCancel: {
			P: {C, C, C}, PP: {C, C, C}, PD: {C, C, C}, C: {X, X, X},
		},
		EventPaymentFailed: {
			P: {C, C, C}, PP: {X, X, X}, PD: {X, X, X}, C: {X, X, X},
		},
		EventReopen: {
			P: {P, P, P}, PP: {X, X, X}, PD: {X, X, X}, C: {P, P, P},
		},
		EventPlacesLost: {
			P: {C, C, C}, PP: {X, X, X}, PD: {X, X, X}, C: {X, X, X},
		},
	}
	if len(want) != len(BookingEvents) {
		t.Fatalf("the table has %d events, BookingEvents %d", len(want), len(BookingEvents))
	}
	cells := 0
	for _, ev := range BookingEvents {
		row, ok := want[ev]
		if !ok || len(row) != len(BookingStatuses) {
			t.Fatalf("event %s: the table has %d statuses, want %d", ev, len(row), len(BookingStatuses))
		}
		for _, from := range BookingStatuses {
			for i, l := range ledgers {
				cells++
				got, err := NextStatus(from, Transition{Event: ev, TotalCents: total, ChargedCents: l.charged})
				w := row[from][i]
				switch {
				case w == X:
					if !apperr.Is(err, apperr.Conflict) || got != from {
						t.Errorf("%s on %s (%s) = %q, %v; want a Conflict and the status unchanged", ev, from, l.name, got, err)
					}
				case err != nil || got != w:
					t.Errorf("%s on %s (%s) = %q, %v; want %q", ev, from, l.name, got, err, w)
				}
			}
		}
	}
	if cells != len(BookingEvents)*len(BookingStatuses)*len(ledgers) {
		t.Fatalf("%d cells checked", cells)
	}
}

// The money rule of charges and corrections at its edges: a free booking is paid, paying more than
// the total (an online payment above it) is paid, a correction that takes back everything leaves a
// booking pending.
func TestNextStatusLedgerEdges(t *testing.T) {
	cases := []struct {
		ev             BookingEvent
		from           string
		total, charged int64
		want           string
	}{
		{EventCharge, StatusPending, 0, 0, StatusPaid},
		{EventCharge, StatusPending, 4000, 5000, StatusPaid},
		{EventCharge, StatusPartPaid, 4000, 3999, StatusPartPaid},
		{EventCorrection, StatusPaid, 4000, 0, StatusPending},
		{EventCorrection, StatusPaid, 4000, -100, StatusPending},
		{EventCorrection, StatusPaid, 4000, 1, StatusPartPaid},
	}
	for _, c := range cases {
		got, err := NextStatus(c.from, Transition{Event: c.ev, TotalCents: c.total, ChargedCents: c.charged})
		if err != nil || got != c.want {
			t.Errorf("%s on %s, total %d charged %d = %q, %v; want %q", c.ev, c.from, c.total, c.charged, got, err, c.want)
		}
	}
	if got := LedgerStatus(4000, 1500); got != StatusPartPaid {
		t.Errorf("LedgerStatus(4000, 1500) = %q", got)
	}
}

// An unknown status or event is refused as invalid, not taken for a move.
func TestNextStatusUnknown(t *testing.T) {
	if got, err := NextStatus("paid", Transition{Event: EventCancel}); !apperr.Is(err, apperr.Invalid) || got != "paid" {
		t.Errorf("unknown status: %q, %v", got, err)
	}
	if got, err := NextStatus(StatusPending, Transition{Event: "teleport"}); !apperr.Is(err, apperr.Invalid) || got != StatusPending {
		t.Errorf("unknown event: %q, %v", got, err)
	}
	_, err := NextStatus(StatusCancelled, Transition{Event: EventCancel})
	if err == nil || err.Error() == "" {
		t.Fatal("cancelling twice must say why")
	}
}
