package httpapi_test

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"pitlane/internal/catalog"
	"pitlane/internal/clock"
	"pitlane/internal/company"
	"pitlane/internal/demo"
	"pitlane/internal/event"
	"pitlane/internal/httpapi"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
	"pitlane/web"
)

// run is what every payload tries to do: mark the page as compromised.
const run = `document.documentElement.setAttribute('data-xss','1')`

// xssPayloads is a set from the OWASP XSS filter evasion cheat sheet, each trying to run `run`.
var xssPayloads = []string{
	`<script>` + run + `</script>`,
	`<SCRIPT SRC="data:text/javascript,` + run + `"></SCRIPT>`,
	`<img src=x onerror="` + run + `">`,
	`<IMG SRC=x OnErRoR="` + run + `">`,
	`<img src="javascript:` + run + `">`,
	`<svg onload="` + run + `"></svg>`,
	`<svg><script>` + run + `</script></svg>`,
	`<body onload="` + run + `">`,
	`<iframe src="javascript:` + run + `"></iframe>`,
	`<iframe srcdoc="&lt;script&gt;parent.` + run + `&lt;/script&gt;"></iframe>`,
	`<a id="jslink" href="javascript:` + run + `">link</a>`,
	`<a href="JaVaScRiPt:` + run + `">link</a>`,
	`<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;` + run + `">entity link</a>`,
	`<div style="background-image:url(javascript:` + run + `)">bg</div>`,
	`<input autofocus onfocus="` + run + `">`,
	`<details open ontoggle="` + run + `">d</details>`,
	`<video><source onerror="` + run + `"></video>`,
	`<audio src=x onerror="` + run + `"></audio>`,
	`<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>`,
	`<embed src="javascript:` + run + `">`,
	`<math><mtext><table><mglyph><style><img src=x onerror="` + run + `">`,
	`<noscript><p title="</noscript><img src=x onerror=` + run + `>">`,
	`<meta http-equiv="refresh" content="0;url=javascript:` + run + `">`,
	`<form action="javascript:` + run + `"><button id="jsform">go</button></form>`,
	`<style>@import 'javascript:` + run + `';</style>`,
	`<marquee onstart="` + run + `">m</marquee>`,
	`<base href="javascript:` + run + `//">`,
	`<template><img src=x onerror="` + run + `"></template>`,
	`<div onmouseover="` + run + `" style="width:100%;height:100%">hover</div>`,
	`<<SCRIPT>` + run + `//<</SCRIPT>`,
	`<IMG """><SCRIPT>` + run + `</SCRIPT>">`,
	`<img src="x` + "\x00" + `" onerror="` + run + `">`,
}

// An event's admin-written HTML reaches the public event page without any way to run script, even when
// it got into the database unsanitised (here written with raw SQL, bypassing the write-time
// sanitiser): the page is rendered in Chromium, with the CSP header removed so that only the
// sanitiser stands between the payloads and the page.
func TestEventTemplateRunsNoScriptInChromium(t *testing.T) {
	const chromium = "/usr/bin/chromium"
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("skipped: Chromium is not installed at /usr/bin/chromium (make test installs it)")
	}
	if _, err := fs.Stat(web.Dist(), "index.html"); err != nil {
		t.Skip("skipped: the web app is not built into web/dist (make test builds it first)")
	}
	ctx := context.Background()
	db := storetest.Open(t, store.SQLite)
	clk := clock.System{}
	if _, err := demo.Seed(ctx, db, clk); err != nil {
		t.Fatal(err)
	}
	var key string
	template := `<h2 id="xss-marker">Race rules</h2>` + strings.Join(xssPayloads, "\n")
	err := db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT public_key FROM events WHERE team = 0 ORDER BY starts_at LIMIT 1`).Scan(&key); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE events SET template_html = ? WHERE public_key = ?`, template, key)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	h := httpapi.New(httpapi.Deps{
		DB: db, Web: web.Dist(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Companies: company.NewService(db.Companies()), Catalog: catalog.NewService(db.Catalog(), clk),
		Events: event.NewService(db.EventSite(), nil, clk, 10*time.Minute),
	})
	noCSP := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(stripCSP{w}, r)
	})
	srv := httptest.NewServer(noCSP)
	defer srv.Close()

	// However long a busy machine takes to start Chromium and render: until shortly before the test's
	// deadline (go test -timeout; ten minutes without one).
	within := testwait.Patience(t)
	cctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	out, err := exec.CommandContext(cctx, chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
		"--user-data-dir="+t.TempDir(), "--virtual-time-budget=10000", "--dump-dom", srv.URL+"/event/"+key).Output()
	if err != nil {
		t.Fatalf("chromium did not render the page (%v): a payload may have taken the page over", err)
	}
	dom := string(out)
	if !strings.Contains(dom, `id="xss-marker"`) {
		t.Fatalf("the event template was not rendered; the test proves nothing:\n%.3000s", dom)
	}
	if strings.Contains(dom, "data-xss") {
		t.Fatalf("a payload ran in the browser:\n%s", dom)
	}
	body := dom[strings.Index(dom, `id="xss-marker"`):]
	for _, bad := range []string{"<script", "onerror", "onload", "onfocus", "ontoggle", "onstart", "onmouseover",
		"javascript:", "<iframe", "<object", "<embed", "<base", "http-equiv", "srcdoc"} {
		if strings.Contains(strings.ToLower(body), bad) {
			t.Errorf("the rendered template still contains %q", bad)
		}
	}
}

// stripCSP removes the Content-Security-Policy header before it is sent.
type stripCSP struct{ http.ResponseWriter }

func (s stripCSP) WriteHeader(code int) {
	s.Header().Del("Content-Security-Policy")
	s.ResponseWriter.WriteHeader(code)
}

func (s stripCSP) Write(b []byte) (int, error) {
	s.Header().Del("Content-Security-Policy")
	return s.ResponseWriter.Write(b)
}
