package main

import (
	"context"
	"math"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// maxOpsPerRun bounds every load run by count as well as by time.
const maxOpsPerRun = 2_000_000

// outcome classifies one operation of a load run.
type outcome int

// Outcomes: success (counted and timed), refused for lack of places or stock (421), anything else.
const (
	opOK outcome = iota
	opNoStock
	opError
)

// op performs one operation for a worker; seq counts that worker's operations from 0.
type op func(ctx context.Context, worker, seq int) (outcome, error)

// result is what a load run measured.
type result struct {
	OK, NoStock, Errors int
	FirstErr            error
	Elapsed             time.Duration
	CPU                 cpuUse          // cores used during the run
	lat                 []time.Duration // latencies of successes, sorted
}

// Rate is successes per second.
func (r result) Rate() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.OK) / r.Elapsed.Seconds()
}

// Pct is the q-th percentile (0 < q ≤ 100) of success latencies, nearest rank.
func (r result) Pct(q float64) time.Duration {
	if len(r.lat) == 0 {
		return 0
	}
	i := int(math.Ceil(q/100*float64(len(r.lat)))) - 1
	return r.lat[min(max(i, 0), len(r.lat)-1)]
}

// CPUPerOp is the CPU time (this process plus the database backends) per success.
func (r result) CPUPerOp() time.Duration {
	if r.OK == 0 || !r.CPU.Valid {
		return 0
	}
	return time.Duration((r.CPU.Self + r.CPU.DB) * float64(r.Elapsed) / float64(r.OK))
}

// Mean is the mean success latency.
func (r result) Mean() time.Duration {
	if len(r.lat) == 0 {
		return 0
	}
	var sum time.Duration
	for _, d := range r.lat {
		sum += d
	}
	return sum / time.Duration(len(r.lat))
}

// runLoad runs fn in a closed loop on workers goroutines until dur has passed or maxOps operations have
// started, and returns the counts and success latencies. Operations started before the deadline finish
// and count; Elapsed runs until the last one has finished.
func runLoad(ctx context.Context, workers int, dur time.Duration, maxOps int, fn op) result {
	maxOps = min(maxOps, maxOpsPerRun)
	var started atomic.Int64
	deadline := time.Now().Add(dur)
	type part struct {
		ok, noStock, errs int
		firstErr          error
		lat               []time.Duration
	}
	parts := make([]part, workers)
	var wg sync.WaitGroup
	begin := time.Now()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			p := &parts[w]
			p.lat = make([]time.Duration, 0, 1024)
			for seq := 0; ctx.Err() == nil; seq++ {
				t0 := time.Now()
				if !t0.Before(deadline) || started.Add(1) > int64(maxOps) {
					return
				}
				res, err := fn(ctx, w, seq)
				switch res {
				case opOK:
					p.ok++
					p.lat = append(p.lat, time.Since(t0))
				case opNoStock:
					p.noStock++
				default:
					p.errs++
					if p.firstErr == nil {
						p.firstErr = err
					}
				}
			}
		}(w)
	}
	wg.Wait()
	r := result{Elapsed: time.Since(begin)}
	for _, p := range parts {
		r.OK += p.ok
		r.NoStock += p.noStock
		r.Errors += p.errs
		if r.FirstErr == nil {
			r.FirstErr = p.firstErr
		}
		r.lat = append(r.lat, p.lat...)
	}
	sortDurations(r.lat)
	return r
}

func sortDurations(d []time.Duration) { sort.Slice(d, func(i, j int) bool { return d[i] < d[j] }) }
