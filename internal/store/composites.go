package store

// A domain Store interface that spans two aggregates is satisfied by a small composite of them here,
// rather than by *DB or by splitting the domain interface (docs/architecture.md, "Departures").

// EventSite is what the events service reads and writes: the company a page is for and its events
// (event.Store).
type EventSite struct {
	Companies
	Events
}

// EventSite returns the events service's store.
func (db *DB) EventSite() EventSite { return EventSite{db.Companies(), db.Events()} }

// ProblemDesk is what the problem reports service needs: the company a report is about and where its
// reports go (problem.Store).
type ProblemDesk struct {
	Companies
	Problems
}

// ProblemDesk returns the problem reports service's store.
func (db *DB) ProblemDesk() ProblemDesk { return ProblemDesk{db.Companies(), db.Problems()} }
