package notify

import (
	"strings"
	"testing"
)

func TestWaitlistOfferMailInTheEntrysLanguage(t *testing.T) {
	m, err := WaitlistOffer(WaitlistMail{To: "ana@example.com", Culture: "ar", Name: "Ana", CompanyName: "Karting Sur",
		Session: "2026-12-01 18:00", Drivers: 2, Minutes: 30, Until: "18:30",
		OfferURL: "https://book.example/waitlist/offer/abc", LeaveURL: "https://book.example/waitlist/leave/def"})
	if err != nil {
		t.Fatal(err)
	}
	if m.Culture != "ar-SA" || m.Kind != KindWaitlistOffer || !strings.Contains(m.Subject, "2026-12-01 18:00") {
		t.Errorf("message %+v", m)
	}
	for _, want := range []string{"https://book.example/waitlist/offer/abc", "https://book.example/waitlist/leave/def", "احجز الأماكن المحجوزة لك"} {
		if !strings.Contains(m.HTML, want) || !strings.Contains(m.Text, want) {
			t.Errorf("the mail lacks %q", want)
		}
	}
	if _, err := WaitlistOffer(WaitlistMail{To: "ana@example.com", LeaveURL: "x"}); err == nil {
		t.Error("an offer mail without its link was written")
	}
}
