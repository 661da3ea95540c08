package httpapi

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"pitlane/internal/payment/simulated"
)

// Every language fills every string, and translates every message the provider can write.
func TestSimTextsComplete(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	provider := map[string]bool{"The payment was cancelled.": true}
	for _, c := range []simulated.Card{{}, {Number: "1234", Expiry: "13/30", CVC: "1", Name: strings.Repeat("a", 101)}, {Expiry: "01/20"}} {
		for _, m := range simulated.ValidateCard(c, now) {
			provider[m] = true
		}
	}
	for _, n := range []string{simulated.CardDeclined, "5555555555554444"} {
		provider[simulated.DecideCard(simulated.Card{Number: n}).Reason] = true
	}
	if len(provider) != 11 {
		t.Fatalf("expected the 11 provider messages, got %d: %v", len(provider), provider)
	}
	for code, txt := range simLanguages {
		v := reflect.ValueOf(*txt)
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.Kind() == reflect.String && f.String() == "" {
				t.Errorf("%s: %s is empty", code, v.Type().Field(i).Name)
			}
		}
		if code == "en" {
			continue
		}
		for m := range provider {
			if txt.Messages[m] == "" || txt.Messages[m] == m {
				t.Errorf("%s: %q untranslated", code, m)
			}
		}
		if len(txt.Messages) != len(provider) {
			t.Errorf("%s: %d messages, provider writes %d", code, len(txt.Messages), len(provider))
		}
	}
}
