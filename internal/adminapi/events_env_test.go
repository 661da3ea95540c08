package adminapi_test

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/checkout"
	"pitlane/internal/clock"
	"pitlane/internal/company"
	"pitlane/internal/event"
	"pitlane/internal/httpapi"
	"pitlane/internal/store"
)

// evEnv is the staff API with the create-event and advertising services, mounted with the public
// event, landing, discount and company calls that show what they wrote.
type evEnv struct {
	*staffEnv
	company, other int64
	super, admin   string // tokens of a SUPERADMIN and an ADMIN of company
}

// evBase is the public URL the create-event answer starts with.
const evBase = "https://karts.example"

func newEvEnv(t *testing.T, db *store.DB) *evEnv {
	t.Helper()
	e := &evEnv{staffEnv: newStaffEnv(t, db, envOptions{})}
	publi := company.NewPubliService(db.Publi(), db.Companies().LandingButtons, e.clk.Now)
	e.opts.Deps = adminapi.Deps{Events: event.NewCreator(db.EventSite(), e.clk, evBase), Publi: publi}
	e.opts.Customer = func(clk *clock.Manual) httpapi.Deps {
		co := checkout.NewService(checkout.Deps{Store: db.Checkout(), Clock: clk, BaseURL: evBase,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		return httpapi.Deps{Events: event.NewService(db.EventSite(), checkout.NewEventCheckout(co, db.Checkout()), clk, 15*time.Minute),
			Checkout: co, Publi: publi}
	}
	e.restart(t)
	e.company, e.other = newCompany(t, db, "Alpha Karts"), newCompany(t, db, "Other Karts")
	newAdmin(t, db, "super@alpha.example", map[int64]account.Role{e.company: account.RoleSuperAdmin, e.other: account.RoleAdmin})
	newAdmin(t, db, "admin@alpha.example", map[int64]account.Role{e.company: account.RoleAdmin})
	e.super, e.admin = e.login(t, "super@alpha.example", password), e.login(t, "admin@alpha.example", password)
	return e
}

// eventPayload is a create-event payload for company id that breaks no rule at t0; edit changes it.
func eventPayload(id int64, edit func(m map[string]any)) map[string]any {
	m := map[string]any{
		"idCompany": id,
		"event": map[string]any{"name": "Night Cup", "price": 45.5, "idLocalProduct": "EV-9", "maxStock": 20, "teamEvent": true,
			"dateIni": "2026-12-20 19:00", "dateEnd": "2026-12-20 23:00",
			"productData": map[string]any{"checkboxText": "We are all 16 or older", "minParticipant": 3, "exclusivity": true}},
		"templateHtml":     `<h1>Night Cup</h1><p>Three hours.</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">go</a>`,
		"addToLandingPage": true,
		"categorys":        map[string]any{"title": "Class", "excluding": true, "options": `[{"name":"Senior","shortName":"SR","checked":false,"disabled":false},{"name":"Junior","shortName":"JR","checked":false,"disabled":false}]`},
		"discount":         map[string]any{"code": "NIGHT10", "price": 10, "expirationDate": "2026-12-19", "stock": 5},
	}
	if edit != nil {
		edit(m)
	}
	return m
}

// eventRows counts what creating an event writes, table by table.
func (e *evEnv) eventRows(t *testing.T) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, table := range []string{"events", "products", "event_categories", "event_category_options", "discount_codes", "audit_log"} {
		out[table] = count(t, e.db, `SELECT COUNT(*) FROM `+table)
	}
	return out
}
