package notify

import (
	"html"
	"strings"
	"testing"
)

// The cancellation mail of a customer's cancellation says what happened to the money, with the amount
// and the currency code, in each of the seven languages, instead of the payment state; the company's
// copy says it too.
func TestCancellationMoney(t *testing.T) {
	t.Parallel()
	card := &CancelMoney{Policy: "card", PaidCents: 5800, RefundedCents: 5800}
	desk := &CancelMoney{Policy: "desk", PaidCents: 5800, OwedCents: 5800}
	none := &CancelMoney{Policy: "none", PaidCents: 5800}
	unpaid := &CancelMoney{Policy: "card"}
	for _, c := range []struct {
		culture string
		money   *CancelMoney
		want    string
	}{
		{"en-GB", card, "Refunded €58.00 to your card"},
		{"en-GB", desk, "€58.00 will be refunded at the circuit"},
		{"en-GB", none, "No refund under the circuit's policy"},
		{"en-GB", unpaid, "Nothing was paid, so there is nothing to refund"},
		{"es-ES", card, "Se han reembolsado 58,00\u00a0€ a tu tarjeta"},
		{"es-ES", desk, "Se te reembolsarán 58,00\u00a0€ en el circuito"},
		{"da-DK", card, "58,00\u00a0€ er refunderet til dit kort"},
		{"de-DE", desk, "58,00\u00a0€ werden dir an der Strecke erstattet"},
		{"nb-NO", none, "Ingen refusjon etter banens regler"},
		{"sv-SE", card, "58,00\u00a0€ har återbetalats till ditt kort"},
		{"ar-SA", desk, "سيُسترد مبلغ \u200f58.00\u00a0€ في الحلبة"},
	} {
		b := booking(c.culture)
		b.Company.Currency = "EUR"
		b.Money = c.money
		m, err := BookingCancellation(b)
		if err != nil {
			t.Fatal(err)
		}
		paymentRow := newTranslator(NormalizeCulture(c.culture)).T("payment") + ":"
		if !strings.Contains(m.Text, c.want) || !strings.Contains(m.HTML, html.EscapeString(c.want)) || strings.Contains(m.Text, paymentRow) {
			t.Errorf("%s %s: want %q without %q in\n%s", c.culture, c.money.Policy, c.want, paymentRow, m.Text)
		}
		n, err := CompanyNotice("desk@kart.example", b, NoticeCancellation)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(n.Text, c.want) {
			t.Errorf("%s company copy: want %q in\n%s", c.culture, c.want, n.Text)
		}
	}
	// Both at once: the card part refunded, the cash part owed.
	b := booking("en-GB")
	b.Company.Currency = "EUR"
	b.Money = &CancelMoney{Policy: "card", PaidCents: 6800, RefundedCents: 5800, OwedCents: 1000}
	m, err := BookingCancellation(b)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Refunded €58.00 to your card") || !strings.Contains(m.Text, "€10.00 will be refunded at the circuit") {
		t.Errorf("both:\n%s", m.Text)
	}
}

// Money kept as a credit note: the mail gives the amount, the code and the last day it can be spent, in
// each language; in Arabic the code and the amount are isolated so they keep their order.
func TestCancellationCredit(t *testing.T) {
	t.Parallel()
	credit := &CancelMoney{Policy: "credit", PaidCents: 6600, CreditCents: 6600, CreditCode: "7VF8-TZC4-P7MM-TWBF", CreditUntil: "2027-11-28"}
	for _, c := range []struct{ culture, want string }{
		{"en-GB", "€66.00 kept as credit for your next visit: give the code 7VF8-TZC4-P7MM-TWBF at the desk, valid until Sunday, 28 November 2027"},
		{"es-ES", "66,00\u00a0€ guardados como saldo para tu próxima visita: da el código 7VF8-TZC4-P7MM-TWBF en el mostrador"},
		{"da-DK", "koden 7VF8-TZC4-P7MM-TWBF i skranken"},
		{"de-DE", "den Code 7VF8-TZC4-P7MM-TWBF, gültig bis"},
		{"nb-NO", "koden 7VF8-TZC4-P7MM-TWBF i skranken"},
		{"sv-SE", "koden 7VF8-TZC4-P7MM-TWBF i kassan"},
		{"ar-SA", "قدّم الرمز \u20687VF8-TZC4-P7MM-TWBF\u2069 في مكتب الاستقبال"},
	} {
		b := booking(c.culture)
		b.Company.Currency = "EUR"
		b.Money = credit
		m, err := BookingCancellation(b)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, c.want) {
			t.Errorf("%s: want %q in\n%s", c.culture, c.want, m.Text)
		}
		if strings.Contains(m.Text, newTranslator(NormalizeCulture(c.culture)).T("cancel.money.none")) {
			t.Errorf("%s: the credit mail also says there is no refund:\n%s", c.culture, m.Text)
		}
	}
}
