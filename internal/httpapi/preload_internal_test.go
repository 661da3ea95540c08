package httpapi

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"reflect"
	"testing"
	"testing/fstest"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
)

type fakeCompanies map[string]company.Config

func (f fakeCompanies) Config(_ context.Context, key string) (company.Config, error) {
	if c, ok := f[key]; ok {
		return c, nil
	}
	return company.Config{}, apperr.New(apperr.NotFound, "No such company.")
}

// A booking page names, with itself, what its app will ask for first: the configuration, the products
// and the company's language texts. Other pages name nothing; an unknown key is a 404 naming nothing; a
// language without a chunk of its own (English) no script.
func TestBookingPagePreloads(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{
		"index.html": {Data: []byte("<!doctype html><title>app</title>")},
		".vite/manifest.json": {Data: []byte(`{
			"_locale-es-Dy_7X8AC.js": {"file": "assets/locale-es-Dy_7X8AC.js", "name": "locale-es"},
			"_locale-es-pages-Bo.js": {"file": "assets/locale-es-pages-Bo.js", "name": "locale-es-pages"},
			"_locale-da-VU.js": {"file": "assets/locale-da-VU.js", "name": "locale-da"}}`)},
	}
	s := New(Deps{
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Web:    files,
		Companies: fakeCompanies{
			"norte-key-123": {IDCompany: 1, DefaultCulture: "es-ES"},
			"fjord-key-456": {IDCompany: 2, DefaultCulture: "dk"},
			"brit-key-7890": {IDCompany: 3, DefaultCulture: "en-GB"},
		},
	})
	const fetch = ">; rel=preload; as=fetch; crossorigin=anonymous"
	cases := map[string][]string{
		"/norte-key-123": {"</api/config/norte-key-123" + fetch, "</api/product?idCompany=1" + fetch,
			"</assets/locale-es-Dy_7X8AC.js>; rel=modulepreload"},
		"/fjord-key-456": {"</api/config/fjord-key-456" + fetch, "</api/product?idCompany=2" + fetch,
			"</assets/locale-da-VU.js>; rel=modulepreload"},
		"/brit-key-7890": {"</api/config/brit-key-7890" + fetch, "</api/product?idCompany=3" + fetch},
		"/terms":         nil, "/norte-key-123/landing": nil, "/event/norte-key-123": nil, "/": nil,
	}
	unknown := httptest.NewRecorder()
	s.ServeHTTP(unknown, httptest.NewRequest("GET", "/unknown-key-0", nil))
	if unknown.Code != 404 || len(unknown.Header().Values("Link")) != 0 {
		t.Errorf("/unknown-key-0: %d, Link %q; want 404 without hints", unknown.Code, unknown.Header().Values("Link"))
	}
	for path, want := range cases {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 {
			t.Fatalf("%s → %d", path, rec.Code)
		}
		if got := rec.Header().Values("Link"); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Link\n%q\nwant\n%q", path, got, want)
		}
	}
}
