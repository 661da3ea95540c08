package event

import (
	"testing"

	"pitlane/internal/event/eventtest"
)

func TestSanitizeTemplateRemovesEveryXSSPayload(t *testing.T) {
	for _, in := range eventtest.XSSPayloads {
		out := SanitizeTemplate(in)
		if bad := eventtest.Unsafe(out); len(bad) > 0 {
			t.Errorf("%v survived sanitising\n in: %s\nout: %s", bad, in, out)
		}
		if again := SanitizeTemplate(out); again != out {
			t.Errorf("sanitising is not stable\n in: %s\nonce: %s\ntwice: %s", in, out, again)
		}
	}
}

func TestSanitizeTemplateKeepsSafeContent(t *testing.T) {
	cases := []struct{ in, want string }{
		{`<h2>Copa</h2><p>La carrera <strong>bajo los focos</strong>.</p>`, `<h2>Copa</h2><p>La carrera <strong>bajo los focos</strong>.</p>`},
		{`<ul><li>Uno</li><li>Dos</li></ul>`, `<ul><li>Uno</li><li>Dos</li></ul>`},
		{`<p style="color: #c92a2a; text-align: center">Rojo</p>`, `<p style="color: #c92a2a; text-align: center">Rojo</p>`},
		{`<p style="position: fixed; color: red">x</p>`, `<p style="color: red">x</p>`},
		{`<img src="https://cdn.example/kart.png" alt="Kart">`, `<img src="https://cdn.example/kart.png" alt="Kart">`},
		{`<img src="/demo/kart.svg" alt="Kart">`, `<img src="/demo/kart.svg" alt="Kart">`},
		{`<a href="https://circuit.example/rules" target="_blank">Rules</a>`, `<a href="https://circuit.example/rules" target="_blank" rel="nofollow noopener">Rules</a>`},
		{`<a href="/terms">Terms</a>`, `<a href="/terms" rel="nofollow">Terms</a>`},
		{`<a href="https://x.example" target="_top">x</a>`, `<a href="https://x.example" rel="nofollow">x</a>`},
		{`<table><tr><td>1</td></tr></table>`, `<table><tr><td>1</td></tr></table>`},
		{``, ``},
	}
	for _, c := range cases {
		if got := SanitizeTemplate(c.in); got != c.want {
			t.Errorf("SanitizeTemplate(%s)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func FuzzSanitizeTemplate(f *testing.F) {
	for _, p := range eventtest.XSSPayloads {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := SanitizeTemplate(in)
		if eventtest.ScriptTag.MatchString(out) || eventtest.OnAttr.MatchString(out) {
			t.Fatalf("unsafe output\n in: %q\nout: %q", in, out)
		}
	})
}
