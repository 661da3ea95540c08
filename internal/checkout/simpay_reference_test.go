package checkout_test

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"pitlane/internal/checkout"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/payment"
	"pitlane/internal/payment/simulated"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// The simulated card page a customer lands on after saving a booking names the booking by the short
// reference they read out at the desk (ABCD-2345, as the mails and pages show it), never by the internal
// 32-character identifier.
func TestSimulatedCardPageShowsTheShortReference(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		sim, err := simulated.New(db.SimPay(), simulated.Config{BaseURL: base, Secret: "sim-secret", Clock: e.clk,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RetryDelays: []time.Duration{time.Hour}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(sim.Close)
		svc := checkout.NewService(checkout.Deps{Store: db.Checkout(), Clock: e.clk, BaseURL: base, HoldTTL: 10 * time.Minute,
			Gateways: map[string]payment.Gateway{simulated.Name: sim}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		h := httpapi.New(httpapi.Deps{DB: db, Checkout: svc, SimPay: sim, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		e.exec(t, `UPDATE companies SET payment_provider = ?, payments_active = 1 WHERE id = ?`, simulated.Name, e.fix.CompanyID)

		cart := e.cart(t)
		id := e.hold(t, cart, e.fix.Product, 1, at("10:00"))
		res := apitest.New(t, h).Do("POST", "/api/booking/saveBooking", save(cart, id, "Ana"))
		if res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		var out checkout.SaveResult
		res.JSON(t, &out)
		u, err := url.Parse(out.URL)
		if err != nil || !strings.HasPrefix(u.Path, "/pay/sim/") {
			t.Fatalf("saveBooking sent the visitor to %q, not the simulated card page", out.URL)
		}
		identifier := e.str(t, `SELECT identifier FROM bookings WHERE company_id = ? AND status = 'pending'`, e.fix.CompanyID)
		ref := e.str(t, `SELECT reference FROM bookings WHERE identifier = ?`, identifier)
		if len(ref) != 8 {
			t.Fatalf("the booking's reference %q", ref)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", u.Path, nil))
		page := w.Body.String()
		if w.Code != 200 {
			t.Fatalf("card page: %d %s", w.Code, page)
		}
		if shown := ref[:4] + "-" + ref[4:]; !strings.Contains(page, "<bdi>"+shown+"</bdi>") {
			t.Errorf("the card page does not show the reference %s:\n%s", shown, page)
		}
		if strings.Contains(page, identifier) {
			t.Errorf("the card page shows the internal identifier %s", identifier)
		}
	})
}
