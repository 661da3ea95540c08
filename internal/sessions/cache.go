package sessions

import (
	"context"
	"encoding/json"
	"sync"
	"time"
)

// ReuseTTL is how long the server reuses, per instance, an availability answer and the product or pack
// it read (Service.SetReuseTTL, wired in cmd/pitlane). It bounds how old the free places shown to a
// visitor, and the product settings a hold is checked against, can be; places and stock are always
// decided exactly in the database (docs/architecture.md, capacity locking).
const ReuseTTL = time.Second

// availKey names one cached availability answer.
type availKey struct {
	token, kind, date string
	id                int64
}

// availEntry is an answer, or a computation of it in flight that later callers wait for.
type availEntry struct {
	done  chan struct{} // closed when val and err are set
	val   Availability
	err   error
	at    time.Time // the clock when the computation started
	gen   uint64    // the company's generation when the computation started
	ready bool      // set under the cache's lock once done is closed and err is nil
}

// availCache is a per-instance micro-cache of availability answers with single flight: callers asking
// for the same answer while it is being computed wait for that one computation instead of each reading
// the database. An entry is fresh for ttl on the service clock, and only while no hold or release on this
// instance has touched the company since its computation started. Errors are never kept.
type availCache struct {
	ttl     time.Duration
	mu      sync.Mutex
	entries map[availKey]*availEntry
	gens    map[string]uint64 // per company token; bumped on every hold of the company
	global  uint64            // bumped on every release (a release names no company)
}

func newAvailCache(ttl time.Duration) *availCache {
	return &availCache{ttl: ttl, entries: map[availKey]*availEntry{}, gens: map[string]uint64{}}
}

// generation is the company's current generation; the caller holds c.mu.
func (c *availCache) generation(token string) uint64 { return c.gens[token] + c.global }

// get returns the fresh answer for k, joins a computation of it in flight, or runs compute, at most one
// computation per key at a time. Callers must not modify the answer's slices.
func (c *availCache) get(ctx context.Context, k availKey, now time.Time, compute func() (Availability, error)) (Availability, error) {
	if c == nil || c.ttl <= 0 {
		return compute()
	}
	c.mu.Lock()
	gen := c.generation(k.token)
	if e, ok := c.entries[k]; ok && e.gen == gen && !now.Before(e.at) && now.Sub(e.at) < c.ttl {
		if e.ready {
			c.mu.Unlock()
			return e.val, nil
		}
		c.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return Availability{}, ctx.Err()
		}
		if e.err == nil {
			return e.val, nil
		}
		return compute() // the shared computation failed: errors are never shared or kept
	}
	e := &availEntry{done: make(chan struct{}), at: now, gen: gen}
	c.entries[k] = e
	c.mu.Unlock()

	e.val, e.err = compute()
	if e.err == nil {
		if b, err := json.Marshal(availabilityFields(e.val)); err == nil {
			e.val.response = append(append(append(make([]byte, 0, len(b)+10), responsePrefix...), b...), responseSuffix...)
		}
	}
	c.mu.Lock()
	if e.err == nil {
		e.ready = true
	} else if c.entries[k] == e {
		delete(c.entries, k)
	}
	c.sweep(now)
	c.mu.Unlock()
	close(e.done)
	return e.val, e.err
}

// sweep drops expired entries once the map has grown; the caller holds c.mu.
func (c *availCache) sweep(now time.Time) {
	if len(c.entries) < 1024 {
		return
	}
	for k, e := range c.entries {
		if e.ready && (now.Before(e.at) || now.Sub(e.at) >= c.ttl) {
			delete(c.entries, k)
		}
	}
}

// invalidate makes every answer of the company stale (every company's when token is empty).
func (c *availCache) invalidate(token string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	if token == "" {
		c.global++
	} else {
		c.gens[token]++
	}
	c.mu.Unlock()
}

// offerKey names one cached offer.
type offerKey struct {
	token, kind string
	id          int64
}

// offerEntry is an offer read at a time.
type offerEntry struct {
	offer Offer
	at    time.Time
}

// offerCache keeps offers read from the database for ttl on the service clock. Errors are never kept.
type offerCache struct {
	ttl     time.Duration
	mu      sync.Mutex
	entries map[offerKey]offerEntry
}

// get returns the fresh offer for k or reads it with load. Callers must not modify the offer's slices.
func (c *offerCache) get(k offerKey, now time.Time, load func() (Offer, error)) (Offer, error) {
	c.mu.Lock()
	e, ok := c.entries[k]
	c.mu.Unlock()
	if ok && !now.Before(e.at) && now.Sub(e.at) < c.ttl {
		return e.offer, nil
	}
	o, err := load()
	if err != nil {
		return o, err
	}
	c.mu.Lock()
	if len(c.entries) >= 1024 {
		for k, e := range c.entries {
			if now.Before(e.at) || now.Sub(e.at) >= c.ttl {
				delete(c.entries, k)
			}
		}
	}
	c.entries[k] = offerEntry{offer: o, at: now}
	c.mu.Unlock()
	return o, nil
}

// forget drops the company's offers (a load in flight when it is called may still store its read,
// which then lives at most ttl).
func (c *offerCache) forget(token string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	for k := range c.entries {
		if k.token == token {
			delete(c.entries, k)
		}
	}
	c.mu.Unlock()
}

// Forget drops every reused answer and offer of the company (its token), so the next availability
// answer and hold read the database: the settings dialog calls it after saving the company's
// schedules and rules, so customers see the change at once rather than within ReuseTTL.
func (s *Service) Forget(companyToken string) {
	s.avail.invalidate(companyToken)
	s.offers.forget(companyToken)
}
