package notify

import "time"

// Outbox statuses (outbox_emails.status).
const (
	StatusPending = "pending" // waiting for its next attempt
	StatusSending = "sending" // leased by a worker; back to due when the lease runs out
	StatusSent    = "sent"
	StatusFailed  = "failed" // given up after MaxAttempts
)

// Outgoing is a message a worker has claimed for delivery.
type Outgoing struct {
	ID       int64
	Attempts int // attempts so far, this one included
	Message  Message
}

// OutboxEntry is a message in the outbox as the dev mail page shows it. Lists leave Text, HTML and
// the attachments' Data empty; one entry read by id has them.
type OutboxEntry struct {
	ID            int64
	Message       Message
	Status        string
	Attempts      int
	LastError     string
	CreatedAt     time.Time
	NextAttemptAt time.Time
	SentAt        *time.Time
}

// OutboxStats counts the outbox by status, for health checks and operations.
type OutboxStats struct {
	Pending, Sending, Sent, Failed int
	// OldestDue is the creation time of the oldest message still waiting (pending or sending), if any.
	OldestDue *time.Time
}

// MaxAttempts is how many times delivery of a message is tried before it is marked failed.
const MaxAttempts = 8

// retryDelays is the wait after the n-th failed attempt (n from 1); the last repeats.
var retryDelays = []time.Duration{
	time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 6 * time.Hour, 12 * time.Hour, 24 * time.Hour,
}

// RetryAfter tells what happens after the attempts-th failed attempt (counting from 1): how long to
// wait before the next one (1m, 5m, 30m, 2h, 6h, 12h, 24h), or giveUp once MaxAttempts have failed.
func RetryAfter(attempts int) (wait time.Duration, giveUp bool) {
	if attempts >= MaxAttempts {
		return 0, true
	}
	if attempts < 1 {
		attempts = 1
	}
	return retryDelays[min(attempts, len(retryDelays))-1], false
}
