package opstest

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestTwoInstancesStaff runs the staff-side checks of issue 17 "Two instances, one database" against
// the back-office contract in docs/openapi.yaml (POST /api/users/adminLogin, DELETE
// /api/private/cancelBooking/{id}, POST /api/payment/execute-refund). The back office is built on
// the staff API (issue 13) on two instances of the built binary.
func TestTwoInstancesStaff(t *testing.T) {
	t.Parallel()
	p, _ := startPair(t, 0)
	t.Run("cancel and refund through the other instance", func(t *testing.T) { testStaffAcrossInstances(t, p) })
	t.Run("login throttle across instances", func(t *testing.T) { testLoginThrottleAcrossInstances(t, p) })
}

// staffLogin signs in on an instance and returns a staff client holding the bearer token.
func staffLogin(base, email, password, ip string) (*visitor, error) {
	s := &visitor{base: base, client: httpClient, id: "opstest-staff-client", ip: ip}
	req, err := http.NewRequest("POST", base+"/api/users/adminLogin", jsonBody(map[string]string{"email": email, "password": password}))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	res, err := s.client.Do(req)
	if err != nil {
		return nil, &apiError{err: err}
	}
	b, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, &apiError{status: res.StatusCode, body: string(b)}
	}
	// The session token is in the HttpOnly cookie only; this client sends it back as a bearer token.
	for _, c := range res.Cookies() {
		if strings.HasSuffix(c.Name, "pitlane_staff") && c.Value != "" {
			s.token = c.Value
			return s, nil
		}
	}
	return nil, errors.New("adminLogin set no session cookie")
}

// testStaffAcrossInstances: an online booking made and paid through instance 1 is refunded in part
// and then cancelled through instance 2, by a member of staff who signed in on instance 1.
func testStaffAcrossInstances(t *testing.T, p *pair) {
	db := openDB(t, p.dbURL)
	v, err := newVisitor(p.in[0].base, p.keys["Circuito Norte"], 800000)
	if err != nil {
		t.Fatal(err)
	}
	product, err := v.product()
	if err != nil {
		t.Fatal(err)
	}
	ss, err := v.freeSessions(product, 4, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := v.book(product, ss[0], "staff-across@example.com", 1)
	if err != nil || b.payRef == "" {
		t.Fatalf("online booking: %+v %v", b, err)
	}
	var paymentID, amount, bookingID int64
	var identifier string
	if err := db.QueryRow(rebind(p.dbURL, `SELECT p.id, p.amount_cents, b.id, b.identifier FROM payments p JOIN bookings b ON b.id = p.booking_id
		WHERE p.provider = 'simulated' AND p.provider_ref = ?`), b.payRef).Scan(&paymentID, &amount, &bookingID, &identifier); err != nil {
		t.Fatal(err)
	}
	// Pay on the simulated provider's card page, as the customer would: the provider decides the
	// checkout and notifies instance 1, so its own record allows a refund later.
	form := url.Values{"number": {"4242 4242 4242 4242"}, "expiry": {"12/39"}, "cvc": {"123"}, "name": {"Staff Across"}, "action": {"pay"}}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noRedirect.PostForm(p.in[0].base+"/pay/sim/"+b.payRef, form)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("card page: %d", res.StatusCode)
	}
	notified := time.Now()
	for count(t, db, p.dbURL, `SELECT COUNT(*) FROM payment_entries WHERE payment_id = ? AND kind = 'charge'`, paymentID) == 0 {
		if time.Since(notified) > patience(t) {
			t.Fatalf("the provider's payment notification was not applied in %v", time.Since(notified).Round(time.Second))
		}
		time.Sleep(50 * time.Millisecond)
	}

	admin := p.admins["Circuito Norte"]
	staff, err := staffLogin(p.in[0].base, admin[0], admin[1], "10.250.0.1")
	if err != nil {
		t.Fatalf("sign in on instance 1: %v", err)
	}
	other := staff.on(p.in[1].base) // the same session, through the other instance

	var refund struct {
		Data struct {
			Refunded float64 `json:"refunded"`
			Method   string  `json:"method"`
		} `json:"data"`
	}
	if err := other.call("POST", "/api/payment/execute-refund",
		map[string]any{"amount": 100, "orderId": identifier, "idCompany": v.company}, &refund); err != nil {
		t.Fatalf("refund through instance 2: %v", err)
	}
	if refund.Data.Method != "provider" {
		t.Errorf("refund method %q, want provider", refund.Data.Method)
	}
	if n := count(t, db, p.dbURL, `SELECT COUNT(*) FROM payment_entries WHERE payment_id = ? AND kind = 'refund' AND ABS(amount_cents) = 100`, paymentID); n != 1 {
		t.Errorf("%d refund entries of 1.00, want 1", n)
	}

	var cancelled struct {
		Data struct {
			ID    int64  `json:"id"`
			State string `json:"state"`
		} `json:"data"`
	}
	if err := other.call("DELETE", fmt.Sprintf("/api/private/cancelBooking/%d?idCompany=%d", bookingID, v.company), nil, &cancelled); err != nil {
		t.Fatalf("cancel through instance 2: %v", err)
	}
	var status string
	_ = db.QueryRow(rebind(p.dbURL, `SELECT status FROM bookings WHERE id = ?`), bookingID).Scan(&status)
	if cancelled.Data.State != "cancelada" || status != "cancelada" {
		t.Errorf("after the cancel: answer %+v, database status %q", cancelled.Data, status)
	}
	checkCapacity(t, db)
	// Instance 1 sees the cancellation at once: the session has its place back.
	after, err := v.sessions(product, ss[0].Date)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range after {
		if s.StartTime == ss[0].StartTime && s.Free != ss[0].Free {
			t.Errorf("instance 1 shows %d free places after the cancel, want %d as before the booking", s.Free, ss[0].Free)
		}
	}
}

// testLoginThrottleAcrossInstances: five wrong passwords for one account from one address, spread
// over both instances, count as five: the sixth attempt from that address is refused with 429 and
// Retry-After, and one from another address is asked for the captcha (422), not refused.
func testLoginThrottleAcrossInstances(t *testing.T, p *pair) {
	email := p.admins["Fjord Karting"][0]
	for i := 0; i < 5; i++ {
		_, err := staffLogin(p.in[i%2].base, email, "wrong-password", "10.251.0.1")
		var ae *apiError
		if !errors.As(err, &ae) || ae.status != http.StatusUnauthorized {
			t.Fatalf("wrong password %d on instance %d: %v, want 401", i+1, i%2+1, err)
		}
	}
	req, _ := http.NewRequest("POST", p.in[1].base+"/api/users/adminLogin",
		jsonBody(map[string]string{"email": email, "password": "wrong-password"}))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", "10.251.0.1")
	res, err := httpClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Errorf("sixth attempt: %d, Retry-After %q; want 429 with Retry-After", res.StatusCode, res.Header.Get("Retry-After"))
	}
	_, err = staffLogin(p.in[0].base, email, "wrong-password", "10.251.0.2")
	var ae *apiError
	if !errors.As(err, &ae) || ae.status != http.StatusUnprocessableEntity {
		t.Errorf("from another address: %v, want 422 (the captcha asked for)", err)
	}
}
