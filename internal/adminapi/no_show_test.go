package adminapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"pitlane/internal/store"
)

// noShowAnswer is the part of schema ArrivalResult (and of BookingMasterData) the no-show tests read.
type noShowAnswer struct {
	Data struct {
		Arrived        bool `json:"arrived"`
		NoShow         bool `json:"noShow"`
		AlreadyArrived bool `json:"alreadyArrived"`
	} `json:"data"`
}

// The counter marks a booking a no-show, on both engines: not before its session starts, once (a
// second mark writes nothing), shown in the details; a late check-in replaces it; a booking marked
// arrived or cancelled is refused; undo-check-in removes it; each change is audited.
func TestMarkNoShow(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		booking := e.seedDue(t, "pending")
		post := func(path string) (int, noShowAnswer) {
			t.Helper()
			res := e.api.Do("POST", path, fmt.Sprintf(`{"idCompany":%d,"bookingId":%d}`, e.a.CompanyID, booking), e.desk...)
			var out noShowAnswer
			if res.Status == http.StatusOK {
				if err := json.Unmarshal(res.Body, &out); err != nil {
					t.Fatal(err)
				}
			}
			return res.Status, out
		}
		details := func() noShowAnswer {
			t.Helper()
			res := e.api.Do("GET", fmt.Sprintf("/api/booking/master-data/%d?idCompany=%d", booking, e.a.CompanyID), nil, e.desk...)
			var out noShowAnswer
			if res.Status != http.StatusOK || json.Unmarshal(res.Body, &out.Data) != nil {
				t.Fatalf("details: %d %s", res.Status, res.Body)
			}
			return out
		}
		audits := func(action string) int64 {
			return e.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = ?`, e.a.CompanyID, action)
		}

		if status, _ := post("/api/admin/mark-no-show"); status != http.StatusUnprocessableEntity {
			t.Errorf("no-show before the session: %d", status)
		}
		e.clk.Set(now.AddDate(0, 0, 10).Add(20 * time.Minute)) // the session started 20 minutes ago
		status, got := post("/api/admin/mark-no-show")
		if status != http.StatusOK || !got.Data.NoShow || got.Data.Arrived || got.Data.AlreadyArrived {
			t.Fatalf("no-show: %d %+v", status, got)
		}
		if status, again := post("/api/admin/mark-no-show"); status != http.StatusOK || !again.Data.AlreadyArrived || audits("booking.no_show") != 1 {
			t.Errorf("second no-show: %d %+v, %d audit entries", status, again, audits("booking.no_show"))
		}
		if d := details(); !d.Data.NoShow || d.Data.Arrived {
			t.Errorf("details after the no-show: %+v", d)
		}

		// The customer turns up late: the arrival replaces the no-show; a no-show is then refused.
		if status, got := post("/api/admin/check-in"); status != http.StatusOK || !got.Data.Arrived || got.Data.NoShow {
			t.Errorf("late check-in: %d %+v", status, got)
		}
		if status, _ := post("/api/admin/mark-no-show"); status != http.StatusConflict {
			t.Errorf("no-show of an arrived booking: %d", status)
		}
		if d := details(); d.Data.NoShow || !d.Data.Arrived {
			t.Errorf("details after the late check-in: %+v", d)
		}

		// Undo clears the marks.
		if status, got := post("/api/admin/undo-check-in"); status != http.StatusOK || got.Data.Arrived || got.Data.NoShow {
			t.Errorf("undo: %d %+v", status, got)
		}
		post("/api/admin/mark-no-show")
		if status, got := post("/api/admin/undo-check-in"); status != http.StatusOK || got.Data.NoShow || audits("booking.no_show_undone") != 1 {
			t.Errorf("undo of the no-show: %d %+v, %d audit entries", status, got, audits("booking.no_show_undone"))
		}
		if n := e.count(t, `SELECT COUNT(*) FROM booking_no_shows WHERE booking_id = ?`, booking); n != 0 {
			t.Errorf("%d no-show rows after the undo", n)
		}

		e.exec(t, `UPDATE bookings SET status = 'cancelada' WHERE id = ?`, booking)
		if status, _ := post("/api/admin/mark-no-show"); status != http.StatusUnprocessableEntity {
			t.Errorf("no-show of a cancelled booking: %d", status)
		}
	})
}
