package main

import (
	"testing"
	"time"
)

func TestPercentileNearestRank(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- { // unsorted on purpose
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	cases := []struct {
		p    float64
		want time.Duration
	}{{50, 50 * time.Millisecond}, {99, 99 * time.Millisecond}, {100, 100 * time.Millisecond}, {0.5, time.Millisecond}}
	for _, c := range cases {
		if got := percentile(ds, c.p); got != c.want {
			t.Errorf("p%v = %v, want %v", c.p, got, c.want)
		}
	}
	if ds[0] != 100*time.Millisecond {
		t.Error("percentile sorted its argument in place")
	}
	if got := percentile(nil, 99); got != 0 {
		t.Errorf("p99 of nothing = %v", got)
	}
	three := []time.Duration{3, 1, 2}
	if got := percentile(three, 50); got != 2 {
		t.Errorf("p50 of 1,2,3 = %v, want 2", got)
	}
	if got := percentile(three, 99); got != 3 {
		t.Errorf("p99 of 1,2,3 = %v, want 3", got)
	}
}

func TestSummarizeCountsJourneysAndRefusals(t *testing.T) {
	js := []journey{
		{steps: []stepTime{{stepConfig, time.Millisecond}, {stepHold, 4 * time.Millisecond}}, email: "a", end: 2 * time.Second},
		{steps: []stepTime{{stepConfig, 2 * time.Millisecond}, {stepHold, 5 * time.Millisecond}}, outcome: "hold 421"},
		{steps: []stepTime{{stepConfig, 3 * time.Millisecond}}, outcome: "availability sold out", end: 9 * time.Second},
		{steps: []stepTime{{stepConfig, 3 * time.Millisecond}, {stepHold, 6 * time.Millisecond}}, outcome: "hold 421"},
	}
	var r rushRun
	r.summarize(js)
	if r.completed != 1 || r.refusals["hold 421"] != 2 || r.refusals["availability sold out"] != 1 || len(r.refusals) != 2 {
		t.Errorf("completed %d, refusals %v", r.completed, r.refusals)
	}
	if len(r.steps[stepConfig]) != 4 || len(r.steps[stepHold]) != 3 {
		t.Errorf("step samples: config %d, hold %d", len(r.steps[stepConfig]), len(r.steps[stepHold]))
	}
	if got := r.perSecond(); got != 0.5 {
		t.Errorf("journeys/s = %v, want 0.5 (one journey completed by 2 s; the refusal at 9 s does not count)", got)
	}
	if got := refusalLine(r.refusals); got != "hold 421 ×2, availability sold out ×1" {
		t.Errorf("refusal line %q", got)
	}
}

func TestChecksFailOnOversoldOrMissingMail(t *testing.T) {
	good := rushRun{completed: 3, check: rushCheck{sessions: 2, paid: 3, confirmed: 3, oneMail: 3}}
	if !good.ok() || good.problems() != "ok" {
		t.Fatalf("a clean run fails: %s", good.problems())
	}
	for name, c := range map[string]rushCheck{
		"oversold":     {sessions: 2, oversold: 1, paid: 3, confirmed: 3, oneMail: 3},
		"unpaid":       {sessions: 2, paid: 2, confirmed: 2, oneMail: 2},
		"not pagada":   {sessions: 2, paid: 3, confirmed: 2, oneMail: 3},
		"two mails":    {sessions: 2, paid: 3, confirmed: 3, oneMail: 2},
		"nothing seen": {paid: 3, confirmed: 3, oneMail: 3},
	} {
		r := rushRun{completed: 3, check: c}
		if r.ok() || r.problems() == "ok" {
			t.Errorf("%s: the run passes its checks", name)
		}
	}
}
