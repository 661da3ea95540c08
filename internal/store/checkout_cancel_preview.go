package store

import (
	"context"
	"database/sql"
	"time"

	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/pricing"
)

// CancelPreview implements checkout.Store. It reads in a read transaction and writes nothing: opening
// a cancellation link (a person, a mail scanner, a link preview) never changes the booking.
func (co Checkout) CancelPreview(ctx context.Context, tokenHash string, now time.Time) (checkout.CancelView, error) {
	var v checkout.CancelView
	err := co.db.Read(ctx, func(tx *Tx) error {
		t, err := findByCancelToken(ctx, tx, tokenHash, false)
		if err != nil {
			return err
		}
		mb, _, companyCulture, err := mailBooking(ctx, tx, t.id, "")
		if err != nil {
			return err
		}
		v = checkout.CancelView{Reference: notify.ShownReference(mb), Status: t.status, Company: mb.Company.Name,
			Logo: mb.Company.Logo, ContactEmail: mb.Company.ContactEmail,
			ContactPhone: mb.Company.ContactPhone, PrimaryColor: mb.Company.Color,
			Currency: mb.Company.Currency, TimeZone: mb.Company.TimeZone, Culture: mb.Culture, DefaultCulture: companyCulture,
			Total: pricing.Cents(mb.TotalCents), Drivers: []string{}, Lines: make([]checkout.CancelLine, 0, len(mb.Lines))}
		for _, d := range mb.Drivers {
			if d != "" {
				v.Drivers = append(v.Drivers, d)
			}
		}
		for _, l := range mb.Lines {
			cl := checkout.CancelLine{Name: l.Name, Quantity: l.Quantity, Sessions: make([]checkout.CancelSession, 0, len(l.Sessions))}
			for _, s := range l.Sessions {
				cs := checkout.CancelSession{Date: s.Date, Time: s.Time, Circuit: s.Circuit}
				cl.Sessions = append(cl.Sessions, cs)
				if v.FirstSession == nil || cs.Date+cs.Time < v.FirstSession.Date+v.FirstSession.Time {
					first := cs
					v.FirstSession = &first
				}
			}
			v.Lines = append(v.Lines, cl)
		}
		if reason := checkout.CancelReason(t.status, t.first, t.maxDays, now); reason != "" {
			v.Reason = &reason
		} else {
			v.Cancellable = true
		}
		var cancelledAt sql.NullInt64
		if err := tx.QueryRow(ctx, `SELECT cancelled_at FROM bookings WHERE id = ?`, t.id).Scan(&cancelledAt); err != nil {
			return err
		}
		if t.status == checkout.StatusCancelled && cancelledAt.Valid {
			at := time.UnixMilli(cancelledAt.Int64).UTC()
			v.CancelledAt = &at
		}
		switch {
		case t.status == checkout.StatusCancelled:
			v.Money, err = storedCancelMoney(ctx, tx, t.companyID, t.id)
			return err
		case v.Cancellable:
			charges, err := chargesOf(ctx, tx, t.companyID, t.id)
			if err != nil {
				return err
			}
			online, cash := splitCharges(charges)
			toCard, atDesk := checkout.PlanRefund(t.policy, online, cash)
			v.Money = &checkout.CancelMoney{Policy: t.policy, Paid: pricing.Cents(online + cash),
				ToCard: pricing.Cents(toCard), AtDesk: pricing.Cents(atDesk)}
		}
		return nil
	})
	return v, err
}
