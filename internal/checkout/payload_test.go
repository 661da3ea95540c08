package checkout

import (
	"encoding/json"
	"regexp"
	"testing"
)

// Both forms of a slot entry decode; unknown keys are refused.
func TestDecodeSlots(t *testing.T) {
	t.Parallel()
	var req SaveRequest
	body := `{"token":"t","email":"a@b.co","emailConfirmation":"a@b.co","identifiersPrebooking":["h"],
		"isPaymentsActive":true,"adultConfirmation":1,"acceptSendPromo":0,
		"slots":[{"2026-12-01 10:00:00":["Ana",{"name":"Bo","email":"bo@example.com","underage":true}],
		          "productIdCloud":7,"idPackCloud":null,"idProductLocal":"101","idPackLocal":5,"idVariant":1,"packAssociated":"ABC123"},
		         {"bookingDate":"2026-12-01 10:30:00","drivers":["Cy"],"prebookingIdentifier":"h"}]}`
	if err := strict([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	s := req.Slots
	if len(s) != 2 || s[0].BookingDate != "2026-12-01 10:00:00" || len(s[0].Drivers) != 2 || s[0].Drivers[1].Email != "bo@example.com" ||
		!s[0].Drivers[1].Underage || *s[0].ProductIDCloud != 7 || s[0].IDPackCloud != nil || *s[0].IDProductLocal != "101" ||
		*s[0].IDPackLocal != "5" || s[1].PrebookingIdentifier != "h" || s[1].Drivers[0].Name != "Cy" {
		t.Errorf("slots %+v", s)
	}
	if !req.IsPaymentsActive || !req.AdultConfirmation || req.AcceptSendPromo {
		t.Errorf("flags %+v", req)
	}
	for _, bad := range []string{
		`[{"bogus":1}]`,
		`[{"2026-12-01 10:00:00":["A"],"2026-12-01 10:15:00":["B"]}]`,
		`[{"2026-12-01 10:00:00":["A"],"drivers":["B"]}]`,
		`[{"drivers":[{"name":"A","admin":true}]}]`,
		`[{"drivers":[7]}]`,
		`[null]`,
		`[{"idProductLocal":{}}]`,
	} {
		var r SaveRequest
		if err := strict([]byte(`{"slots":`+bad+`}`), &r); err == nil {
			t.Errorf("%s decoded", bad)
		}
	}
	var f SaveRequest
	if err := strict([]byte(`{"isPaymentsActive":2}`), &f); err == nil {
		t.Error("a flag of 2 decoded")
	}
}

// The request hash ignores formatting but not content.
func TestRequestHash(t *testing.T) {
	t.Parallel()
	var a, b, c SaveRequest
	_ = json.Unmarshal([]byte(`{"token":"t","slots":[{"2026-12-01 10:00:00":["A"]}]}`), &a)
	_ = json.Unmarshal([]byte(`{ "slots": [ {"bookingDate":"2026-12-01 10:00:00","drivers":["A"]} ], "token": "t" }`), &b)
	_ = json.Unmarshal([]byte(`{"token":"t","slots":[{"2026-12-01 10:00:00":["B"]}]}`), &c)
	if requestHash(a) != requestHash(b) || requestHash(a) == requestHash(c) {
		t.Error("request hash")
	}
}

func TestCodes(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	format := regexp.MustCompile(`^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$`)
	for i := 0; i < 1000; i++ {
		v := NewVoucherCode()
		if !format.MatchString(v) || seen[v] {
			t.Fatalf("voucher code %q", v)
		}
		seen[v] = true
	}
	id, tok := NewIdentifier(), NewCancelToken()
	if len(id) != 32 || len(tok) != 22 || !ValidCancelToken(tok) || ValidCancelToken("../../etc/passwd") {
		t.Errorf("identifier %q token %q", id, tok)
	}
	if HashToken(tok) == tok || !SameHash(HashToken(tok), HashToken(tok)) || SameHash(HashToken(tok), HashToken(tok+"x")) {
		t.Error("hash")
	}
	if len(NewPackCode()) != 6 {
		t.Error("pack code")
	}
}
