package adminapi

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"pitlane/internal/billing"
)

// Customer-typed text that a spreadsheet would run is quoted; anything else is left alone.
func TestNeutralise(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"=1+1": "'=1+1", "+34 600": "'+34 600", "-2+3": "'-2+3", "@SUM(A1)": "'@SUM(A1)", "\t=1": "'\t=1", "\r=1": "'\r=1",
		"Ana": "Ana", "": "", " =1": " =1", "ana@example.com": "ana@example.com",
	} {
		if got := neutralise(in); got != want {
			t.Errorf("neutralise(%q) = %q, want %q", in, got, want)
		}
	}
}

// File names are ASCII: accents folded, everything else a single dash.
func TestExportFileName(t *testing.T) {
	t.Parallel()
	for company, want := range map[string]string{
		"Circuito Norte": "bookings_Circuito-Norte_2026-11-01_2026-11-30.csv",
		"Kørebane Ærø":   "bookings_Korebane-AEro_2026-11-01_2026-11-30.csv",
		"  Año/Ñandú!! ": "bookings_Ano-Nandu_2026-11-01_2026-11-30.csv",
		"حلبة":           "bookings_company_2026-11-01_2026-11-30.csv",
		`a"b;c`:          "bookings_a-b-c_2026-11-01_2026-11-30.csv",
	} {
		if got := exportFileName("bookings", company, "2026-11-01", "2026-11-30", "csv"); got != want {
			t.Errorf("%q: %q, want %q", company, got, want)
		}
	}
}

// Every language has every heading and state; unknown languages fall back to English.
func TestExportLabels(t *testing.T) {
	t.Parallel()
	for lang, l := range exportLanguages {
		for i, c := range l.Columns {
			if c == "" {
				t.Errorf("%s: column %d has no heading", lang, i)
			}
		}
		if l.Total == "" || len(l.States) != 4 {
			t.Errorf("%s: total %q, %d states", lang, l.Total, len(l.States))
		}
	}
	if len(exportLanguages) != 7 {
		t.Errorf("%d languages", len(exportLanguages))
	}
	if labelsFor("es-ES").Columns[5] != "Cliente" || labelsFor("nb_NO").Total != "Totalt" || labelsFor("xx").Columns[5] != "Customer" {
		t.Errorf("labelsFor")
	}
}

// The UTF-8 file name is percent-encoded except RFC 5987's attr-chars, so no name can break the header.
func TestContentDisposition(t *testing.T) {
	t.Parallel()
	got := contentDisposition("bookings_a.csv", `bookings_Año; x="1",y.csv`)
	want := `attachment; filename="bookings_a.csv"; filename*=UTF-8''bookings_A%C3%B1o%3B%20x%3D%221%22%2Cy.csv`
	if got != want {
		t.Errorf("%s\nwant %s", got, want)
	}
}

func TestExportMethodNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		methods []string
		lang    string
		want    string
	}{
		{[]string{"cash", "card_terminal"}, "en", "Cash, Card terminal"},
		{[]string{"voucher", "other", "online"}, "es", "Bono, Otro, En línea"},
		{[]string{"cash"}, "ar", "نقدًا"},
		{nil, "de", ""},
	} {
		if got := methodNames(c.methods, c.lang); got != c.want {
			t.Errorf("methodNames(%q, %s) = %q, want %q", c.methods, c.lang, got, c.want)
		}
	}
	// Every language names every code the billing can show, with the billing screen's own words.
	for lang, codes := range billingCodeNames {
		raw, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "admin", "features", "billing", "locales", lang+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var screen struct{ Sources, States, Methods map[string]string }
		if err := json.Unmarshal(raw, &screen); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			what          string
			export, shown map[string]string
			codes         []string
		}{
			{"source", codes.Sources, screen.Sources, billing.Sources},
			{"state", codes.States, screen.States, []string{billing.StatePaid, billing.StatePartiallyRefunded, billing.StateRefunded,
				billing.StateRefund, billing.StatePayment, billing.StateCorrection}},
			{"method", codes.Methods, screen.Methods, append(slices.Clone(billing.DeskMethods), billing.MethodOnline)},
		} {
			for _, code := range c.codes {
				if c.export[code] == "" || c.export[code] != c.shown[code] {
					t.Errorf("%s: %s %s is %q in the export, %q on the billing screen", lang, c.what, code, c.export[code], c.shown[code])
				}
			}
		}
		for _, typ := range []string{billing.TypeSale, billing.TypeRefund, billing.TypePayment, billing.TypeCorrection} {
			if codes.Types[typ] == "" {
				t.Errorf("%s: type %s has no name", lang, typ)
			}
		}
	}
	if len(billingCodeNames) != len(billingHeaders) {
		t.Errorf("%d languages name the codes, %d title the columns", len(billingCodeNames), len(billingHeaders))
	}
}
