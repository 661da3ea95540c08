package adminapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"pitlane/internal/store"
	"pitlane/internal/waitlist"
)

// waitlistAnswer is schema StaffWaitlist.
type waitlistAnswer struct {
	Data []struct {
		ID           int64   `json:"id"`
		Position     int     `json:"position"`
		Name         string  `json:"name"`
		NumDrivers   int     `json:"numDrivers"`
		State        string  `json:"state"`
		OfferedUntil *string `json:"offeredUntil"`
	} `json:"data"`
}

func (a waitlistAnswer) shape() string {
	s := ""
	for _, e := range a.Data {
		s += fmt.Sprintf("%d %s x%d %s|", e.Position, e.Name, e.NumDrivers, e.State)
	}
	return s
}

// The counter sees a full session's waiting list, offers the place a capacity raise made by hand (to
// the first entry that fits, past a larger party), and removes an entry; the settings are ADMIN's.
func TestStaffWaitlist(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		ctx := context.Background()
		start := time.Date(2026, 3, 15, 18, 0, 0, 0, madrid)
		e.exec(t, `UPDATE companies SET waitlist_enabled = 1 WHERE id = ?`, e.a.CompanyID)
		e.exec(t, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
			VALUES (?, ?, '2026-03-15', '18:00:00', 12, 12, 0)`, e.a.Circuit, start.UnixMilli())
		var ids []int64
		for _, p := range []struct {
			name    string
			drivers int
		}{{"Ana", 2}, {"Ben", 1}} {
			en, err := e.db.Waitlist().Join(ctx, waitlist.Join{CompanyID: e.a.CompanyID, ProductID: e.a.Product, CircuitID: e.a.Circuit,
				StartsAt: start.UnixMilli(), LocalDate: "2026-03-15", LocalTime: "18:00:00", UnitCents: 2000, Name: p.name,
				Email: p.name + "@example.com", Culture: "en-GB", Drivers: p.drivers}, e.clk.Now())
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, en.ID)
		}
		session := fmt.Sprintf("idCompany=%d&circuitId=%d&startsAt=%s", e.a.CompanyID, e.a.Circuit, start.UTC().Format(time.RFC3339))
		list := func(res int, body []byte) waitlistAnswer {
			t.Helper()
			if res != http.StatusOK {
				t.Fatalf("%d %s", res, body)
			}
			var a waitlistAnswer
			if err := json.Unmarshal(body, &a); err != nil {
				t.Fatal(err)
			}
			return a
		}
		res := e.api.Do("GET", "/api/admin/waitlist?"+session, nil, e.desk...)
		if got := list(res.Status, res.Body).shape(); got != "1 Ana x2 waiting|2 Ben x1 waiting|" {
			t.Fatalf("list %s", got)
		}
		// Staff raise the installation's capacity by one: offering now gives the place to Ben, who fits.
		e.exec(t, `UPDATE installations SET max_participants = 13 WHERE company_id = ?`, e.a.CompanyID)
		res = e.api.Do("POST", "/api/admin/waitlist/offer", map[string]any{"idCompany": e.a.CompanyID, "circuitId": e.a.Circuit,
			"startsAt": start.UTC().Format(time.RFC3339)}, e.desk...)
		a := list(res.Status, res.Body)
		if got := a.shape(); got != "1 Ana x2 waiting|2 Ben x1 offered|" || a.Data[1].OfferedUntil == nil {
			t.Fatalf("after the offer %s", got)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE kind = 'waitlist_offer' AND to_addr = 'Ben@example.com'`); n != 1 {
			t.Fatalf("%d offer mails to Ben", n)
		}
		// Removing Ben lets his place go: Ana's party of two still does not fit, so it is on sale.
		res = e.api.Do("DELETE", fmt.Sprintf("/api/admin/waitlist/%d?idCompany=%d", ids[1], e.a.CompanyID), nil, e.desk...)
		if res.Status != http.StatusOK {
			t.Fatalf("remove: %d %s", res.Status, res.Body)
		}
		res = e.api.Do("GET", "/api/admin/waitlist?"+session, nil, e.desk...)
		if got := list(res.Status, res.Body).shape(); got != "1 Ana x2 waiting|0 Ben x1 left|" {
			t.Fatalf("after removing %s", got)
		}
		if n := e.count(t, `SELECT held FROM slots WHERE circuit_id = ? AND starts_at = ?`, e.a.Circuit, start.UnixMilli()); n != 0 {
			t.Fatalf("%d places still held after the offer was removed", n)
		}
		// Another company's entry is not found.
		res = e.api.Do("DELETE", fmt.Sprintf("/api/admin/waitlist/%d?idCompany=%d", ids[0]+1000, e.a.CompanyID), nil, e.desk...)
		if res.Status != http.StatusNotFound {
			t.Fatalf("unknown entry: %d", res.Status)
		}

		settings := fmt.Sprintf("/api/admin/waitlist/settings?idCompany=%d", e.a.CompanyID)
		if res := e.api.Do("GET", settings, nil, e.desk...); res.Status != http.StatusForbidden {
			t.Fatalf("DESK reads the settings: %d", res.Status)
		}
		if res := e.api.Do("GET", settings, nil, e.auth...); res.Status != http.StatusOK || strings.TrimSpace(string(res.Body)) != `{"data":{"enabled":true,"offerMinutes":30}}` {
			t.Fatalf("settings: %d %s", res.Status, res.Body)
		}
		if res := e.api.Do("PUT", "/api/admin/waitlist/settings", map[string]any{"idCompany": e.a.CompanyID, "enabled": true, "offerMinutes": 2},
			e.auth...); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("two minutes: %d %s", res.Status, res.Body)
		}
		if res := e.api.Do("PUT", "/api/admin/waitlist/settings", map[string]any{"idCompany": e.a.CompanyID, "enabled": false, "offerMinutes": 45},
			e.auth...); res.Status != http.StatusOK {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		if n := e.count(t, `SELECT waitlist_offer_minutes FROM companies WHERE id = ? AND waitlist_enabled = 0`, e.a.CompanyID); n != 45 {
			t.Fatalf("saved offer minutes %d", n)
		}
	})
}
