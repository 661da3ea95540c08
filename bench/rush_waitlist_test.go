package main

import (
	"testing"
	"time"
)

// pairOffers pairs each session's cancellations with its offer mails in order: an offer queued within
// its cancellation's request counts as in its transaction with the request's time as latency; a
// refused cancellation, an offer too many or one queued after the answer fail the checks.
func TestPairOffers(t *testing.T) {
	cs := []rushCancellation{
		{session: "c:1:100", start: 1000, answer: 1040, status: 200},
		{session: "c:1:100", start: 1010, answer: 1090, status: 200},
		{session: "c:2:100", start: 1005, answer: 1025, status: 200},
	}
	mails := map[string][]offerMail{"c:1:100": {{1020}, {1080}}, "c:2:100": {{1024}}}
	w := pairOffers(cs, mails)
	if w.cancels != 3 || w.offers != 3 || w.before != 3 || !w.ok() {
		t.Fatalf("all in order: %+v, ok %v", w, w.ok())
	}
	if got := percentile(w.latency, 100); got != 80*time.Millisecond {
		t.Errorf("slowest cancellation with its offer: %v, want 80ms", got)
	}
	if w.perSec < 37 || w.perSec > 38 { // 3 offers from 1000 to 1080 ms
		t.Errorf("offers/s %.1f, want 3 over 0.08 s", w.perSec)
	}

	late := pairOffers(cs, map[string][]offerMail{"c:1:100": {{1020}, {1200}}, "c:2:100": {{1024}}})
	if late.before != 2 || late.ok() {
		t.Errorf("an offer queued after its cancellation answered: %+v, want failed", late)
	}
	twice := pairOffers(cs, map[string][]offerMail{"c:1:100": {{1020}, {1080}, {1085}}, "c:2:100": {{1024}}})
	if twice.offers != 4 || twice.ok() {
		t.Errorf("two offers for one freed place: %+v, want failed", twice)
	}
	refused := pairOffers(append(cs, rushCancellation{session: "c:2:100", start: 1100, status: 422}), mails)
	if refused.failed["422"] != 1 || refused.ok() {
		t.Errorf("a refused cancellation: %+v, want failed", refused)
	}
}
