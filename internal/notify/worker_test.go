package notify_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"strings"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"

	"pitlane/internal/clock"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

var start = time.Date(2026, 5, 9, 10, 0, 0, 0, time.UTC)

// freePort returns a loopback port nothing listens on (for now).
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	_ = l.Close()
	return port
}

// startSMTP starts a mock SMTP server on the port (0: any) and returns it with its port.
func startSMTP(t *testing.T, port int) (*smtpmock.Server, int) {
	t.Helper()
	srv := smtpmock.New(smtpmock.ConfigurationAttr{HostAddress: "127.0.0.1", PortNumber: port, MultipleMessageReceiving: true})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	return srv, srv.PortNumber()
}

func newSender(t *testing.T, port int) notify.Sender {
	t.Helper()
	s, err := notify.NewSMTPSender(fmt.Sprintf("smtp://127.0.0.1:%d?helo=localhost&timeout=3s", port), "Pitlane <no-reply@pitlane.test>")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// enqueueConfirmation writes the Danish confirmation of a booking to the outbox.
func enqueueConfirmation(t *testing.T, db *store.DB) notify.Message {
	t.Helper()
	m, err := notify.BookingConfirmation(notify.Booking{
		Company: notify.Company{Name: "Fjord Karting", Symbol: "kr.", Color: "#1d4ed8"}, Culture: "da-DK",
		Identifier: "FJD-7", ContactName: "Søren", Email: "soren@example.com",
		Lines: []notify.Line{{Name: "Grand Prix", Quantity: 1, TotalCents: 29900, Sessions: []notify.Session{
			{Date: "2026-05-10", Time: "14:00", StartUTC: "2026-05-10T12:00:00Z", EndUTC: "2026-05-10T12:20:00Z", Circuit: "Fjord"}}}},
		Drivers: []string{"Søren"}, TotalCents: 29900, PaymentState: "pagada", CancelURL: "https://fjord.example/cancel/x",
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := db.Write(ctx, func(tx *store.Tx) error { return tx.EnqueueEmail(ctx, m, start) }); err != nil {
		t.Fatal(err)
	}
	return m
}

// received parses what the mock server got: the decoded subject, the recipient and the attachments'
// file names.
func received(t *testing.T, raw string) (subject, to string, files []string) {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatalf("not a mail message: %v\n%s", err, raw)
	}
	dec := new(mime.WordDecoder)
	if subject, err = dec.DecodeHeader(msg.Header.Get("Subject")); err != nil {
		t.Fatal(err)
	}
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(msg.Body)
	var walk func(r *multipart.Reader)
	walk = func(r *multipart.Reader) {
		for {
			p, err := r.NextPart()
			if err != nil {
				return
			}
			ct, ps, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
			if strings.HasPrefix(ct, "multipart/") {
				walk(multipart.NewReader(p, ps["boundary"]))
				continue
			}
			if name := p.FileName(); name != "" {
				files = append(files, ct+" "+name)
			}
		}
	}
	walk(multipart.NewReader(bytes.NewReader(body), params["boundary"]))
	return subject, msg.Header.Get("To"), files
}

// The worker delivers an outbox message over SMTP: it arrives with its subject in the booking's
// language and the .ics attached, and the outbox records it as sent.
func TestWorkerDeliversOverSMTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		srv, port := startSMTP(t, 0)
		want := enqueueConfirmation(t, db)
		clk := clock.NewManual(start)
		w := notify.NewWorker(db.Outbox(), newSender(t, port), clk, slog.New(slog.DiscardHandler))
		sent, err := w.RunOnce(ctx)
		if err != nil || sent != 1 {
			t.Fatalf("sent %d, %v", sent, err)
		}
		msgs, err := srv.WaitForMessages(1, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		subject, to, files := received(t, msgs[0].MsgRequest())
		if subject != want.Subject || !strings.Contains(subject, "Booking bekræftet hos Fjord Karting") {
			t.Errorf("subject %q, want %q", subject, want.Subject)
		}
		if !strings.Contains(to, "soren@example.com") {
			t.Errorf("to %q", to)
		}
		if len(files) != 1 || !strings.HasPrefix(files[0], "text/calendar") || !strings.HasSuffix(files[0], "booking-FJD-7.ics") {
			t.Errorf("attachments %v", files)
		}
		list, _ := db.Outbox().RecentEmails(ctx, 1)
		if list[0].Status != notify.StatusSent || list[0].SentAt == nil {
			t.Errorf("outbox after delivery: %+v", list[0])
		}
		if sent, _ := w.RunOnce(ctx); sent != 0 {
			t.Error("a sent message was sent again")
		}
	})
}

// While the SMTP server is down the message stays in the outbox, pending, with one attempt and its
// next attempt a minute later; after a restart a new worker delivers it once that minute has passed.
func TestWorkerRetriesAfterSMTPFailure(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		port := freePort(t)
		want := enqueueConfirmation(t, db)
		clk := clock.NewManual(start)
		w := notify.NewWorker(db.Outbox(), newSender(t, port), clk, slog.New(slog.DiscardHandler))
		sent, err := w.RunOnce(ctx)
		if err != nil || sent != 0 {
			t.Fatalf("sent %d with the server down, %v", sent, err)
		}
		list, _ := db.Outbox().RecentEmails(ctx, 1)
		e := list[0]
		if e.Status != notify.StatusPending || e.Attempts != 1 || !e.NextAttemptAt.Equal(start.Add(time.Minute)) || e.LastError == "" {
			t.Fatalf("after a failed attempt: %+v", e)
		}

		srv, _ := startSMTP(t, port)
		restarted := notify.NewWorker(db.Outbox(), newSender(t, port), clk, slog.New(slog.DiscardHandler))
		if sent, _ := restarted.RunOnce(ctx); sent != 0 {
			t.Fatal("retried before its next attempt was due")
		}
		clk.Advance(time.Minute)
		if sent, err := restarted.RunOnce(ctx); err != nil || sent != 1 {
			t.Fatalf("after the server came back: sent %d, %v", sent, err)
		}
		msgs, err := srv.WaitForMessages(1, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if subject, _, _ := received(t, msgs[0].MsgRequest()); subject != want.Subject {
			t.Errorf("subject %q", subject)
		}
		list, _ = db.Outbox().RecentEmails(ctx, 1)
		if list[0].Status != notify.StatusSent || list[0].Attempts != 2 {
			t.Errorf("after delivery: %+v", list[0])
		}
	})
}

func TestNewSMTPSenderChecksItsURL(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"", "http://host", "smtp://", "smtp://host:port", "smtp://host?timeout=-1s"} {
		if _, err := notify.NewSMTPSender(u, "no-reply@x.example"); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
	if _, err := notify.NewSMTPSender("smtp://h:25", "not an address"); err == nil {
		t.Error("a sender that is no address was accepted")
	}
	for _, u := range []string{"smtp://user:p%40ss@mail.example:587", "smtps://mail.example", "smtp://mail.example?helo=pitlane.example"} {
		if _, err := notify.NewSMTPSender(u, "Pitlane <no-reply@x.example>"); err != nil {
			t.Errorf("%q: %v", u, err)
		}
	}
}
