package adminapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"pitlane/internal/account"
	"pitlane/internal/clock"
	"pitlane/internal/httpapi"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/terms"
)

// termsBody is schema TermsList.
type termsBody struct {
	DefaultCulture string        `json:"defaultCulture"`
	Cultures       []string      `json:"cultures"`
	Terms          []terms.Terms `json:"terms"`
}

// A new company has no terms; its admin adopts the neutral text in Spanish, edits it, and the booking
// page's terms link shows it to a Spanish visitor (and, as the only text, to everyone); an empty text
// removes it. DESK does not reach the tab; a language outside the app's is refused and changes nothing;
// every write is in the audit log; another company's terms are untouched.
func TestTermsEditedInTheBackOffice(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{})
		e.opts.Deps.Terms = terms.NewAdmin(db.Companies(), e.clk)
		e.opts.Customer = func(*clock.Manual) httpapi.Deps { return httpapi.Deps{Terms: terms.NewService(db.Companies())} }
		e.restart(t)
		a, b := newCompany(t, db, "Alfa Karting"), newCompany(t, db, "Bravo Karting")
		newAdmin(t, db, "admin@example.com", map[int64]account.Role{a: account.RoleAdmin, b: account.RoleAdmin})
		newAdmin(t, db, "desk@example.com", map[int64]account.Role{a: account.RoleDesk})
		adm := bearer(e.login(t, "admin@example.com", password))
		q := fmt.Sprintf("?idCompany=%d", a)
		public := fmt.Sprintf("/api/termsAndConditions/%d/", a)

		if got := e.api.Do("GET", public+"es-ES", nil).Status; got != http.StatusNotFound {
			t.Fatalf("a new company's terms: %d, want 404", got)
		}
		var list termsBody
		res := e.api.Do("GET", "/api/admin/terms"+q, nil, adm...)
		res.JSON(t, &list)
		if res.Status != http.StatusOK || len(list.Terms) != 0 || len(list.Cultures) != 7 {
			t.Fatalf("list: %d %s", res.Status, res.Body)
		}
		var starter terms.Terms
		res = e.api.Do("GET", "/api/admin/terms/starter"+q+"&culture=es-ES", nil, adm...)
		res.JSON(t, &starter)
		if res.Status != http.StatusOK || starter.Culture != "es-ES" || !strings.Contains(starter.Text, "reserva hecha con Alfa Karting") {
			t.Fatalf("starter: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM terms`); n != 0 {
			t.Fatal("reading the starter saved it")
		}

		// Rich text as the editor writes it, with what must never reach a visitor.
		text := starter.Text + `<p dir="auto"><strong>Condición</strong> propia <a href="https://alfa.example/normas">del circuito</a>.<script>alert(1)</script></p>` + "\x00"
		res = e.api.Do("PUT", "/api/admin/terms"+q, map[string]string{"culture": "es-ES", "text": text}, adm...)
		res.JSON(t, &list)
		if res.Status != http.StatusOK || len(list.Terms) != 1 || list.Terms[0].Culture != "es-ES" {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		var shown terms.Terms
		for _, culture := range []string{"es-ES", "da-DK"} {
			res = e.api.Do("GET", public+culture, nil)
			res.JSON(t, &shown)
			want := `<p dir="auto"><strong>Condición</strong> propia <a href="https://alfa.example/normas" rel="nofollow">del circuito</a>.</p>`
			if res.Status != http.StatusOK || shown.Culture != "es-ES" || !strings.HasSuffix(shown.Text, want) ||
				strings.Contains(shown.Text, "script") || !strings.HasPrefix(shown.Text, `<p dir="auto">`) {
				t.Errorf("%s visitor: %d %q", culture, res.Status, shown.Text)
			}
		}

		for _, c := range []struct {
			body  map[string]string
			field string
		}{
			{map[string]string{"culture": "xx-XX", "text": "Hello"}, "culture"},
			{map[string]string{"culture": "en-GB", "text": strings.Repeat("a", terms.MaxTextLength+1)}, "text"},
		} {
			if res := e.api.Do("PUT", "/api/admin/terms"+q, c.body, adm...); res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, c.field) == "" {
				t.Errorf("save %s: %d %s", c.field, res.Status, res.Body)
			}
		}
		desk := bearer(e.login(t, "desk@example.com", password))
		if got := e.api.Do("PUT", "/api/admin/terms"+q, map[string]string{"culture": "en-GB", "text": "Desk terms"}, desk...).Status; got != http.StatusForbidden {
			t.Errorf("DESK saving terms: %d, want 403", got)
		}
		if got := e.api.Do("GET", "/api/admin/terms"+q, nil, desk...).Status; got != http.StatusForbidden {
			t.Errorf("DESK reading the tab: %d, want 403", got)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM terms`); n != 1 {
			t.Fatalf("%d terms after the refusals, want 1", n)
		}

		if res := e.api.Do("PUT", "/api/admin/terms"+q, map[string]string{"culture": "es-ES", "text": "  "}, adm...); res.Status != http.StatusOK {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		if got := e.api.Do("GET", public+"es-ES", nil).Status; got != http.StatusNotFound {
			t.Errorf("terms after an empty save: %d, want 404", got)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action IN ('terms.update', 'terms.delete')`, a); n != 2 {
			t.Errorf("%d audit entries, want 2", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action LIKE 'terms.%'`, b); n != 0 {
			t.Errorf("the other company's audit log has %d terms entries", n)
		}
	})
}
