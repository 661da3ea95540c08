package adminapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"pitlane/internal/frontdesk"
	"pitlane/internal/store"
)

// TestCheckInByCode walks a scanned check-in on both engines: the code the done page and the mail
// carry looks the booking up (name, session, drivers, due) and marks it arrived; a code with one
// character of its token changed, a token moved to another reference, another company's code and a
// code made without the secret are refused and mark nothing; the same scan repeated, and an offline
// queue replayed with its key, leave one arrival.
func TestCheckInByCode(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		at := time.Date(2026, 3, 15, 10, 0, 0, 0, madrid)
		ana := e.seat(t, daySeat{company: e.a, circuit: e.a.Circuit, at: at, drivers: 3, reference: "QRCK2345", name: "Ana"})
		ben := e.seat(t, daySeat{company: e.a, circuit: e.a.Circuit, at: at, drivers: 2, reference: "QRCK2346", name: "Ben"})
		other := e.seat(t, daySeat{company: e.b, circuit: e.b.Circuit, at: at, drivers: 2, reference: "QRCK2347", name: "bravo"})
		code := func(id int64) string {
			t.Helper()
			var identifier string
			ctx := t.Context()
			if err := e.db.Read(ctx, func(tx *store.Tx) error {
				return tx.QueryRow(ctx, `SELECT identifier FROM bookings WHERE id = ?`, id).Scan(&identifier)
			}); err != nil {
				t.Fatal(err)
			}
			b, err := e.db.Checkout().BookingMail(ctx, identifier, "")
			if err != nil {
				t.Fatal(err)
			}
			return b.CheckCode
		}
		anaCode, benCode, otherCode := code(ana), code(ben), code(other)
		if !strings.HasPrefix(anaCode, "PITLANE:QRCK2345:") || len(anaCode) != len("PITLANE:QRCK2345:")+24 || anaCode == benCode {
			t.Fatalf("check codes %q %q", anaCode, benCode)
		}
		if again := code(ana); again != anaCode {
			t.Fatalf("the code changed between reads: %q then %q", anaCode, again)
		}

		// The look-up shows what the desk needs, from the code or the reference typed any way.
		lookup := func(body string) (int, map[string]any) {
			res := e.api.Do("POST", "/api/admin/check-in-lookup", fmt.Sprintf(`{"idCompany":%d,%s}`, e.a.CompanyID, body), e.desk...)
			var out map[string]any
			_ = json.Unmarshal(res.Body, &out)
			return res.Status, out
		}
		for _, body := range []string{`"code":"` + strings.ToLower(anaCode) + `"`, `"reference":"qrck2345"`, `"reference":"QRCK-2345"`} {
			st, out := lookup(body)
			if st != http.StatusOK {
				t.Fatalf("look-up %s: %d %v", body, st, out)
			}
			d := out["data"].(map[string]any)
			ses := d["sessions"].([]any)
			if d["reference"] != "QRCK-2345" || d["name"] != "Ana" || d["drivers"] != 3.0 || d["due"] != 87.0 || d["arrived"] != false ||
				len(ses) != 1 || ses[0].(map[string]any)["time"] != "10:00" || ses[0].(map[string]any)["date"] != "2026-03-15" {
				t.Errorf("look-up %s: %v", body, d)
			}
		}

		// Altered codes: refused by the look-up and the mark, and nothing is marked.
		token := anaCode[len("PITLANE:QRCK2345:"):]
		flip := "A"
		if token[0] == 'A' {
			flip = "B"
		}
		forged := []string{
			"PITLANE:QRCK2345:" + flip + token[1:], // one character changed
			"PITLANE:QRCK2346:" + token,            // Ana's token on Ben's reference
			"PITLANE:QRCK2345:" + frontdesk.CheckToken([]byte("guess"), e.a.CompanyID, "QRCK2345"), // signed without the secret
		}
		for _, f := range forged {
			if st, out := lookup(`"code":"` + f + `"`); st != http.StatusUnprocessableEntity {
				t.Errorf("look-up of forged %s: %d %v", f, st, out)
			}
			st, _, bad := e.checkIn(t, "/api/admin/check-in", `"code":"`+f+`"`, "", e.desk)
			if st != http.StatusUnprocessableEntity || bad.Fields["code"] != "altered" {
				t.Errorf("mark by forged %s: %d %+v", f, st, bad)
			}
		}
		// Another company's genuine code names no booking of this company.
		if st, _, _ := e.checkIn(t, "/api/admin/check-in", `"code":"`+otherCode+`"`, "", e.desk); st != http.StatusNotFound {
			t.Errorf("another company's code: %d", st)
		}
		// A code together with a reference is ambiguous.
		if st, _, _ := e.checkIn(t, "/api/admin/check-in", `"code":"`+anaCode+`","reference":"QRCK2346"`, "", e.desk); st != http.StatusUnprocessableEntity {
			t.Errorf("code and reference: %d", st)
		}
		if d := e.today(t, "2026-03-15", e.desk); d.ArrivedDrivers != 0 {
			t.Fatalf("forged codes marked %d drivers arrived", d.ArrivedDrivers)
		}

		// The genuine code marks Ana; the same scan again, and the offline queue replayed with its key
		// (twice), change nothing: one arrival.
		st, first, _ := e.checkIn(t, "/api/admin/check-in", `"code":"`+anaCode+`"`, "queue-ana-1", e.desk)
		if st != http.StatusOK || !first.Data.Arrived || first.Data.AlreadyArrived || first.Data.BookingID != ana {
			t.Fatalf("the scan: %d %+v", st, first.Data)
		}
		st, again, _ := e.checkIn(t, "/api/admin/check-in", `"code":"`+anaCode+`"`, "", e.desk)
		if st != http.StatusOK || !again.Data.AlreadyArrived {
			t.Errorf("the scan repeated: %d %+v", st, again.Data)
		}
		for range 2 {
			st, replay, _ := e.checkIn(t, "/api/admin/check-in", `"code":"`+anaCode+`"`, "queue-ana-1", e.desk)
			if st != http.StatusOK || !replay.Data.Replayed {
				t.Errorf("the queue replayed: %d %+v", st, replay.Data)
			}
		}
		var rows, audits int
		ctx := t.Context()
		if err := e.db.Read(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM booking_arrivals WHERE booking_id = ?`, ana).Scan(&rows); err != nil {
				return err
			}
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM audit_log WHERE action = 'booking.arrived'
				AND entity_id = (SELECT identifier FROM bookings WHERE id = ?)`, ana).Scan(&audits)
		}); err != nil {
			t.Fatal(err)
		}
		if rows != 1 || audits != 1 {
			t.Errorf("%d arrival rows and %d audit entries after the scan, its repeat and two replays; want 1 and 1", rows, audits)
		}
		if d := e.today(t, "2026-03-15", e.desk); d.ArrivedDrivers != 3 || d.ExpectedDrivers != 5 {
			t.Errorf("the day counts %d/%d arrived", d.ArrivedDrivers, d.ExpectedDrivers)
		}
		if st, out := lookup(`"code":"` + anaCode + `"`); st != http.StatusOK || out["data"].(map[string]any)["arrived"] != true {
			t.Errorf("look-up after the mark: %d %v", st, out)
		}
	})
}
