package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"
)

// rushRun is one configuration's rush: what the visitors saw and what the database holds afterwards.
type rushRun struct {
	name      string        // e.g. "SQLite, 1 instance"
	visitors  int           // visitors started
	wall      time.Duration // until the last visitor's journey ended
	soldOut   time.Duration // until the last completed journey ended
	loadStart string        // uptime's load averages before and after
	loadEnd   string
	places    int // places in the session set before the rush
	steps     map[string][]time.Duration
	completed int            // journeys that ended on the provider's 303
	refusals  map[string]int // "<step> <status>" → visitors
	paidAtEnd int            // paid bookings when the last visitor finished
	settle    time.Duration  // how long after that the last late notification arrived
	warnings  map[string]int // the instances' logged warnings and errors, "<level> <msg>" → lines
	check     rushCheck
	wait      *rushWait // the waiting list's part, when it ran
}

// rushCheck is what the database says after the rush.
type rushCheck struct {
	sessions     int // sessions of the set checked
	oversold     int // sessions whose booked places exceed their capacity
	sold         int // places booked in the set (bookings not cancelled)
	paid         int // bookings with a charge from the simulated provider
	confirmed    int // of those, status pagada
	oneMail      int // of those, exactly one customer confirmation mail in the outbox
	pendingLeft  int // rush bookings still pending (saved, never paid)
	extraByEmail int // paid bookings whose contact address no completed journey used
}

// summarize folds the visitors' journeys into the run.
func (r *rushRun) summarize(js []journey) {
	r.steps = map[string][]time.Duration{}
	r.refusals = map[string]int{}
	r.completed = 0
	for _, j := range js {
		for _, s := range j.steps {
			r.steps[s.step] = append(r.steps[s.step], s.d)
		}
		if j.outcome == "" {
			r.completed++
			r.soldOut = max(r.soldOut, j.end)
		} else {
			r.refusals[j.outcome]++
		}
	}
}

// percentile is the nearest-rank p-th percentile (0 < p ≤ 100) of ds; 0 for none. ds is not changed.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	rank := int(float64(len(s))*p/100 + 0.999999999)
	rank = max(1, min(rank, len(s)))
	return s[rank-1]
}

// perSecond is completed journeys per second while they were completing: from the start of the rush
// to the end of the last completed journey (the visitors after it only learn that it is sold out).
func (r *rushRun) perSecond() float64 {
	if r.soldOut <= 0 {
		return 0
	}
	return float64(r.completed) / r.soldOut.Seconds()
}

// refusalLine lists the refusals by step and status, most frequent first.
func refusalLine(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s ×%d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// ok tells whether the run passed its checks: nothing oversold, every place sold, every completed
// journey a paid booking, every paid booking pagada with exactly one confirmation mail.
func (r *rushRun) ok() bool {
	c := r.check
	return c.oversold == 0 && c.paid == r.completed && c.confirmed == c.paid && c.oneMail == c.paid &&
		c.extraByEmail == 0 && c.sessions > 0
}

// problems lists what failed the checks, for the table's last column.
func (r *rushRun) problems() string {
	c := r.check
	var out []string
	if c.sessions == 0 {
		out = append(out, "no session checked")
	}
	if c.oversold > 0 {
		out = append(out, fmt.Sprintf("%d sessions OVERSOLD", c.oversold))
	}
	if c.paid != r.completed {
		out = append(out, fmt.Sprintf("%d paid bookings for %d completed journeys", c.paid, r.completed))
	}
	if c.confirmed != c.paid {
		out = append(out, fmt.Sprintf("%d paid bookings not pagada", c.paid-c.confirmed))
	}
	if c.oneMail != c.paid {
		out = append(out, fmt.Sprintf("%d paid bookings without exactly one confirmation", c.paid-c.oneMail))
	}
	if c.extraByEmail > 0 {
		out = append(out, fmt.Sprintf("%d paid bookings no visitor completed", c.extraByEmail))
	}
	if len(out) == 0 {
		return "ok"
	}
	return strings.Join(out, "; ")
}

// rushMS formats a duration in milliseconds for the table.
func rushMS(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	if v >= 100 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

// printRush writes the rush table (Markdown, as docs/performance.md records it).
func printRush(w io.Writer, runs []rushRun, visitors, inFlight int, target rushTarget, places string) {
	fmt.Fprintf(w, "\nOn-sale rush: %d visitors per configuration, %d in flight, %s (%s), the built binary\n\n",
		visitors, inFlight, places, target.date)
	fmt.Fprintln(w, "| configuration | all visitors done | last journey completed | completed | journeys/s | sold / places | oversold | paid · pagada · one mail | checks |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, r := range runs {
		fmt.Fprintf(w, "| %s | %.1f s | %.1f s | %d of %d | %.1f | %d / %d | %d of %d sessions | %d · %d · %d | %s |\n",
			r.name, r.wall.Seconds(), r.soldOut.Seconds(), r.completed, r.visitors, r.perSecond(), r.check.sold, r.places,
			r.check.oversold, r.check.sessions, r.check.paid, r.check.confirmed, r.check.oneMail, r.problems())
	}
	fmt.Fprintln(w, "\np50 / p99 of each step, ms (requests answered or not; n = requests)")
	fmt.Fprintln(w)
	head := "| configuration |"
	sep := "|---|"
	for _, s := range rushSteps {
		head += " " + s + " |"
		sep += "---|"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, sep)
	for _, r := range runs {
		line := "| " + r.name + " |"
		for _, s := range rushSteps {
			ds := r.steps[s]
			line += fmt.Sprintf(" %s / %s (n=%d) |", rushMS(percentile(ds, 50)), rushMS(percentile(ds, 99)), len(ds))
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w, "\nRefusals by step and status (a visitor's journey ends at its first refusal)")
	fmt.Fprintln(w)
	for _, r := range runs {
		fmt.Fprintf(w, "- %s: %s\n", r.name, refusalLine(r.refusals))
	}
	fmt.Fprintln(w, "\nPayments settled after the last visitor (the card page answers after at most 5 s; a notification")
	fmt.Fprintln(w, "not delivered by then is retried by the provider), and what the servers logged at WARN or ERROR")
	fmt.Fprintln(w)
	for _, r := range runs {
		fmt.Fprintf(w, "- %s: %d of %d paid when the last visitor finished, all %d after %.1f s more; logged: %s\n",
			r.name, r.paidAtEnd, r.completed, r.check.paid, r.settle.Seconds(), refusalLine(r.warnings))
	}
	fmt.Fprintln(w, "\nMachine load (uptime, 1/5/15 min) before → after each configuration")
	fmt.Fprintln(w)
	for _, r := range runs {
		fmt.Fprintf(w, "- %s: %s → %s\n", r.name, r.loadStart, r.loadEnd)
	}
}
