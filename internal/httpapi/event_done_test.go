package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"pitlane/internal/event"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// TestEventRegistrationDoneDetails: the done page's account of an event registration (the booking
// summary the /success page shows) tells the event's date and time at the circuit and offers its .ics,
// as a session booking's does. On both engines.
func TestEventRegistrationDoneDetails(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newEvSaveWorld(t, db)
		night := w.evKeys(t, w.norte.ID)["Copa Norte Nocturna"]
		r := w.register(t, night.Key, "visitor-done1")
		res := w.api.Do("POST", "/api/event/saveEvent", payload(r, nil), bearer(w.norteToken(t))...)
		if res.Status != 200 {
			t.Fatalf("saveEvent → %d %s", res.Status, res.Body)
		}
		var out event.SaveResult
		res.JSON(t, &out)
		var identifier, local string
		var startsAt int64
		if err := db.Read(w.ctx, func(tx *store.Tx) error {
			return tx.QueryRow(w.ctx, `SELECT b.identifier, e.date_start, e.starts_at FROM event_registrations r
				JOIN bookings b ON b.id = r.booking_id JOIN events e ON e.id = r.event_id WHERE e.public_key = ?`, night.Key).
				Scan(&identifier, &local, &startsAt)
		}); err != nil {
			t.Fatal(err)
		}
		s, err := w.co.Summary(w.ctx, identifier)
		if err != nil {
			t.Fatal(err)
		}
		if !s.HasCalendar || len(s.Lines) != 1 || len(s.Lines[0].Sessions) != 1 {
			t.Fatalf("summary %+v: want one line with the event's session and a calendar", s)
		}
		ses := s.Lines[0].Sessions[0]
		if ses.Date+" "+ses.Time != local[:16] || ses.StartsAt != time.UnixMilli(startsAt).UTC().Format(time.RFC3339) {
			t.Errorf("session %+v, want the event's %s (%d)", ses, local, startsAt)
		}
		ics, err := w.co.Calendar(w.ctx, identifier)
		if err != nil {
			t.Fatal(err)
		}
		if want := "DTSTART:" + time.UnixMilli(startsAt).UTC().Format("20060102T150405Z"); !strings.Contains(string(ics.Data), want) {
			t.Errorf("the .ics has no %s:\n%s", want, ics.Data)
		}
	})
}
