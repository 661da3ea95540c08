package opstest

import (
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// term sends SIGTERM and returns the exit code.
func (in *instance) term(t *testing.T) int {
	t.Helper()
	if err := in.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	return in.wait(t)
}

// silentSMTP accepts connections and never answers, like a mail server that hangs: a worker sending
// to it keeps its mail claimed until it gives up.
func silentSMTP(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		_ = ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	return fmt.Sprintf("smtp://%s?helo=localhost&timeout=60s", ln.Addr())
}

// TestSIGTERMReturnsClaimedMail: the built binary, stopped with SIGTERM while its outbox worker is
// stuck sending to a hanging mail server, exits promptly and gives its claimed mail back (pending,
// no lease), so the next instance delivers it at once instead of after the 5-minute lease.
func TestSIGTERMReturnsClaimedMail(t *testing.T) {
	t.Parallel()
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "pitlane.db")
	keys := seedDemo(t, dbURL).keys
	db := openDB(t, dbURL)

	// Three bookings while no mail server is configured: their mails wait in the outbox.
	quiet := startInstance(t, baseEnv(dbURL))
	v, err := newVisitor(quiet.base, keys["Fjord Karting"], 900000)
	if err != nil {
		t.Fatal(err)
	}
	product, err := v.product()
	if err != nil {
		t.Fatal(err)
	}
	ss, err := v.freeSessions(product, 3, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range ss {
		w, err := newVisitor(quiet.base, keys["Fjord Karting"], 900001+i)
		if err == nil {
			_, err = w.book(product, s, fmt.Sprintf("sigterm-%d@example.com", i), 1)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if code := quiet.term(t); code != 0 {
		t.Fatalf("exit %d:\n%s", code, quiet.log.String())
	}
	queued := len(outbox(t, db))

	// An instance whose mail server hangs claims them; SIGTERM while it waits.
	env := baseEnv(dbURL)
	env["PITLANE_SMTP_URL"] = silentSMTP(t)
	stuck := startInstance(t, env)
	claimed := time.Now()
	for count(t, db, dbURL, `SELECT COUNT(*) FROM outbox_emails WHERE status = 'sending'`) == 0 {
		if time.Since(claimed) > patience(t) {
			t.Fatalf("the worker claimed no mail in %v:\n%s", time.Since(claimed).Round(time.Second), stuck.log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	sent := time.Now()
	if code := stuck.term(t); code != 0 {
		t.Fatalf("exit %d after SIGTERM:\n%s", code, stuck.log.String())
	}
	if took := time.Since(sent); took > 5*time.Second {
		t.Errorf("shutdown took %v with a hanging mail server", took)
	}
	if !strings.Contains(stuck.log.String(), "claimed e-mails released") {
		t.Errorf("the log does not say the claimed mail was released:\n%s", stuck.log.String())
	}
	if n := count(t, db, dbURL, `SELECT COUNT(*) FROM outbox_emails WHERE status = 'pending' AND locked_until IS NULL AND attempts = 0`); n != queued {
		t.Errorf("%d of %d mails pending, unleased and with no attempt counted after SIGTERM", n, queued)
	}

	// The next instance delivers each of them once, well within the 5-minute lease it no longer waits
	// for: within 4 minutes however busy the machine (a lease waited for would take 5).
	box := startMailbox(t)
	env["PITLANE_SMTP_URL"] = box.url
	next := startInstance(t, env)
	box.waitDelivered(t, func() []outboxMail { return outbox(t, db) }, min(patience(t), 4*time.Minute))
	if code := next.term(t); code != 0 {
		t.Errorf("exit %d:\n%s", code, next.log.String())
	}
}
