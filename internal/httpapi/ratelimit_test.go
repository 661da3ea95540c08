package httpapi_test

import (
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/httpapi"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A client over its limit gets 429 with Retry-After and the JSON error; other clients and other
// classes of call carry on.
func TestRateLimitedRoutes(t *testing.T) {
	t.Parallel()
	e := newClubEnv(t, storetest.Open(t, store.SQLite), httpapi.RateLimits{Classes: map[httpapi.RateClass]httpapi.Rate{
		httpapi.RateLookup: {PerMinute: 6, Burst: 3},
		httpapi.RateGuess:  {PerMinute: 6, Burst: 1},
	}})
	body := map[string]any{"email": "nobody@example.com", "idCompany": e.fix.CompanyID}
	const search = "/api/member/search-email"
	for i := 0; i < 3; i++ {
		if res := e.api.Do("POST", search, body); res.Status != 200 {
			t.Fatalf("request %d inside the burst: %d %s", i+1, res.Status, res.Body)
		}
	}
	res := e.api.Do("POST", search, body)
	if res.Status != 429 {
		t.Fatalf("4th request: %d, want 429", res.Status)
	}
	checkError(t, res, apperr.TooManyRequests, "", "")
	if ra := res.Header.Get("Retry-After"); ra != "10" {
		t.Errorf("Retry-After %q, want 10 (6 a minute)", ra)
	}
	if res := e.api.Do("POST", search, body, "X-Test-Client", "198.51.100.23:5000"); res.Status != 200 {
		t.Errorf("another client: %d, want 200", res.Status)
	}
	if res := e.api.Do("GET", "/api/member/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA", nil); res.Status != 404 {
		t.Errorf("another class of call: %d, want 404", res.Status)
	}
	if res := e.api.Do("GET", "/api/member/unsubscribe/BBBBBBBBBBBBBBBBBBBBBB", nil); res.Status != 429 {
		t.Errorf("guessing a second key at once: %d, want 429", res.Status)
	}
	if res := e.api.Do("GET", "/api/captcha/challenge", nil); res.Status != 200 {
		t.Errorf("unlimited call: %d", res.Status)
	}
}
