package notify

import (
	"strings"
	"testing"
)

func TestRefundNoticeInEveryLanguage(t *testing.T) {
	t.Parallel()
	b := Booking{Identifier: "PL-42", ContactName: "Ana", Email: "ana@example.com",
		Company: Company{Name: "Kart Norte", Symbol: "€", Currency: "EUR"}}
	want := map[string]string{"en-GB": "Refund of €12.50", "es-ES": "Reembolso de 12,50\u00a0€", "da-DK": "Refusion af 12,50\u00a0€",
		"ar-SA": "استرداد \u200f12.50\u00a0€", "de-DE": "Erstattung von 12,50\u00a0€", "nb-NO": "Refusjon av 12,50\u00a0€",
		"sv-SE": "Återbetalning av 12,50\u00a0€"}
	left := map[string]string{"en-GB": "€7.50", "ar-SA": "\u200f7.50\u00a0€"}       // the others: 7,50 €
	refunded := map[string]string{"en-GB": "€12.50", "ar-SA": "\u200f12.50\u00a0€"} // the others: 12,50 €
	for _, c := range Cultures() {
		b.Culture = c
		m, err := RefundNotice(b, Refund{AmountCents: 1250, RemainingCents: 750})
		if err != nil {
			t.Fatal(err)
		}
		if m.Kind != KindRefund || m.Culture != c || m.To != "ana@example.com" {
			t.Errorf("%s: kind %q culture %q to %q", c, m.Kind, m.Culture, m.To)
		}
		if !strings.HasPrefix(m.Subject, want[c]) || !strings.Contains(m.Subject, "PL-42") {
			t.Errorf("%s: subject %q", c, m.Subject)
		}
		wantLeft, ok := left[c]
		if !ok {
			wantLeft = "7,50\u00a0€"
		}
		wantRefunded, ok := refunded[c]
		if !ok {
			wantRefunded = "12,50\u00a0€"
		}
		if !strings.Contains(m.Text, wantLeft) || !strings.Contains(m.HTML, wantRefunded) {
			t.Errorf("%s: the mail does not show the amounts:\n%s", c, m.Text)
		}
	}
	b.Culture = "es-ES"
	cash, _ := RefundNotice(b, Refund{AmountCents: 100, Cash: true})
	if !strings.Contains(cash.Text, "efectivo") {
		t.Errorf("cash refund mail does not say cash:\n%s", cash.Text)
	}
	if _, err := RefundNotice(Booking{Culture: "en-GB"}, Refund{AmountCents: 100}); err == nil {
		t.Error("a refund mail without an address was built")
	}
}
