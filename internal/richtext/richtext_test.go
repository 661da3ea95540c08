package richtext

import (
	"strings"
	"testing"
)

func TestSanitizeKeepsFormattingAndDropsWhatCouldRun(t *testing.T) {
	in := `<h2 dir="auto">Rules</h2><p dir="auto"><strong>Bold</strong> <em>it</em> <a href="https://example.com/r" target="_blank">rules</a></p>` +
		`<script>alert(1)</script><p onclick="x()">click</p><a href="javascript:alert(1)">js</a><img src=x onerror=alert(1)>` +
		`<p dir="rtl">شروط</p><iframe src="https://evil.example"></iframe><p style="position:fixed">styled</p>`
	got := Sanitize(in)
	for _, want := range []string{`<h2 dir="auto">Rules</h2>`, `<strong>Bold</strong>`, `<em>it</em>`, `href="https://example.com/r"`,
		`target="_blank"`, `noopener`, `<p dir="rtl">شروط</p>`, `<p>click</p>`, `<p>styled</p>`} {
		if !strings.Contains(got, want) {
			t.Errorf("Sanitize lost %q: %s", want, got)
		}
	}
	for _, gone := range []string{"<script", "alert(1)</script", "onclick", "javascript:", "onerror", "<iframe", "style="} {
		if strings.Contains(got, gone) {
			t.Errorf("Sanitize kept %q: %s", gone, got)
		}
	}
	if Sanitize(`<p dir="evil">x</p>`) != `<p>x</p>` {
		t.Errorf("a dir other than rtl, ltr or auto is kept: %s", Sanitize(`<p dir="evil">x</p>`))
	}
}

func TestHTMLTurnsPlainTextIntoEscapedParagraphs(t *testing.T) {
	plain := "1. Bookings\r\nare final.\n\n2. <b>Prices</b> & taxes\n\n\n"
	want := `<p dir="auto">1. Bookings<br>are final.</p><p dir="auto">2. &lt;b&gt;Prices&lt;/b&gt; &amp; taxes</p>`
	if IsHTML("2 < 3 and 4 > 1") {
		t.Error("a comparison is read as HTML")
	}
	// "<b>" inside a plain text makes it HTML: the tag is then sanitised, not shown.
	if got := HTML("Rides & <b>rules</b>"); got != "Rides &amp; <b>rules</b>" {
		t.Errorf("HTML(html) = %q", got)
	}
	if got := FromPlain(plain); got != want {
		t.Errorf("FromPlain = %q, want %q", got, want)
	}
	if got := HTML("Terms\n\nMore"); got != `<p dir="auto">Terms</p><p dir="auto">More</p>` {
		t.Errorf("HTML(plain) = %q", got)
	}
}
