package notify

// CancelMoney is what a customer's cancellation did with a booking's money, for the cancellation
// mails: refunded to the card, owed at the circuit's desk, or nothing under the company's policy.
type CancelMoney struct {
	Policy        string // card, desk or none (companies.cancel_refund_policy)
	PaidCents     int64  // charged and not refunded before the cancellation
	RefundedCents int64  // given back to the card
	CashCents     int64  // given back in cash at the circuit's desk (a staff cancellation with a refund)
	OwedCents     int64  // to be refunded at the circuit's desk
	// CreditCents is what staff kept as a credit note instead of a refund, spendable at the desk with
	// CreditCode (shown form) until the circuit-local day CreditUntil (YYYY-MM-DD) included.
	CreditCents int64
	CreditCode  string
	CreditUntil string
}

// moneyRows are the lines of the cancellation mails that say what happened to the money, the amounts
// written as every other amount of the mail (translator.money).
func moneyRows(t translator, b Booking) []row {
	m, label := b.Money, t.T("cancel.money")
	var rows []row
	if m.CreditCents > 0 {
		rows = append(rows, row{Label: label, Value: t.T("cancel.money.credit", "amount", t.money(m.CreditCents, b.Company),
			"code", t.isolate(m.CreditCode), "date", t.longDate(m.CreditUntil, ""))})
	}
	if m.RefundedCents > 0 {
		rows = append(rows, row{Label: label, Value: t.T("cancel.money.card", "amount", t.money(m.RefundedCents, b.Company))})
	}
	if m.CashCents > 0 {
		rows = append(rows, row{Label: label, Value: t.T("cancel.money.cash", "amount", t.money(m.CashCents, b.Company))})
	}
	if m.OwedCents > 0 {
		rows = append(rows, row{Label: label, Value: t.T("cancel.money.desk", "amount", t.money(m.OwedCents, b.Company))})
	}
	if len(rows) > 0 {
		return rows
	}
	if m.PaidCents <= 0 {
		return []row{{Label: label, Value: t.T("cancel.money.unpaid")}}
	}
	return []row{{Label: label, Value: t.T("cancel.money.none")}}
}
