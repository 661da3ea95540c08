package notify

import (
	"strings"
	"testing"
)

const unsubLink = "https://book.example/member/unsubscribe/k3y_-AbCdEfGhIjKlMnOp"

func TestUnsubscribeURL(t *testing.T) {
	t.Parallel()
	for base, want := range map[string]string{
		"https://book.example":       "https://book.example/member/unsubscribe/k3y_-",
		"https://book.example/":      "https://book.example/member/unsubscribe/k3y_-",
		"http://127.0.0.1:8080/book": "http://127.0.0.1:8080/book/member/unsubscribe/k3y_-",
	} {
		if got := UnsubscribeURL(base, "k3y_-"); got != want {
			t.Errorf("UnsubscribeURL(%q) = %q, want %q", base, got, want)
		}
	}
}

// A customer who opted in to offers finds the unsubscribe link at the foot of their confirmation, in
// their language, in the text and as a link in the HTML; one who did not finds none.
func TestConfirmationCarriesTheUnsubscribeLink(t *testing.T) {
	t.Parallel()
	for _, c := range cultures {
		b := booking(c)
		b.UnsubscribeURL = unsubLink
		m, err := BookingConfirmation(b)
		if err != nil {
			t.Fatal(err)
		}
		tr := newTranslator(c)
		text, label := tr.T("unsub.text", "company", norte.Name), tr.T("unsub.link")
		if !strings.Contains(m.Text, text+"\n"+label+": "+unsubLink+"\n") {
			t.Errorf("%s: the text lacks the unsubscribe line:\n%s", c, m.Text)
		}
		if !strings.Contains(m.HTML, `<a href="`+unsubLink+`"`) || !strings.Contains(m.HTML, ">"+label+"</a>") ||
			!strings.Contains(m.HTML, text) {
			t.Errorf("%s: the HTML lacks the unsubscribe link", c)
		}
		// It closes the message, after the footer.
		if i, j := strings.Index(m.Text, tr.T("footer", "company", norte.Name)), strings.Index(m.Text, unsubLink); i < 0 || j < i {
			t.Errorf("%s: the unsubscribe line is not under the footer:\n%s", c, m.Text)
		}

		b.UnsubscribeURL = ""
		m, err = BookingConfirmation(b)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(m.Text+m.HTML, UnsubscribePath) || strings.Contains(m.Text, label+":") {
			t.Errorf("%s: a customer who did not opt in gets an unsubscribe link", c)
		}
	}
}

// Only the customer's own confirmation carries their link: not the gift receiver's e-mail, not the
// cancellation, not the company's copies.
func TestOtherMessagesDoNotCarryTheCustomersLink(t *testing.T) {
	t.Parallel()
	b := booking("en-GB")
	b.UnsubscribeURL = unsubLink
	for name, build := range map[string]func() (Message, error){
		"gift":         func() (Message, error) { return GiftVoucher(b) },
		"cancellation": func() (Message, error) { return BookingCancellation(b) },
		"notice-conf":  func() (Message, error) { return CompanyNotice("desk@norte.example", b, NoticeConfirmation) },
		"notice-canc":  func() (Message, error) { return CompanyNotice("desk@norte.example", b, NoticeCancellation) },
	} {
		m, err := build()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(m.Text+m.HTML, UnsubscribePath) {
			t.Errorf("%s carries the customer's unsubscribe link", name)
		}
	}
}

// The link is a URL html/template accepts as it is, and user text next to it stays escaped.
func TestUnsubscribeLinkIsEscaped(t *testing.T) {
	t.Parallel()
	b := booking("en-GB")
	b.Company.Name = `<b>Evil & Co</b>`
	b.UnsubscribeURL = UnsubscribeURL("https://book.example", `a"b<c`)
	m, err := BookingConfirmation(b)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<b>Evil") || strings.Contains(m.HTML, `a"b<c`) || strings.Contains(m.HTML, "ZgotmplZ") {
		t.Errorf("unescaped or refused value in the HTML")
	}
	if !strings.Contains(m.HTML, `href="https://book.example/member/unsubscribe/a%22b%3Cc"`) {
		t.Errorf("the link is not the escaped key: %s", m.HTML)
	}
}
