package httpapi_test

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/httpapi"
	"pitlane/internal/payment/simulated"
)

// simPayAt serves one request to the hosted page at target (path and query), with an Accept-Language.
func simPayAt(t *testing.T, svc httpapi.SimPayService, method, target, acceptLanguage, body string) string {
	t.Helper()
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if acceptLanguage != "" {
		r.Header.Set("Accept-Language", acceptLanguage)
	}
	w := httptest.NewRecorder()
	httpapi.New(httpapi.Deps{SimPay: svc}).ServeHTTP(w, r)
	return w.Body.String()
}

// The page speaks ?lang=, else the booking's language, else the browser's, else English; it names the
// company in its header and title and keeps saying it is a test page.
func TestSimPayPageLanguage(t *testing.T) {
	t.Parallel()
	danish := pendingView
	danish.Culture, danish.CompanyName = "da-DK", "Fjord Karting"
	tests := []struct {
		name, target, accept string
		view                 simulated.View
		err                  error
		contains, lacks      []string
	}{
		{name: "spanish by ?lang", target: "/pay/sim/sim_abc?lang=es", accept: "de", view: danish,
			contains: []string{`<html lang="es" dir="ltr">`, "<title>Pagar 25.50 EUR · Fjord Karting · pago de prueba</title>",
				`<span class="company">Fjord Karting</span>`, "no se mueve dinero real", "Paga tu reserva", "Número de tarjeta",
				"Cancelar y volver", "Reserva <bdi>PL-1</bdi>"},
			lacks: []string{"Card number", "Pay for your booking"}},
		{name: "arabic right to left", target: "/pay/sim/sim_abc?lang=ar-EG", view: danish,
			contains: []string{`<html lang="ar" dir="rtl">`, "ادفع ثمن حجزك", "رقم البطاقة", `<bdi dir="ltr">25.50 EUR</bdi>`, "لا تُنقل أي أموال حقيقية"}},
		{name: "the booking's language", target: "/pay/sim/sim_abc?lang=fr", accept: "sv", view: danish,
			contains: []string{`<html lang="da" dir="ltr">`, "Betal for din booking", "Kortnummer", "Fjord Karting"}},
		{name: "accept-language without a booking language", target: "/pay/sim/sim_abc", accept: "fr-FR, de;q=0.7, sv;q=0.9", view: pendingView,
			contains: []string{`<html lang="sv" dir="ltr">`, "Betala din bokning", "Säkerhetskod (CVC)"}},
		{name: "norwegian tag", target: "/pay/sim/sim_abc", accept: "no", view: pendingView,
			contains: []string{`<html lang="nb" dir="ltr">`, "Betal for bookingen din"}},
		{name: "missing page by accept-language", target: "/pay/sim/sim_abc", accept: "de-DE", err: apperr.New(apperr.NotFound, "No such payment page."),
			contains: []string{`<html lang="de" dir="ltr">`, "Zahlungsseite nicht gefunden"}},
		{name: "nothing known", target: "/pay/sim/sim_abc", accept: "fr, ja", view: pendingView,
			contains: []string{`<html lang="en" dir="ltr">`, "Pay for your booking", "<title>Pay 25.50 EUR · test payment</title>"},
			lacks:    []string{`class="company"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := simPayAt(t, &fakeSimPay{view: tt.view, err: tt.err}, "GET", tt.target, tt.accept, "")
			for _, want := range tt.contains {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %q\n%s", want, body)
				}
			}
			for _, bad := range tt.lacks {
				if strings.Contains(body, bad) {
					t.Errorf("page has %q\n%s", bad, body)
				}
			}
		})
	}
}

// A rejected card's field errors and a decline reason are shown in the page's language.
func TestSimPayMessagesTranslated(t *testing.T) {
	t.Parallel()
	spanish := pendingView
	spanish.Culture = "es-ES"
	errs := simulated.ValidateCard(simulated.Card{Number: "1234", Expiry: "13/30", CVC: "1", Name: ""}, pendingView.ExpiresAt)
	svc := &fakeSimPay{result: simulated.Result{View: spanish}, err: apperr.WithFields(apperr.Unprocessable, "Check the card details.", errs)}
	form := url.Values{"number": {"1234"}, "expiry": {"13/30"}, "cvc": {"1"}, "action": {"pay"}}.Encode()
	body := simPayAt(t, svc, "POST", "/pay/sim/sim_abc", "", form)
	for _, want := range []string{"Revisa los datos de la tarjeta", `<p id="number-error" class="field-error">El número de la tarjeta no es válido.</p>`,
		`<a href="#expiry">El mes de caducidad debe estar entre 01 y 12.</a>`, "El código de seguridad son los 3 o 4 dígitos de la tarjeta.",
		`<p id="name-error" class="field-error">Introduce el nombre que aparece en la tarjeta.</p>`} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q\n%s", want, body)
		}
	}
	declined := simulated.View{Ref: "sim_abc", Amount: "9.00 EUR", Status: simulated.StatusDeclined, Culture: "de-DE",
		DeclineReason: simulated.DecideCard(simulated.Card{Number: simulated.CardDeclined}).Reason, ReturnURL: "https://shop.test/ko"}
	body = simPayAt(t, &fakeSimPay{view: declined}, "GET", "/pay/sim/sim_abc", "", "")
	for _, want := range []string{"Zahlung nicht ausgeführt", "Die Karte wurde abgelehnt.", "Zurück zum Shop"} {
		if !strings.Contains(body, want) {
			t.Errorf("declined page lacks %q\n%s", want, body)
		}
	}
}

// The company's name is text, not markup.
func TestSimPayCompanyEscaped(t *testing.T) {
	t.Parallel()
	v := pendingView
	v.CompanyName = `<script>alert(1)</script> & Co`
	body := simPayAt(t, &fakeSimPay{view: v}, "GET", "/pay/sim/sim_abc", "", "")
	if strings.Contains(body, "<script>") || !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co") {
		t.Fatalf("company name not escaped:\n%s", body)
	}
}
