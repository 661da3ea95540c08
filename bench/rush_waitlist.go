package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"pitlane/internal/captcha"
)

// The waiting list's part of the rush (issue 27): the visitors who find the session set full join its
// waiting list, as the booking page offers them; after the rush, paid customers cancel, and each freed
// place must go to the first entry of its session as an offer, queued as a mail in the transaction
// that freed it.
var (
	rushCancelsFlag  = flag.Int("rush-cancels", 50, "rush: paid bookings cancelled after the rush, to measure the waiting list's offers (0: none)")
	rushCancelFlight = flag.Int("rush-cancel-inflight", 10, "rush: cancellations in flight at once")
)

// stepWaitlist is the join of the waiting list by a visitor who found the session set full (the
// captcha's challenge and the join, each timed).
const stepWaitlist = "waitlist"

// joinWaitlist is the booking page's "Join the waiting list" on the session the visitor wanted: the
// captcha solved as the browser's widget solves it, then the join. It records the join's result on
// the journey (the refusal that sent the visitor here stays its outcome).
func (v *rushVisitor) joinWaitlist(t rushTarget, at string, n int) {
	status, b := v.do(stepWaitlist, "GET", "/api/captcha/challenge", "", nil)
	var c captcha.Challenge
	if status != http.StatusOK || json.Unmarshal(b, &c) != nil {
		v.rec.waitlist = "challenge " + statusName(status)
		return
	}
	solution, err := captcha.Solve(c)
	if err != nil {
		v.rec.waitlist = "challenge unsolved"
		return
	}
	email := fmt.Sprintf("rush-wait-%06d@example.com", n)
	body, _ := json.Marshal(map[string]any{"date": t.date + " " + at, "idType": t.product, "numDrivers": 1,
		"name": fmt.Sprintf("Waiting %d", n), "email": email, "phone": "+34600123456", "culture": "es-ES", "captcha": solution})
	status, _ = v.do(stepWaitlist, "POST", "/api/waitlist", "application/json", body)
	if status != http.StatusCreated {
		v.rec.waitlist = "join " + statusName(status)
		return
	}
	v.rec.waitlist = "joined"
}

// sessionTimes is the session set's start times in order.
func (t rushTarget) sessionTimes() []string { return slices.Sorted(maps.Keys(t.times)) }

// rushWait is what the waiting list did in one configuration.
type rushWait struct {
	joined   int             // visitors who joined a session's list
	refused  map[string]int  // joins that failed, by step and status
	cancels  int             // paid bookings cancelled after the rush (answered 200)
	failed   map[string]int  // cancellations that failed, by status
	offers   int             // offer mails queued for the set's entries
	perSec   float64         // offers per second, from the first cancellation to the last offer queued
	latency  []time.Duration // cancellation's request to its answer, when the offer was queued in it
	before   int             // offers queued within their cancellation's request (in its transaction)
	oversold int             // sessions over capacity after the cancellations and offers
}

// cancelLink finds the customer's cancel token in a confirmation mail (the link /cancelBooking/<token>).
var cancelLink = regexp.MustCompile(`/cancelBooking/([A-Za-z0-9_-]{16,})`)

// rushCancellation is one paid booking cancelled after the rush.
type rushCancellation struct {
	session       string // "c:<circuit>:<start ms>", the waiting list's session key
	token         string
	start, answer int64 // Unix ms: the request sent, its answer received
	status        int
}

// cancelTargets picks n paid rush bookings of the set, spread over its sessions in turn, with the
// cancel token of their confirmation mail.
func (r *rushDB) cancelTargets(ctx context.Context, n int) ([]rushCancellation, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT bs.circuit_id, bs.starts_at, o.body_text
		FROM bookings b JOIN booking_lines bl ON bl.booking_id = b.id JOIN booking_slots bs ON bs.booking_line_id = bl.id
		JOIN outbox_emails o ON o.booking_id = b.id AND o.kind = 'booking_confirmation'
		WHERE b.email LIKE 'rush-0%' AND b.status = 'pagada' ORDER BY b.id`)
	if err != nil {
		return nil, err
	}
	bySession := map[string][]rushCancellation{}
	var order []string
	for rows.Next() {
		var circuit, start int64
		var body string
		if err := rows.Scan(&circuit, &start, &body); err != nil {
			_ = rows.Close()
			return nil, err
		}
		m := cancelLink.FindStringSubmatch(body)
		if m == nil {
			continue
		}
		k := fmt.Sprintf("c:%d:%d", circuit, start)
		if _, seen := bySession[k]; !seen {
			order = append(order, k)
		}
		bySession[k] = append(bySession[k], rushCancellation{session: k, token: m[1]})
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	var out []rushCancellation
	for round := 0; len(out) < n; round++ {
		added := false
		for _, k := range order {
			if round < len(bySession[k]) && len(out) < n {
				out = append(out, bySession[k][round])
				added = true
			}
		}
		if !added {
			break
		}
	}
	if len(out) < n {
		return out, fmt.Errorf("%d paid bookings with a cancel link, want %d (is online cancellation on?)", len(out), n)
	}
	return out, nil
}

// offerMail is a queued offer mail: when its row was written, Unix ms by the servers' clock (the
// machine's). The rush's instances have no SMTP server: mails stay in the outbox, as queued.
type offerMail struct{ queued int64 }

// offerMails lists the offer mails of the rush's entries by session, in the order they were queued.
func (r *rushDB) offerMails(ctx context.Context) (map[string][]offerMail, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT w.session_key, o.created_at FROM outbox_emails o
		JOIN waitlist_entries w ON w.email = o.to_addr AND w.company_id = o.company_id
		WHERE o.kind = 'waitlist_offer' AND w.email LIKE 'rush-wait-%' ORDER BY o.created_at, o.id`)
	if err != nil {
		return nil, err
	}
	out := map[string][]offerMail{}
	for rows.Next() {
		var k string
		var m offerMail
		if err := rows.Scan(&k, &m.queued); err != nil {
			_ = rows.Close()
			return nil, err
		}
		out[k] = append(out[k], m)
	}
	return out, errors.Join(rows.Err(), rows.Close())
}

// rushCancelPhase cancels n paid bookings through the customer's cancel call, inFlight at a time and
// spread over the instances, then pairs each session's cancellations with its offer mails in order:
// the latency of an offer is from its cancellation's request to the mail's row in the outbox.
func rushCancelPhase(ctx context.Context, ins []*rushInstance, client *http.Client, db *rushDB, n, inFlight int) (rushWait, error) {
	cs, err := db.cancelTargets(ctx, n)
	if err != nil {
		return rushWait{}, err
	}
	sem := make(chan struct{}, inFlight)
	var wg sync.WaitGroup
	for i := range cs {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			c := &cs[i]
			req, err := http.NewRequestWithContext(ctx, "POST", ins[i%len(ins)].base+"/api/booking/cancel/"+url.PathEscape(c.token), nil)
			if err != nil {
				return
			}
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.254.%d.%d", i>>8&255, i&255))
			c.start = time.Now().UnixMilli()
			res, err := client.Do(req)
			c.answer = time.Now().UnixMilli()
			if err == nil {
				_, _ = io.Copy(io.Discard, res.Body)
				_ = res.Body.Close()
				c.status = res.StatusCode
			}
		}()
	}
	wg.Wait()
	mails, err := db.offerMails(ctx)
	if err != nil {
		return rushWait{}, err
	}
	return pairOffers(cs, mails), nil
}

// pairOffers folds the cancellations and the offer mails into the waiting list's figures: each
// session's answered cancellations are paired in order with its offer mails in the order they were
// queued.
func pairOffers(cs []rushCancellation, mails map[string][]offerMail) rushWait {
	w := rushWait{failed: map[string]int{}}
	first, last := int64(0), int64(0)
	bySession := map[string][]rushCancellation{}
	for _, c := range cs {
		if c.status != http.StatusOK {
			w.failed[statusName(c.status)]++
			continue
		}
		w.cancels++
		bySession[c.session] = append(bySession[c.session], c)
		if first == 0 || c.start < first {
			first = c.start
		}
	}
	for k, ms := range mails {
		list := bySession[k]
		slices.SortFunc(list, func(a, b rushCancellation) int { return int(a.start - b.start) })
		for i, m := range ms {
			w.offers++
			last = max(last, m.queued)
			if i >= len(list) {
				continue // an offer no cancellation of this session explains: counted, not paired
			}
			c := list[i]
			// The offer is queued in the transaction that frees the place: its row is written between the
			// request and the answer, and committed when the answer leaves.
			if m.queued >= c.start-1 && m.queued <= c.answer {
				w.before++
				w.latency = append(w.latency, time.Duration(c.answer-c.start)*time.Millisecond)
			}
		}
	}
	if last > first {
		w.perSec = float64(w.offers) / (float64(last-first) / 1000)
	}
	return w
}

// waitSummary folds the visitors' joins into the run.
func (w *rushWait) summarize(js []journey) {
	w.refused = map[string]int{}
	for _, j := range js {
		switch j.waitlist {
		case "":
		case "joined":
			w.joined++
		default:
			w.refused[j.waitlist]++
		}
	}
}

// ok tells whether the waiting list kept its promises: one offer per freed place (each session has
// entries waiting for more than the places freed), every offer queued before its cancellation answered,
// nothing oversold after the offers' holds.
func (w rushWait) ok() bool {
	return w.cancels > 0 && w.offers == w.cancels && w.before == w.offers && w.oversold == 0 && len(w.failed) == 0
}

// printRushWaitlist writes the waiting list's table (Markdown, as docs/performance.md records it).
func printRushWaitlist(out io.Writer, runs []rushRun) {
	fmt.Fprintln(out, "\nWaiting list: the visitors who found the set full joined it; then paid customers cancelled")
	fmt.Fprintln(out, "(to queued: from the cancellation's request to its answer, which commits the offer mail's row")
	fmt.Fprintln(out, "in the outbox; offers/s: offers queued from the first cancellation's request to the last offer)")
	fmt.Fprintln(out)
	fmt.Fprintln(out, "| configuration | joined | joins refused | cancelled | offers queued | offers/s | to queued p50 / p99 / max, ms | queued in the cancel's transaction | oversold after | checks |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range runs {
		w := r.wait
		if w == nil {
			continue
		}
		check := "ok"
		if !w.ok() {
			var p []string
			if w.offers != w.cancels {
				p = append(p, fmt.Sprintf("%d offers for %d places freed", w.offers, w.cancels))
			}
			if w.before != w.offers {
				p = append(p, fmt.Sprintf("%d offers queued after the answer", w.offers-w.before))
			}
			if w.oversold > 0 {
				p = append(p, fmt.Sprintf("%d sessions OVERSOLD", w.oversold))
			}
			if len(w.failed) > 0 {
				p = append(p, "cancellations failed: "+refusalLine(w.failed))
			}
			if w.cancels == 0 {
				p = append(p, "nothing cancelled")
			}
			check = strings.Join(p, "; ")
		}
		slat := percentile(w.latency, 100)
		fmt.Fprintf(out, "| %s | %d | %s | %d | %d | %.1f | %s / %s / %s | %d of %d | %d | %s |\n", r.name,
			w.joined, refusalLine(w.refused), w.cancels, w.offers, w.perSec, rushMS(percentile(w.latency, 50)),
			rushMS(percentile(w.latency, 99)), rushMS(slat), w.before, w.offers, w.oversold, check)
	}
}

// pickTime is a random session of the set, for a visitor who found it all full.
func pickTime(t rushTarget, rng *rand.Rand) string {
	ts := t.sessionTimes()
	return ts[rng.IntN(len(ts))]
}
