package store

import (
	"context"
	"time"

	"pitlane/internal/notify"
)

// The waiting list's mails are queued in the outbox in the transaction that makes what they announce:
// the joined mail with the entry, the offer mail with the offer (so one offer queues one mail, and an
// entry that left, never offered again, gets none).

// waitMailBase reads what every waiting-list mail of an entry shows.
func waitMailBase(ctx context.Context, tx *Tx, entryID int64) (notify.WaitlistMail, int64, string, error) {
	var m notify.WaitlistMail
	var companyID int64
	var leave, date, at, tz string
	err := tx.QueryRow(ctx, `SELECT e.email, e.culture, e.name, e.drivers, e.leave_token, e.local_date, e.local_time,
		co.id, co.name, co.time_zone FROM waitlist_entries e JOIN companies co ON co.id = e.company_id WHERE e.id = ?`,
		entryID).Scan(&m.To, &m.Culture, &m.Name, &m.Drivers, &leave, &date, &at, &companyID, &m.CompanyName, &tz)
	if err != nil {
		return m, 0, "", translate(err)
	}
	if len(at) > 5 {
		at = at[:5]
	}
	m.Session = date + " " + at
	m.LeaveURL = tx.db.webBase() + "/waitlist/leave/" + leave
	return m, companyID, tz, nil
}

// queueWaitJoined queues the mail that confirms an entry and its position.
func queueWaitJoined(ctx context.Context, tx *Tx, entryID int64, position int, now time.Time) error {
	m, companyID, _, err := waitMailBase(ctx, tx, entryID)
	if err != nil {
		return err
	}
	m.Position = position
	msg, err := notify.WaitlistJoined(m)
	if err != nil {
		return err
	}
	msg.CompanyID = companyID
	return tx.EnqueueEmail(ctx, msg, now)
}

// queueWaitOffer queues the mail of an offer just made: its link carries the offer token.
func queueWaitOffer(ctx context.Context, tx *Tx, entryID int64, offerToken string, minutes int, expires, now int64) error {
	m, companyID, tz, err := waitMailBase(ctx, tx, entryID)
	if err != nil {
		return err
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		loc = time.UTC
	}
	m.Minutes, m.Until = minutes, time.UnixMilli(expires).In(loc).Format("15:04")
	m.OfferURL = tx.db.webBase() + "/waitlist/offer/" + offerToken
	msg, err := notify.WaitlistOffer(m)
	if err != nil {
		return err
	}
	msg.CompanyID = companyID
	return tx.EnqueueEmail(ctx, msg, time.UnixMilli(now))
}
