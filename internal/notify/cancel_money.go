package notify

import "fmt"

// CancelMoney is what a customer's cancellation did with a booking's money, for the cancellation
// mails: refunded to the card, owed at the circuit's desk, or nothing under the company's policy.
type CancelMoney struct {
	Policy        string // card, desk or none (companies.cancel_refund_policy)
	PaidCents     int64  // charged and not refunded before the cancellation
	RefundedCents int64  // given back to the card
	OwedCents     int64  // to be refunded at the circuit's desk
}

// moneyRows are the lines of the cancellation mails that say what happened to the money, with the
// amounts written with the currency's code ("58.00 EUR").
func moneyRows(t translator, b Booking) []row {
	m, label := b.Money, t.T("cancel.money")
	var rows []row
	if m.RefundedCents > 0 {
		rows = append(rows, row{Label: label, Value: t.T("cancel.money.card", "amount", moneyCode(m.RefundedCents, b.Company))})
	}
	if m.OwedCents > 0 {
		rows = append(rows, row{Label: label, Value: t.T("cancel.money.desk", "amount", moneyCode(m.OwedCents, b.Company))})
	}
	if len(rows) > 0 {
		return rows
	}
	if m.PaidCents <= 0 {
		return []row{{Label: label, Value: t.T("cancel.money.unpaid")}}
	}
	return []row{{Label: label, Value: t.T("cancel.money.none")}}
}

// moneyCode writes cents with two decimals and the company's currency code: "58.00 EUR".
func moneyCode(cents int64, c Company) string {
	code := c.Currency
	if code == "" {
		code = c.Symbol
	}
	return fmt.Sprintf("%d.%02d %s", cents/100, cents%100, code)
}
