package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pitlane/internal/httpapi"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// devMailServer serves an outbox holding one Spanish booking confirmation, with or without demo mode.
func devMailServer(t *testing.T, demoMode bool) (http.Handler, int64) {
	t.Helper()
	db := storetest.Open(t, store.SQLite)
	m, err := notify.BookingConfirmation(notify.Booking{
		Company: notify.Company{Name: "Circuito Norte", Symbol: "€", Color: "#d62828"},
		Culture: "es-ES", Identifier: "NRT-42", ContactName: "Ana <García>", Email: "ana@example.com",
		Lines: []notify.Line{{Name: "Karting 10 min", Quantity: 2, TotalCents: 4500, Sessions: []notify.Session{
			{Date: "2026-12-02", Time: "18:00", StartUTC: "2026-12-02T17:00:00Z", EndUTC: "2026-12-02T17:10:00Z", Circuit: "Indoor"}}}},
		Drivers: []string{"Ana", "Luis"}, TotalCents: 4500, PaymentState: "pagada",
		CancelURL: "http://localhost:8080/cancel/tok-abc",
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	at := time.Date(2026, 12, 1, 11, 7, 0, 0, time.UTC)
	err = db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.EnqueueEmail(ctx, notify.Message{Kind: notify.KindProblemReport, To: "ops@example.com",
			Subject: "Older", Text: "x", HTML: "<p>x</p>"}, at.Add(-time.Hour)); err != nil {
			return err
		}
		return tx.EnqueueEmail(ctx, m, at)
	})
	if err != nil {
		t.Fatal(err)
	}
	list, err := db.Outbox().RecentEmails(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	h := httpapi.New(httpapi.Deps{Logger: slog.New(slog.DiscardHandler), DB: db, Web: webFS(), DevMail: demoMode, Outbox: db.Outbox()})
	return h, list[0].ID
}

func get(t *testing.T, h http.Handler, path string) (*http.Response, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	res := rec.Result()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// Without --demo the dev mail pages do not exist: 404, not the web app.
func TestDevMailAbsentWithoutDemo(t *testing.T) {
	t.Parallel()
	h, id := devMailServer(t, false)
	for _, p := range []string{"/dev/mail", fmt.Sprintf("/dev/mail/%d", id), fmt.Sprintf("/dev/mail/%d/attachments/0", id)} {
		if res, body := get(t, h, p); res.StatusCode != http.StatusNotFound || strings.Contains(body, "Circuito Norte") {
			t.Errorf("GET %s without demo: %d", p, res.StatusCode)
		}
	}
}

// With --demo the list shows the newest message first with a link to it; the message page shows its
// HTML body (cancel link included) and its calendar file, which downloads.
func TestDevMailPages(t *testing.T) {
	t.Parallel()
	h, id := devMailServer(t, true)
	res, body := get(t, h, "/dev/mail")
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("list: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	link := fmt.Sprintf(`<a href="/dev/mail/%d">Reserva confirmada en Circuito Norte – NRT-42</a>`, id)
	newest, older := strings.Index(body, link), strings.Index(body, "Older")
	if newest < 0 || older < 0 || newest > older {
		t.Fatalf("list lacks the newest message first:\n%s", body)
	}
	for _, want := range []string{"ana@example.com", "booking_confirmation", "es-ES", "pending"} {
		if !strings.Contains(body, want) {
			t.Errorf("list lacks %q", want)
		}
	}

	res, body = get(t, h, fmt.Sprintf("/dev/mail/%d", id))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("message: %d", res.StatusCode)
	}
	for _, want := range []string{`<a href="http://localhost:8080/cancel/tok-abc"`, "Cancelar mi reserva", "45,00\u00a0€",
		"miércoles, 2 de diciembre de 2026, 18:00 · Indoor", "Ana &lt;García&gt;", fmt.Sprintf(`href="/dev/mail/%d/attachments/0"`, id),
		"booking-NRT-42.ics", "Plain text version"} {
		if !strings.Contains(body, want) {
			t.Errorf("message page lacks %q", want)
		}
	}
	if strings.Count(body, "<body") != 1 || strings.Count(body, "<html") != 1 {
		t.Error("the message's own document is nested in the page")
	}

	res, body = get(t, h, fmt.Sprintf("/dev/mail/%d/attachments/0", id))
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/calendar") ||
		!strings.Contains(res.Header.Get("Content-Disposition"), "booking-NRT-42.ics") ||
		!strings.Contains(body, "DTSTART:20261202T170000Z") {
		t.Errorf("attachment: %d %v\n%s", res.StatusCode, res.Header, body)
	}

	for _, p := range []string{"/dev/mail/999999", "/dev/mail/abc", fmt.Sprintf("/dev/mail/%d/attachments/1", id),
		fmt.Sprintf("/dev/mail/%d/attachments/x", id)} {
		if res, _ := get(t, h, p); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, res.StatusCode)
		}
	}
}
