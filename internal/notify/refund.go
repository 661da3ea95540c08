package notify

import (
	"errors"
	"strings"
)

// KindRefund is outbox_emails.kind of the mail telling a customer that part or all of a sale was
// refunded by the circuit's staff.
const KindRefund = "refund"

// Refund is what a refund mail tells besides the booking.
type Refund struct {
	AmountCents    int64 // given back now
	RemainingCents int64 // paid and still not refunded
	Cash           bool  // paid back in cash at the circuit, not to the card
}

// RefundNotice is the e-mail a customer gets when the staff refund part or all of a booking: how much
// was given back, how (to the card or in cash), what is still paid, and the booking's reference and
// lines, in the booking's language. Returns an error when the booking has no e-mail or the amount is
// not positive.
func RefundNotice(b Booking, r Refund) (Message, error) {
	if strings.TrimSpace(b.Email) == "" {
		return Message{}, errors.New("notify: refund mail without an e-mail address")
	}
	if r.AmountCents <= 0 {
		return Message{}, errors.New("notify: refund mail of nothing")
	}
	t := newTranslator(NormalizeCulture(b.Culture))
	amount := t.money(r.AmountCents, b.Company)
	how := t.T("refund.card")
	if r.Cash {
		how = t.T("refund.cash")
	}
	d := newDoc(t, b.Company, t.T("refund.title"), b.ContactName)
	d.Intro = []string{t.T("refund.intro", "company", b.Company.Name, "amount", amount, "ref", ShownReference(b)), how}
	d.Blocks = []block{{Rows: []row{
		{Label: t.T("ref"), Value: ShownReference(b), LTR: true},
		{Label: t.T("refund.amount"), Value: amount, Strong: true, LTR: true},
		{Label: t.T("refund.left"), Value: t.money(r.RemainingCents, b.Company), LTR: true},
	}}}
	if len(b.Lines) > 0 {
		d.Blocks = append(d.Blocks, block{Heading: t.T("items"), Items: lineItems(t, b, true)})
	}
	return message(KindRefund, t, b.Email,
		t.T("refund.subject", "amount", amount, "ref", ShownReference(b), "company", b.Company.Name), d)
}
