package server_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"pitlane/internal/server"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// statusIndex stands in for the built customer app's page.
const statusIndex = "<!doctype html><title>Pitlane</title><div id=root></div>"

// TestPagesAnswerHonestStatuses: a page of the app is 200 only when what it names exists (the event,
// the company of an events calendar or a kiosk, the booking of a cancel link, the member of an
// unsubscribe link); otherwise it is 404 with the same app page, whose router shows 'Page not found'.
// /index.html is not a page (it redirects to /). An API path asked with a method it does not take is
// 405 with Allow, not 404. Both engines, against the demo.
func TestPagesAnswerHonestStatuses(t *testing.T) {
	t.Parallel()
	web := fstest.MapFS{"index.html": {Data: []byte(statusIndex)}, "admin.html": {Data: []byte("<!doctype html><title>admin</title>")}}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWalker(t, db, server.WithWeb(web))
		if w.unsubscribe == "" {
			t.Fatal("the confirmation mail of a customer who accepted promotions has no unsubscribe link")
		}
		send := func(method, target string) *httptest.ResponseRecorder {
			rec := httptest.NewRecorder()
			w.handler.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
			return rec
		}
		const unknownToken = "AAAAAAAAAAAAAAAAAAAAAA"
		pages := map[string]int{
			"/":                                      200,
			"/" + w.company.key:                      200,
			"/" + w.company.key + "/landing":         200,
			"/event/" + w.eventKey:                   200,
			"/event/" + w.eventKey + "/register":     200,
			"/events/" + w.company.key:               200,
			"/kiosk/" + w.company.key:                200,
			"/cancelBooking/" + w.cancel:             200,
			"/member/unsubscribe/" + w.unsubscribe:   200,
			"/terms":                                 200,
			"/event/NoSuchEvent_0123456789":          404,
			"/event/NoSuchEvent_0123456789/register": 404,
			"/events/NoSuchCompany_0123":             404,
			"/events/x":                              404,
			"/kiosk/NoSuchCompany_0123":              404,
			"/cancelBooking/" + unknownToken:         404,
			"/cancelBooking/not-a-token":             404,
			"/member/unsubscribe/" + unknownToken:    404,
			"/NoSuchCompany_0123":                    404,
		}
		for target, want := range pages {
			rec := send("GET", target)
			if rec.Code != want || rec.Body.String() != statusIndex {
				t.Errorf("GET %s → %d %.60q, want %d with the app's page", target, rec.Code, rec.Body.String(), want)
			}
		}
		if rec := send("HEAD", "/event/NoSuchEvent_0123456789"); rec.Code != 404 || rec.Body.Len() != 0 {
			t.Errorf("HEAD of an unknown event's page → %d with %d bytes", rec.Code, rec.Body.Len())
		}
		for _, target := range []string{"/index.html", "/index.html?x=1"} {
			rec := send("GET", target)
			if loc := rec.Header().Get("Location"); rec.Code != http.StatusMovedPermanently || !strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "/index.html") {
				t.Errorf("GET %s → %d Location %q, want a redirect to /", target, rec.Code, loc)
			}
		}

		// API paths with a method they do not take: 405 with the methods they take.
		methods := []struct{ method, target, allow string }{
			{"POST", "/api/event/" + w.eventKey, "GET, HEAD"},
			{"PUT", "/api/config/" + w.company.key, "GET, HEAD"},
			{"GET", "/api/prebooking", "POST"},
			{"GET", "/api/booking/saveBooking", "POST"},
			{"DELETE", "/api/event/" + w.eventKey + "/register", "GET, HEAD, POST"},
			{"GET", "/api/booking/cancelBooking/" + w.cancel, "POST"},
			{"PATCH", "/api/booking/cancel/" + w.cancel, "GET, HEAD, POST"},
			{"GET", "/api/users/adminLogin", "POST"},
		}
		for _, m := range methods {
			rec := send(m.method, m.target)
			var body struct {
				Code string `json:"code"`
			}
			_ = json.Unmarshal(rec.Body.Bytes(), &body)
			if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != m.allow || body.Code != "method_not_allowed" {
				t.Errorf("%s %s → %d Allow %q %s, want 405 Allow %q", m.method, m.target, rec.Code, rec.Header().Get("Allow"), rec.Body, m.allow)
			}
		}
		for _, target := range []string{"/api/nothing", "/api/event/" + w.eventKey + "/nothing"} {
			if rec := send("GET", target); rec.Code != http.StatusNotFound || rec.Header().Get("Allow") != "" {
				t.Errorf("GET %s → %d Allow %q, want 404", target, rec.Code, rec.Header().Get("Allow"))
			}
		}
	})
}
