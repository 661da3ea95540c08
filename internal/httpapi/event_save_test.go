package httpapi_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/event"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/payment"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// evGateway is a payment provider double: it hands out checkout pages and can be made to fail.
type evGateway struct {
	mu       sync.Mutex
	fail     bool
	requests []payment.CheckoutRequest
}

func (g *evGateway) Name() string { return "fake" }

func (g *evGateway) CreateCheckout(_ context.Context, req payment.CheckoutRequest) (payment.Checkout, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.fail {
		return payment.Checkout{}, errors.New("provider down")
	}
	g.requests = append(g.requests, req)
	ref := fmt.Sprintf("chk_%d", req.PaymentID)
	return payment.Checkout{ProviderRef: ref, RedirectURL: "https://pay.example/" + ref}, nil
}

func (g *evGateway) ParseNotification(*http.Request, []byte) (payment.Notification, bool, error) {
	return payment.Notification{}, false, errors.New("not used")
}

func (g *evGateway) Status(context.Context, string) (payment.Notification, error) {
	return payment.Notification{Outcome: payment.Pending}, nil
}

func (g *evGateway) Refund(context.Context, string, int64, string) (payment.Refund, error) {
	return payment.Refund{}, errors.New("not used")
}

// evSaveWorld is the demo world with the event service paying through the real checkout and the
// gateway double (Circuito Norte's provider).
type evSaveWorld struct {
	*world
	gw  *evGateway
	co  *checkout.Service
	ctx context.Context
}

func newEvSaveWorld(t *testing.T, db *store.DB) *evSaveWorld {
	t.Helper()
	w := &evSaveWorld{world: newWorld(t, db), gw: &evGateway{}, ctx: context.Background()}
	w.co = checkout.NewService(checkout.Deps{Store: db.Checkout(), Clock: w.clk, BaseURL: "https://book.example",
		Gateways: map[string]payment.Gateway{"fake": w.gw}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	w.withEvents(t, checkout.NewEventCheckout(w.co, db.Checkout()))
	w.exec(t, `UPDATE companies SET payment_provider = 'fake' WHERE id = ?`, w.norte.ID)
	return w
}

func (w *evSaveWorld) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	if err := w.db.Write(w.ctx, func(tx *store.Tx) error { _, err := tx.Exec(w.ctx, q, args...); return err }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func (w *evSaveWorld) count(t *testing.T, q string, args ...any) int {
	t.Helper()
	var n int
	if err := w.db.Read(w.ctx, func(tx *store.Tx) error { return tx.QueryRow(w.ctx, q, args...).Scan(&n) }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// register holds a place of the event for a new visitor and returns it.
func (w *evSaveWorld) register(t *testing.T, key, visitorID string) event.Registration {
	t.Helper()
	res := w.api.Do("POST", "/api/event/"+key+"/register", nil, visitor(visitorID)...)
	if res.Status != 200 {
		t.Fatalf("register: %d %s", res.Status, res.Body)
	}
	return evRegistration(t, res)
}

// stockOf is the event page's places left.
func (w *evSaveWorld) stockOf(t *testing.T, key string) int64 {
	t.Helper()
	return *evInfo(t, w.api.Do("GET", "/api/event/"+key, nil)).ProductOrPack.Stock
}

// payload is a valid registration of r.
func payload(r event.Registration, edit func(m map[string]any)) map[string]any {
	m := map[string]any{"nick": "Ana", "phone": "+34 600 123 456", "email": "ana@example.com", "emailConfirmation": "ana@example.com",
		"event": map[string]any{"id": r.Event.ID}, "token": r.TokenShoppingCart, "identifiersPrebooking": []string{r.Prebooking.Identifier},
		"culture": "es-ES", "culturePaycomet": "es", "ageConfirmed": true}
	if edit != nil {
		edit(m)
	}
	return m
}

// TestSaveEvent: a valid registration becomes a pending online booking with its registration and
// payment and answers the provider's page; the provider's approval pays it and queues the event
// confirmation; form errors are 422, an expired hold or a started event 410 with nothing written.
func TestSaveEvent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newEvSaveWorld(t, db)
		keys := w.evKeys(t, w.norte.ID)
		team, night := keys["Resistencia 3 Horas por Equipos"], keys["Copa Norte Nocturna"]
		token := bearer(w.norteToken(t))
		r := w.register(t, team.Key, "visitor-team1")
		if s := w.stockOf(t, team.Key); s != 11 {
			t.Fatalf("stock after the hold %d, want 11", s)
		}
		save := func(name string, body any, headers []string, status int, code apperr.Code, field string) row {
			return row{name: name, method: "POST", path: "/api/event/saveEvent", body: body, headers: headers, status: status, code: code, field: field}
		}
		var paymentURL string
		w.run(t, []row{
			save("no company token", payload(r, nil), nil, 401, apperr.Unauthorized, ""),
			save("another company's token", payload(r, nil), bearer(w.fix.Token), 401, apperr.Unauthorized, ""),
			save("malformed JSON", `{"nick":`, token, 400, apperr.Invalid, ""),
			save("unknown field", payload(r, func(m map[string]any) { m["price"] = 0 }), token, 400, apperr.Invalid, "price"),
			save("unknown event", payload(r, func(m map[string]any) { m["event"] = map[string]any{"id": 999999} }), token, 404, apperr.NotFound, ""),
			save("exclusive category needs one", payload(r, nil), token, 422, apperr.Unprocessable, "categories"),
			save("two of an exclusive category", payload(r, func(m map[string]any) { m["categories"] = []string{"JR", "SR"} }), token, 422, apperr.Unprocessable, "categories"),
			save("unknown option", payload(r, func(m map[string]any) { m["categories"] = []string{"XX"} }), token, 422, apperr.Unprocessable, "categories"),
			save("age not confirmed", payload(r, func(m map[string]any) { m["categories"] = []string{"SR"}; delete(m, "ageConfirmed") }), token, 422, apperr.Unprocessable, "ageConfirmed"),
			save("bad phone", payload(r, func(m map[string]any) { m["categories"] = []string{"SR"}; m["phone"] = "12345" }), token, 422, apperr.Unprocessable, "phone"),
			save("e-mails differ", payload(r, func(m map[string]any) { m["categories"] = []string{"SR"}; m["emailConfirmation"] = "ana@example.org" }), token, 422, apperr.Unprocessable, "emailConfirmation"),
			save("hold of another cart", payload(r, func(m map[string]any) {
				m["categories"] = []string{"SR"}
				m["identifiersPrebooking"] = []string{"nope"}
			}), token, 410, apperr.Gone, ""),
			{name: "valid team registration", method: "POST", path: "/api/event/saveEvent", headers: token, status: 200,
				body: payload(r, func(m map[string]any) { m["nick"] = "Los Rápidos"; m["categories"] = []string{"SR"} }),
				check: func(t *testing.T, res *apitest.Response) {
					var out event.SaveResult
					res.JSON(t, &out)
					paymentURL = out.PaymentURL
					if !strings.HasPrefix(paymentURL, "https://pay.example/chk_") {
						t.Errorf("paymentURL %q", paymentURL)
					}
				}},
			save("saved twice", payload(r, func(m map[string]any) { m["categories"] = []string{"SR"} }), token, 409, apperr.Conflict, ""),
		})
		// One booking, one registration and one payment were written, and the place is still taken once.
		var bookingID, paymentID int64
		var status, mode, contact, source string
		var total int64
		if err := db.Read(w.ctx, func(tx *store.Tx) error {
			return tx.QueryRow(w.ctx, `SELECT b.id, b.status, b.payment_mode, b.contact_name, b.source, b.total_cents, p.id
				FROM bookings b JOIN payments p ON p.booking_id = b.id
				WHERE b.company_id = ? AND b.source = 'EVENT' AND p.provider = 'fake' AND p.status = 'created' AND p.amount_cents = 24000`,
				w.norte.ID).Scan(&bookingID, &status, &mode, &contact, &source, &total, &paymentID)
		}); err != nil {
			t.Fatalf("the registration's booking and payment: %v", err)
		}
		if status != "pending" || mode != "online" || contact != "Los Rápidos - SR" || total != 24000 {
			t.Errorf("booking %s %s %q %d", status, mode, contact, total)
		}
		if n := w.count(t, `SELECT COUNT(*) FROM event_registrations WHERE booking_id = ? AND event_id = ? AND nick = 'Los Rápidos - SR'
			AND is_team = 1 AND phone = '+34600123456' AND email = 'ana@example.com' AND categories = '["SR"]'`, bookingID, team.ID); n != 1 {
			t.Errorf("%d registration rows, want 1", n)
		}
		if s := w.stockOf(t, team.Key); s != 11 {
			t.Errorf("stock while the payment is pending %d, want 11 (the place counted once)", s)
		}
		if req := w.gw.requests[0]; req.AmountCents != 24000 || req.Currency != "EUR" || req.Email != "ana@example.com" || req.Culture != "es-ES" {
			t.Errorf("checkout request %+v", req)
		}

		// The provider approves: the booking is paid and the event confirmation (not a booking one) queued.
		applied, err := w.co.ApplyNotification(w.ctx, "fake", payment.Notification{EventID: "evt_1", ProviderRef: fmt.Sprintf("chk_%d", paymentID),
			PaymentID: paymentID, Outcome: payment.Approved, AmountCents: 24000}, []byte(`{}`))
		if err != nil || applied.BookingStatus != "pagada" {
			t.Fatalf("approve: %+v %v", applied, err)
		}
		if n := w.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE booking_id = ? AND kind = 'event_registration' AND to_addr = 'ana@example.com'
			AND attachments LIKE '%event-%'`, bookingID); n != 1 {
			t.Errorf("%d event confirmations queued, want 1", n)
		}
		if n := w.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE booking_id = ? AND kind = 'booking_confirmation'`, bookingID); n != 0 {
			t.Errorf("%d booking confirmations queued for an event registration", n)
		}
		if s := w.stockOf(t, team.Key); s != 11 {
			t.Errorf("stock after payment %d, want 11", s)
		}

		// An expired hold: 410 and nothing written.
		late := w.register(t, night.Key, "visitor-late1")
		bookings := w.count(t, `SELECT COUNT(*) FROM bookings`)
		w.clk.Advance(11 * time.Minute)
		res := w.api.Do("POST", "/api/event/saveEvent", payload(late, nil), token...)
		if res.Status != 410 {
			t.Fatalf("expired hold: %d %s", res.Status, res.Body)
		}
		checkError(t, res, apperr.Gone, "", "")
		if n := w.count(t, `SELECT COUNT(*) FROM bookings`); n != bookings {
			t.Errorf("expired hold wrote %d bookings", n-bookings)
		}

		// The provider is down: 503, the booking is cancelled and the place comes back.
		w.gw.fail = true
		down := w.register(t, night.Key, "visitor-down1")
		before := w.stockOf(t, night.Key)
		res = w.api.Do("POST", "/api/event/saveEvent", payload(down, nil), token...)
		if res.Status != 503 {
			t.Fatalf("provider down: %d %s", res.Status, res.Body)
		}
		if s := w.stockOf(t, night.Key); s != before+1 {
			t.Errorf("stock %d after a failed payment start, want %d", s, before+1)
		}
		w.gw.fail = false

		// Fjord Karting's provider is not configured here: 503 before anything is written.
		fj := w.evKeys(t, w.fjord.ID)["Fjord Grand Prix"]
		fr := w.register(t, fj.Key, "visitor-fjord")
		res = w.api.Do("POST", "/api/event/saveEvent", payload(fr, func(m map[string]any) { m["phone"] = "+45 20 12 34 56" }), bearer(fjordToken(t, w))...)
		if res.Status != 503 || w.count(t, `SELECT COUNT(*) FROM bookings WHERE company_id = ?`, w.fjord.ID) != 0 {
			t.Errorf("no gateway: %d %s", res.Status, res.Body)
		}

		// Once the event has started, registration is closed even with a live hold.
		soon := w.register(t, night.Key, "visitor-soon1")
		w.clk.Set(now.Add(15 * 24 * time.Hour))
		res = w.api.Do("POST", "/api/event/saveEvent", payload(soon, nil), token...)
		if res.Status != 410 {
			t.Errorf("started event: %d %s", res.Status, res.Body)
		}
	})
}

// fjordToken is Fjord Karting's company token.
func fjordToken(t *testing.T, w *evSaveWorld) string {
	t.Helper()
	var tok string
	if err := w.db.Read(w.ctx, func(tx *store.Tx) error {
		return tx.QueryRow(w.ctx, `SELECT token FROM companies WHERE id = ?`, w.fjord.ID).Scan(&tok)
	}); err != nil {
		t.Fatal(err)
	}
	return tok
}

// TestSaveEventWithoutCheckout: a server without a payment path answers 503, never a half registration.
func TestSaveEventWithoutCheckout(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newFixtureWorld(t, db)
		w.withEvents(t, nil)
		key, _ := w.evAdd(t, evSpec{name: "Cup", in: 48 * time.Hour})
		res := w.api.Do("POST", "/api/event/"+key+"/register", nil)
		r := evRegistration(t, res)
		res = w.api.Do("POST", "/api/event/saveEvent", payload(r, nil), bearer(w.fix.Token)...)
		if res.Status != 503 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		checkError(t, res, apperr.Unavailable, "", "not available")
	})
}
