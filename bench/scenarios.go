package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/sessions"
)

// target is a session a hold asks for: a product and one of its sessions.
type target struct {
	product int // index into fixture.Products
	date    string
	local   string // "HH:MM:SS"
}

// chooser picks the session of a worker's next hold.
type chooser func() target

// hotTarget is always the same session: day 2 at the given time on the first product.
func hotTarget(local string) chooser {
	t := target{product: 0, date: benchDay.AddDays(1).String(), local: local}
	return func() target { return t }
}

// spreadDays is how many days the spread variant books over (days 3 to 3+spreadDays-1, all inside the
// 30-day booking window).
const spreadDays = 27

// spreadTarget picks uniformly among every session of products 2…n over spreadDays days.
func spreadTarget() chooser {
	starts := sessionStarts()
	return func() target {
		return target{
			product: 1 + rand.IntN(benchCircuits-1),
			date:    benchDay.AddDays(2 + rand.IntN(spreadDays)).String(),
			local:   starts[rand.IntN(len(starts))],
		}
	}
}

// visitor is a distinct X-Visitor-Id for every request of a run.
func visitor(tag string, worker, seq int) string {
	return fmt.Sprintf("%s-w%03d-%08d", tag, worker, seq)
}

// availabilityInProcess calls sessions.Service.Availability for the busy day, one call at a time, with
// the reuse of answers off: the cost of computing one day's availability.
func availabilityInProcess(ctx context.Context, e *env, calls int, prof profiler) result {
	date, id := benchDay.String(), e.fx.Products[0]
	stop := prof.start(e.name + "-inprocess-availability")
	defer stop()
	return e.measured(ctx, 1, limitAvailInProcess, calls, func(ctx context.Context, _, _ int) (outcome, error) {
		a, err := e.svcFresh.Availability(ctx, benchToken, date, id, sessions.KindProduct)
		if err != nil {
			return opError, err
		}
		if len(a.Slots) != len(sessionStarts()) {
			return opError, fmt.Errorf("availability returned %d sessions", len(a.Slots))
		}
		return opOK, nil
	})
}

// availabilityHTTP asks GET /api/booking/availability for the busy day from conns workers.
func availabilityHTTP(ctx context.Context, e *env, conns int, p phases, prof profiler) result {
	url := fmt.Sprintf("%s/api/booking/availability?date=%s&idType=%d&type=PRODUCT", e.base, benchDay, e.fx.Products[0])
	return getHTTP(ctx, e, conns, p, url, http.StatusOK, prof, "availability")
}

// httpFloor asks for an unknown API path (a JSON 404 through the same middleware, no database) from
// conns workers: what the HTTP layer and the load generator alone cost on this machine.
func httpFloor(ctx context.Context, e *env, conns int, p phases) result {
	return getHTTP(ctx, e, conns, p, e.base+"/api/bench-floor", http.StatusNotFound, profiler{}, "floor")
}

// getHTTP sends GET url from conns workers, after a warm-up, counting the want status as success.
func getHTTP(ctx context.Context, e *env, conns int, p phases, url string, want int, prof profiler, name string) result {
	fn := func(ctx context.Context, _, _ int) (outcome, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return opError, err
		}
		req.Header.Set("Authorization", "Bearer "+benchToken)
		return e.do(req, want)
	}
	runLoad(ctx, conns, p.warmup, maxOpsPerRun, fn)
	stop := prof.start(e.name + "-http-" + name)
	defer stop()
	return e.measured(ctx, conns, p.measure, maxOpsPerRun, fn)
}

// holdsHTTP posts one-driver pre-bookings from conns workers, going round the carts (cart) and sending a
// new visitor id per request. The warm-up books the warm chooser's sessions, so the measured run starts
// on sessions nobody holds yet.
func holdsHTTP(ctx context.Context, e *env, conns int, p phases, tag string, warm, measured chooser, prof profiler) result {
	fn := func(choose chooser, tag string) op {
		return func(ctx context.Context, worker, seq int) (outcome, error) {
			t := choose()
			body := fmt.Sprintf(`{"bookingDates":["%s %s"],"numDrivers":1,"idType":%d,"type":"PRODUCT","token":"%s"}`,
				t.date, t.local, e.fx.Products[t.product], e.cart(worker, seq))
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.base+"/api/prebooking", strings.NewReader(body))
			if err != nil {
				return opError, err
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+benchToken)
			req.Header.Set("X-Visitor-Id", visitor(tag, worker, seq))
			return e.do(req, http.StatusCreated)
		}
	}
	runLoad(ctx, conns, p.warmup, maxOpsPerRun, fn(warm, tag+"W"))
	stop := prof.start(e.name + "-http-" + tag)
	defer stop()
	return e.measured(ctx, conns, p.measure, maxOpsPerRun, fn(measured, tag))
}

// measured is runLoad with the CPU the run used.
func (e *env) measured(ctx context.Context, workers int, dur time.Duration, maxOps int, fn op) result {
	s := sampleCPU(e.dbName)
	r := runLoad(ctx, workers, dur, maxOps, fn)
	r.CPU = s.since()
	return r
}

// do sends a request and classifies the answer: want is success, 421 is "no stock", anything else an error.
func (e *env) do(req *http.Request, want int) (outcome, error) {
	resp, err := e.client.Do(req)
	if err != nil {
		return opError, err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case want:
		_, err := io.Copy(io.Discard, resp.Body)
		if err != nil {
			return opError, err
		}
		return opOK, nil
	case 421:
		_, _ = io.Copy(io.Discard, resp.Body)
		return opNoStock, nil
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
	return opError, fmt.Errorf("%s %s: %d %s", req.Method, req.URL.Path, resp.StatusCode, strings.TrimSpace(string(b)))
}

// holdsDirect runs the store's hold transaction (store.DB.InsertHold) with holds planned beforehand by
// sessions.PlanHold, from workers goroutines: no HTTP, no JSON, no offer lookup.
func holdsDirect(ctx context.Context, e *env, workers int, p phases, tag string, choose chooser, prof profiler) (result, error) {
	plans := map[target]sessions.NewHold{}
	now := e.clk.Now()
	plan := func(t target) (sessions.NewHold, error) {
		if h, ok := plans[t]; ok {
			return h, nil
		}
		h, err := sessions.PlanHold(e.offers[t.product], sessions.HoldRequest{
			BookingDates: []string{t.date + " " + t.local}, NumDrivers: 1,
			IDType: e.fx.Products[t.product], Type: sessions.KindProduct, Token: "planned",
		}, now)
		plans[t] = h
		return h, err
	}
	// Plan every session the run can choose before timing (PlanHold is the service's work, not the store's).
	var picks []sessions.NewHold
	for i := 0; i < 4096; i++ {
		h, err := plan(choose())
		if err != nil {
			return result{}, err
		}
		picks = append(picks, h)
	}
	stop := prof.start(e.name + "-direct-" + tag)
	defer stop()
	return e.measured(ctx, workers, p.measure, maxOpsPerRun, func(ctx context.Context, worker, seq int) (outcome, error) {
		h := picks[(worker*7919+seq)%len(picks)]
		h.Identifier = sessions.NewToken()
		h.VisitorID = visitor(tag, worker, seq)
		h.CartToken = e.cart(worker, seq)
		h.CreatedAt, h.ExpiresAt = now, now.Add(holdTTL)
		switch err := e.insert(ctx, h); {
		case err == nil:
			return opOK, nil
		case apperr.Is(err, apperr.NoStock):
			return opNoStock, nil
		default:
			return opError, err
		}
	}), nil
}
