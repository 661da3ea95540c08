package checkout_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/move"
	"pitlane/internal/notify"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// mover is the desk with the staff API's move calls wired as cmd/pitlane wires them.
func mover(t *testing.T, d *desk) *apitest.Client {
	t.Helper()
	mux := http.NewServeMux()
	adminapi.New(adminapi.Deps{Clock: d.clk, Bookings: d.staff,
		Moves: move.NewService(d.db.Bookings(), sessions.NewService(d.db.Holds(), d.clk, 10*time.Minute), d.clk),
		Auth:  deskAuth{user: account.Staff{UserID: d.user, Email: "desk@kart.example", Name: "Desk"}, company: d.fix.CompanyID}}).Register(mux)
	return apitest.New(t, mux)
}

func moveTo(c *apitest.Client, company, id int64, session string) (int, string) {
	date, start, _ := strings.Cut(session, " ")
	res := c.Do("POST", "/api/admin/move-booking", map[string]any{"idCompany": company, "bookingId": id, "date": date, "startTime": start}, as...)
	return res.Status, string(res.Body)
}

// movedICS is the .ics of the newest booking_moved mail of a booking.
func movedICS(t *testing.T, d *desk, id int64) string {
	t.Helper()
	raw := d.str(t, `SELECT attachments FROM outbox_emails WHERE kind = ? AND booking_id = ? ORDER BY id DESC LIMIT 1`,
		notify.KindBookingMoved, id)
	var atts []notify.Attachment
	if err := json.Unmarshal([]byte(raw), &atts); err != nil || len(atts) != 1 {
		t.Fatalf("attachments %s: %v", raw, err)
	}
	return string(atts[0].Data)
}

// sessionRows counts the places the bookings that are not cancelled hold in a session, from their rows
// (booking_slots), not from the counter.
func sessionRows(t *testing.T, d *desk, session string) int {
	t.Helper()
	return d.count(t, `SELECT COALESCE(SUM(bs.places), 0) FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id
		JOIN bookings b ON b.id = bl.booking_id WHERE bs.circuit_id = ? AND bs.starts_at = ? AND b.status <> 'cancelada'`,
		d.fix.Circuit, ms(t, session))
}

// Two staff moving two bookings into the last free place of a session at once: one wins (200), the
// other is refused (409, "free places") and keeps its session; the counters match the booking rows
// in every session touched, one update mail and one audit entry for the winner only.
func TestStaffMoveLastPlaceRace(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		c := mover(t, d)
		d.exec(t, `UPDATE installations SET max_participants = 3 WHERE company_id = ?`, d.fix.CompanyID)
		for round := range 3 {
			target := at(fmt.Sprintf("%d:00", 11+round))
			from := []string{at(fmt.Sprintf("%d:00", 15+2*round)), at(fmt.Sprintf("%d:00", 16+2*round))}
			d.bookAtCircuit(t, target, "Keep", "Kept")
			var ids []int64
			for _, s := range from {
				d.bookAtCircuit(t, s, "Mover")
				ids = append(ids, d.lastBooking(t))
			}
			mails := d.mails(t, notify.KindBookingMoved)
			statuses := make([]int, 2)
			bodies := make([]string, 2)
			var wg sync.WaitGroup
			for i := range ids {
				wg.Add(1)
				go func() {
					defer wg.Done()
					statuses[i], bodies[i] = moveTo(c, d.fix.CompanyID, ids[i], target)
				}()
			}
			wg.Wait()
			winner := -1
			for i, st := range statuses {
				switch st {
				case 200:
					if winner >= 0 {
						t.Fatalf("round %d: both moves won: %v", round, bodies)
					}
					winner = i
				case 409:
					if !strings.Contains(bodies[i], "free places") {
						t.Errorf("round %d: refusal says %s", round, bodies[i])
					}
				default:
					t.Fatalf("round %d: status %d %s", round, st, bodies[i])
				}
			}
			if winner < 0 {
				t.Fatalf("round %d: no move won: %v", round, bodies)
			}
			loser := 1 - winner
			for _, s := range append([]string{target}, from...) {
				if got, rows := d.booked(t, s), sessionRows(t, d, s); got != rows {
					t.Errorf("round %d: session %s counter %d, booking rows %d", round, s, got, rows)
				}
			}
			if got := d.booked(t, target); got != 3 {
				t.Errorf("round %d: target booked %d, want 3 (full, not over)", round, got)
			}
			if d.booked(t, from[winner]) != 0 || d.booked(t, from[loser]) != 1 {
				t.Errorf("round %d: old sessions booked %d (winner's) and %d (loser's)", round, d.booked(t, from[winner]), d.booked(t, from[loser]))
			}
			if got := d.mails(t, notify.KindBookingMoved); got != mails+1 {
				t.Errorf("round %d: %d update mails", round, got-mails)
			}
			if n := d.count(t, `SELECT COUNT(*) FROM audit_log WHERE action = 'booking.move' AND entity_id = ?`, fmt.Sprint(ids[winner])); n != 1 {
				t.Errorf("round %d: winner's audit entries %d", round, n)
			}
			if n := d.count(t, `SELECT COUNT(*) FROM audit_log WHERE action = 'booking.move' AND entity_id = ?`, fmt.Sprint(ids[loser])); n != 0 {
				t.Errorf("round %d: the refused move was audited", round)
			}
		}
	})
}

// A move: the booking's session, date and first start change, the counters follow, the customer's
// update mail carries the new time and an .ics with METHOD:REQUEST, the confirmation's UID and
// SEQUENCE 1; a second move SEQUENCE 2, and the cancellation after them SEQUENCE 3 (a calendar ignores
// a lower one). Its own session and a full one are 409, a started booking 409; nothing changes then.
func TestStaffMoveMailAndRefusals(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		c := mover(t, d)
		d.exec(t, `UPDATE installations SET max_participants = 2 WHERE company_id = ?`, d.fix.CompanyID)
		d.bookAtCircuit(t, at("18:00"), "Ana", "Bo")
		id := d.lastBooking(t)
		ident := d.str(t, `SELECT identifier FROM bookings WHERE id = ?`, id)

		res := c.Do("GET", fmt.Sprintf("/api/admin/move-choices?idCompany=%d&bookingId=%d&date=%s", d.fix.CompanyID, id, day), nil, as...)
		if res.Status != 200 || !strings.Contains(string(res.Body), `"current":["`+at("18:00")+`"]`) ||
			!strings.Contains(string(res.Body), `"startTime":"19:00:00","usersAvailable":2`) {
			t.Fatalf("choices: %d %s", res.Status, res.Body)
		}
		if st, body := moveTo(c, d.fix.CompanyID, id, at("19:00")); st != 200 || !strings.Contains(body, `"sequence":1`) {
			t.Fatalf("move: %d %s", st, body)
		}
		if d.booked(t, at("18:00")) != 0 || d.booked(t, at("19:00")) != 2 {
			t.Errorf("counters after the move: 18:00 %d, 19:00 %d", d.booked(t, at("18:00")), d.booked(t, at("19:00")))
		}
		if got := d.count(t, `SELECT first_starts_at FROM bookings WHERE id = ?`, id); int64(got) != ms(t, at("19:00")) {
			t.Errorf("first_starts_at %d", got)
		}
		ics := movedICS(t, d, id)
		for _, want := range []string{"METHOD:REQUEST", "UID:" + ident + "-1@pitlane", "SEQUENCE:1", "ATTENDEE"} {
			if !strings.Contains(ics, want) {
				t.Errorf("the update .ics lacks %s:\n%s", want, ics)
			}
		}
		if text := d.str(t, `SELECT body_text FROM outbox_emails WHERE kind = ? AND booking_id = ?`, notify.KindBookingMoved, id); !strings.Contains(text, "19:00") {
			t.Errorf("the mail does not say the new time:\n%s", text)
		}

		// Refusals: its own session; a full one; nothing changes.
		if st, body := moveTo(c, d.fix.CompanyID, id, at("19:00")); st != 409 || !strings.Contains(body, "already in that session") {
			t.Errorf("same session: %d %s", st, body)
		}
		d.bookAtCircuit(t, at("20:00"), "Full")
		if st, body := moveTo(c, d.fix.CompanyID, id, at("20:00")); st != 409 || !strings.Contains(body, "free places") {
			t.Errorf("full session: %d %s", st, body)
		}
		if d.booked(t, at("19:00")) != 2 || d.booked(t, at("20:00")) != 1 {
			t.Errorf("a refused move changed the counters")
		}
		if st, body := moveTo(c, d.fix.CompanyID, id, at("17:00")); st != 200 || !strings.Contains(body, `"sequence":2`) {
			t.Fatalf("second move: %d %s", st, body)
		}
		if !strings.Contains(movedICS(t, d, id), "SEQUENCE:2") {
			t.Errorf("second move's .ics is not SEQUENCE 2")
		}
		if st, body := d.staffCancel(id, d.fix.CompanyID); st != 200 {
			t.Fatalf("cancel: %d %s", st, body)
		}
		raw := d.str(t, `SELECT attachments FROM outbox_emails WHERE kind = ? AND booking_id = ? ORDER BY id DESC LIMIT 1`,
			notify.KindBookingCancellation, id)
		var atts []notify.Attachment
		if err := json.Unmarshal([]byte(raw), &atts); err != nil || len(atts) != 1 || !strings.Contains(string(atts[0].Data), "SEQUENCE:3") {
			t.Errorf("the cancellation's .ics after two moves is not SEQUENCE 3: %s", raw)
		}
		if st, body := moveTo(c, d.fix.CompanyID, id, at("19:00")); st != 409 || !strings.Contains(body, "cancelled") {
			t.Errorf("cancelled: %d %s", st, body)
		}
		d.bookAtCircuit(t, at("10:00"), "Cy")
		started := d.lastBooking(t)
		d.clk.Set(time.Date(2026, 12, 1, 10, 0, 0, 0, madrid))
		if st, body := moveTo(c, d.fix.CompanyID, started, at("21:00")); st != 409 || !strings.Contains(body, "started") {
			t.Errorf("started: %d %s", st, body)
		}
		if n := d.count(t, `SELECT COUNT(*) FROM audit_log WHERE action = 'booking.move'`); n != 2 {
			t.Errorf("move audit entries %d, want 2", n)
		}
	})
}
