package httpx

import (
	"net/http/httptest"
	"testing"
)

func TestSameOrigin(t *testing.T) {
	t.Parallel()
	public := []string{"https://book.example"}
	for _, c := range []struct {
		name            string
		host            string
		origin, referer string
		secure, want    bool
	}{
		{"own host over http", "localhost:8080", "http://localhost:8080", "", false, true},
		{"own host, https page, plain base", "localhost:8080", "https://localhost:8080", "", false, true},
		{"own host over https behind https", "book.example", "https://book.example", "", true, true},
		{"own host over plain http behind https", "book.example", "http://book.example", "", true, false},
		{"the base URL from behind a proxy", "10.0.0.5:8080", "https://book.example", "", true, true},
		{"the base URL's host over http", "10.0.0.5:8080", "http://book.example", "", true, false},
		{"another site", "book.example", "https://evil.example", "", true, false},
		{"a null Origin", "book.example", "null", "", true, false},
		{"no Origin, own Referer", "book.example", "", "https://book.example/admin", true, true},
		{"no Origin, http Referer behind https", "book.example", "", "http://book.example/admin", true, false},
		{"neither", "book.example", "", "", true, false},
		{"a malformed Origin", "book.example", "https://%zz", "", true, false},
	} {
		r := httptest.NewRequest("POST", "/api/x", nil)
		r.Host = c.host
		if c.origin != "" {
			r.Header.Set("Origin", c.origin)
		}
		if c.referer != "" {
			r.Header.Set("Referer", c.referer)
		}
		if got := SameOrigin(r, public, c.secure); got != c.want {
			t.Errorf("%s: SameOrigin = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestStaffCookieName(t *testing.T) {
	t.Parallel()
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Cookie", "pitlane_staff=plain; __Host-pitlane_staff=host")
	if got := StaffCookie(r, false); got != "plain" {
		t.Errorf("over http: %q, want the plain cookie", got)
	}
	if got := StaffCookie(r, true); got != "host" {
		t.Errorf("behind https: %q, want the __Host- cookie", got)
	}
}
