// Package clock gives services an injectable source of time, so tests can move time instead of sleeping.
package clock

import (
	"sync"
	"time"
)

// Clock tells the current instant.
type Clock interface {
	Now() time.Time
}

// System is the real clock.
type System struct{}

// Now returns the current instant.
func (System) Now() time.Time { return time.Now() }

// Manual is a clock that moves only when told; safe for concurrent use.
type Manual struct {
	mu sync.Mutex
	t  time.Time
}

// NewManual returns a Manual clock set to t.
func NewManual(t time.Time) *Manual { return &Manual{t: t} }

// Now returns the clock's instant.
func (m *Manual) Now() time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.t
}

// Advance moves the clock forward by d.
func (m *Manual) Advance(d time.Duration) {
	m.mu.Lock()
	m.t = m.t.Add(d)
	m.mu.Unlock()
}

// Set moves the clock to t.
func (m *Manual) Set(t time.Time) {
	m.mu.Lock()
	m.t = t
	m.mu.Unlock()
}
