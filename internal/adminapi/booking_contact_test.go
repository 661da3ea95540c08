package adminapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"pitlane/internal/store"
)

// The counter corrects a booking's contact, on both engines: bad values are refused field by field
// with the booking page's rules and change nothing; good ones are stored normalized (the phone in
// E.164, read in the company's country), the search finds the booking by them, and the audit entry
// holds the contact before and after; an edit that changes nothing is not audited.
func TestUpdateContact(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		e.exec(t, `UPDATE companies SET country = 'ES' WHERE id = ?`, e.a.CompanyID)
		booking := e.seedDue(t, "pending")
		edit := func(fields string, as []string) (int, map[string]any) {
			t.Helper()
			res := e.api.Do("POST", "/api/admin/update-contact", fmt.Sprintf(`{"idCompany":%d,"bookingId":%d,%s}`, e.a.CompanyID, booking, fields), as...)
			var out map[string]any
			if err := json.Unmarshal(res.Body, &out); err != nil {
				t.Fatalf("%d %s: %v", res.Status, res.Body, err)
			}
			return res.Status, out
		}
		audits := func() int64 {
			return e.count(t, `SELECT COUNT(*) FROM audit_log WHERE action = 'booking.contact' AND entity_id = ?`, strconv.FormatInt(booking, 10))
		}
		status, bad := edit(`"name":"Ana/B","surname":"","email":"not-an-address","phone":"12"`, e.desk)
		fields, _ := bad["fields"].(map[string]any)
		if status != http.StatusUnprocessableEntity || fields["name"] == nil || fields["email"] == nil || fields["phone"] == nil || fields["surname"] != nil {
			t.Fatalf("bad contact: %d %v", status, bad)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM bookings WHERE id = ? AND contact_name = 'Walk' AND email = 'walk@example.com'`, booking); n != 1 || audits() != 0 {
			t.Fatalf("a refused edit changed the booking")
		}

		status, got := edit(`"name":"  Lucía ","surname":"Pérez Gil","email":" lucia@example.es ","phone":"611 22 23 33"`, e.desk)
		data, _ := got["data"].(map[string]any)
		if status != http.StatusOK || data["name"] != "Lucía" || data["surname"] != "Pérez Gil" || data["email"] != "lucia@example.es" || data["phone"] != "+34611222333" {
			t.Fatalf("edit: %d %v", status, got)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM bookings WHERE id = ? AND contact_name = 'Lucía' AND contact_surname = 'Pérez Gil'
			AND email = 'lucia@example.es' AND phone = '+34611222333'`, booking); n != 1 {
			t.Errorf("the edit is not stored")
		}
		var details string
		e.readString(t, &details, `SELECT details FROM audit_log WHERE action = 'booking.contact' AND entity_id = ? AND user_email = 'desk@kart.example'`,
			strconv.FormatInt(booking, 10))
		if !strings.Contains(details, `"before":{"name":"Walk","surname":"","email":"walk@example.com","phone":"+34600000001"}`) ||
			!strings.Contains(details, `"after":{"name":"Lucía","surname":"Pérez Gil","email":"lucia@example.es","phone":"+34611222333"}`) {
			t.Errorf("audit details: %s", details)
		}
		for _, search := range []string{"lucía pérez", "lucia@example", "611222333"} {
			res := e.api.Do("POST", "/api/admin/retrieve-bookings", fmt.Sprintf(`{"idCompany":%d,"search":%q,"filterType":"fechaReserva"}`, e.a.CompanyID, search), e.desk...)
			if res.Status != http.StatusOK || !strings.Contains(string(res.Body), fmt.Sprintf(`"id":%d`, booking)) {
				t.Errorf("search %q after the edit: %d %s", search, res.Status, res.Body)
			}
		}

		if status, _ := edit(`"name":"Lucía","surname":"Pérez Gil","email":"lucia@example.es","phone":"+34611222333"`, e.desk); status != http.StatusOK || audits() != 1 {
			t.Errorf("an edit that changes nothing: %d, %d audit entries", status, audits())
		}
		res := e.api.Do("POST", "/api/admin/update-contact", fmt.Sprintf(`{"idCompany":%d,"bookingId":%d,"name":"X","email":"x@example.com","phone":"+34611222333"}`,
			e.b.CompanyID, booking), e.desk...)
		if res.Status != http.StatusForbidden {
			t.Errorf("another company: %d", res.Status)
		}
	})
}
