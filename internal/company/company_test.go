package company_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"pitlane/internal/company"
)

func TestPublicKeysAndTokensAreRandomAndURLSafe(t *testing.T) {
	urlSafe := regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		k, tok := company.NewPublicKey(), company.NewToken()
		if len(k) != 22 || len(tok) != 32 || !urlSafe.MatchString(k) || !urlSafe.MatchString(tok) {
			t.Fatalf("key %q (%d), token %q (%d): want 22 and 32 URL-safe characters", k, len(k), tok, len(tok))
		}
		if !company.ValidKey(k) || seen[k] || seen[tok] {
			t.Fatalf("key %q invalid or repeated", k)
		}
		seen[k], seen[tok] = true, true
	}
}

func TestValidKey(t *testing.T) {
	cases := map[string]bool{
		"Abc_123-xyz":            true,
		strings.Repeat("a", 200): true,
		strings.Repeat("a", 201): false,
		"":                       false,
		"a/b":                    false,
		"a.b":                    false,
		"a b":                    false,
		"ñandú":                  false,
		"a%2Fb":                  false,
	}
	for key, want := range cases {
		if got := company.ValidKey(key); got != want {
			t.Errorf("ValidKey(%q) = %v, want %v", key, got, want)
		}
	}
}

func TestConfigOfFallsBackForOutOfRangeValues(t *testing.T) {
	c := company.Company{ID: 7, Name: "Kart", PrimaryColor: "red", SecondaryColor: "#ABCDEF",
		MaxSlotsBooking: 0, CancelBookingMaxDays: -3, MaxParticipants: -1, PaymentsActive: true}
	cfg := company.ConfigOf(c, nil)
	if cfg.Theme.PrimaryColor != company.DefaultPrimaryColor || cfg.Theme.SecondaryColor != "#ABCDEF" {
		t.Errorf("theme %+v", cfg.Theme)
	}
	if cfg.MaxSlotsBooking != company.DefaultMaxSlotsBooking || cfg.CancelBookingMaxDays != 0 {
		t.Errorf("maxSlotsBooking %d, cancelBookingMaxDays %d", cfg.MaxSlotsBooking, cfg.CancelBookingMaxDays)
	}
	if cfg.MaxParticipants != -1 || cfg.IsPaymentsActive != 1 {
		t.Errorf("maxParticipants %d (negative means the default and is passed on), isPaymentsActive %d",
			cfg.MaxParticipants, cfg.IsPaymentsActive)
	}
	raw, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, frag := range []string{`"landing":[]`, `"footerImage":null`, `"isPaymentsActive":1`,
		`"publi":{"imgLeftDefault":null,"imgRightDefault":null,"imgLeftENG":null,"imgRightENG":null,"hyperlinkLeft":null,"hyperlinkRight":null,"isActive":false}`,
		`"features":{"licences":false}`} {
		if !strings.Contains(string(raw), frag) {
			t.Errorf("config JSON lacks %s: %s", frag, raw)
		}
	}
}

func TestLandingButtonJSON(t *testing.T) {
	cat := "Eventos"
	cfg := company.ConfigOf(company.Company{}, []company.LandingButton{
		{Title: "A", Link: "/a", Category: &cat, Options: json.RawMessage(`{"icon":"world"}`)},
		{Title: "B", Link: "/b", IsNew: true, IsDisabled: true},
	})
	raw, err := json.Marshal(cfg.Landing)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"title":"A","link":"/a","isNew":false,"isDisabled":false,"category":"Eventos","options":{"icon":"world"}},` +
		`{"title":"B","link":"/b","isNew":true,"isDisabled":true,"category":null,"options":null}]`
	if string(raw) != want {
		t.Errorf("landing JSON\n got %s\nwant %s", raw, want)
	}
}
