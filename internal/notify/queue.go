package notify

import (
	"context"
	"strings"
	"time"
)

// Outbox is where messages are written, inside the database transaction of what they announce, so a
// booking and its e-mails are committed or rolled back together. *store.Tx implements it.
type Outbox interface {
	// EnqueueEmail writes m to the outbox, due for delivery at now.
	EnqueueEmail(ctx context.Context, m Message, now time.Time) error
	// CompanyNotifyEmails returns the company's notification addresses of the kind (NoticeConfirmation,
	// NoticeCancellation or NoticeProblem); none is an empty list, not an error.
	CompanyNotifyEmails(ctx context.Context, companyID int64, kind string) ([]string, error)
}

// QueueConfirmation enqueues everything a new booking sends: the confirmation to the customer, the
// gift e-mail to the receiver when the booking is a gift, and a copy to each of the company's
// confirmation addresses written in companyCulture. Returns the builders' and the outbox's errors.
func QueueConfirmation(ctx context.Context, out Outbox, companyID, bookingID int64, b Booking, companyCulture string, now time.Time) error {
	msgs := make([]Message, 0, 2)
	// A walk-in taken at the counter may have no address: the company's copies still go.
	if strings.TrimSpace(b.Email) != "" {
		m, err := BookingConfirmation(b)
		if err != nil {
			return err
		}
		msgs = append(msgs, m)
	}
	if b.IsGift && b.GiftEmail != "" {
		m, err := GiftVoucher(b)
		if err != nil {
			return err
		}
		msgs = append(msgs, m)
	}
	return queue(ctx, out, companyID, bookingID, b, NoticeConfirmation, companyCulture, now, msgs)
}

// QueueCancellation enqueues the cancellation e-mail to the customer and a copy to each of the
// company's cancellation addresses written in companyCulture.
func QueueCancellation(ctx context.Context, out Outbox, companyID, bookingID int64, b Booking, companyCulture string, now time.Time) error {
	var msgs []Message
	if strings.TrimSpace(b.Email) != "" { // a walk-in without an address: the company's copies only
		m, err := BookingCancellation(b)
		if err != nil {
			return err
		}
		msgs = append(msgs, m)
	}
	return queue(ctx, out, companyID, bookingID, b, NoticeCancellation, companyCulture, now, msgs)
}

// queue adds the company's copies of the kind to msgs and enqueues them all for the booking.
func queue(ctx context.Context, out Outbox, companyID, bookingID int64, b Booking, kind, companyCulture string, now time.Time, msgs []Message) error {
	addrs, err := out.CompanyNotifyEmails(ctx, companyID, kind)
	if err != nil {
		return err
	}
	copyOf := b
	copyOf.Culture = companyCulture
	for _, a := range addrs {
		m, err := CompanyNotice(a, copyOf, kind)
		if err != nil {
			return err
		}
		msgs = append(msgs, m)
	}
	for _, m := range msgs {
		m.CompanyID = companyID
		if bookingID != 0 {
			id := bookingID
			m.BookingID = &id
		}
		if err := out.EnqueueEmail(ctx, m, now); err != nil {
			return err
		}
	}
	return nil
}
