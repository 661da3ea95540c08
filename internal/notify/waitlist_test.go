package notify

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

func TestWaitlistStrings(t *testing.T) {
	ph := regexp.MustCompile(`\{[a-z]+\}`)
	for _, c := range cultures {
		msgs, ok := waitStrings[c]
		if !ok {
			t.Fatalf("no waiting-list strings in %s", c)
		}
		if len(msgs) != len(waitStrings[DefaultCulture]) {
			t.Errorf("%s has %d keys, English %d", c, len(msgs), len(waitStrings[DefaultCulture]))
		}
		for k, en := range waitStrings[DefaultCulture] {
			got, ok := msgs[k]
			if !ok || got == "" {
				t.Errorf("%s lacks %q", c, k)
				continue
			}
			a, b := ph.FindAllString(en, -1), ph.FindAllString(got, -1)
			sort.Strings(a)
			sort.Strings(b)
			if strings.Join(a, ",") != strings.Join(b, ",") {
				t.Errorf("%s %q has placeholders %v, English %v", c, k, b, a)
			}
		}
	}
}

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
