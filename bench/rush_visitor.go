package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// The steps of a rush journey, in order.
const (
	stepConfig       = "config"
	stepAvailability = "availability"
	stepCart         = "cart"
	stepHold         = "hold"
	stepSave         = "saveBooking"
	stepPayment      = "payment"
)

// rushSteps lists the steps in the order the table prints them.
var rushSteps = []string{stepConfig, stepAvailability, stepCart, stepHold, stepSave, stepPayment, stepWaitlist}

// rushTarget is what every visitor goes after: one product's sessions on one date.
type rushTarget struct {
	key     string // the company's public key (booking page)
	product int64
	date    string
	times   map[string]bool // the session set: start times (HH:MM:SS) on date
}

// rushClient talks to the instances; keep-alive, bounded, no redirects followed (the card page
// answers 303 to the provider's return page, which is the browser's next page, not the journey's).
func rushClient(conns int) *http.Client {
	return &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{Proxy: nil, MaxIdleConns: 2 * conns, MaxIdleConnsPerHost: conns,
			IdleConnTimeout: time.Minute},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// rushVisitor is one customer's browser: its own visitor id and client address (X-Forwarded-For).
type rushVisitor struct {
	base    string
	client  *http.Client
	id, ip  string
	token   string
	company int64
	rec     *journey
}

// journey is what one visitor went through: the latency of each step it reached and how it ended.
type journey struct {
	steps   []stepTime
	outcome string        // "" completed; else "<step> <status>"
	email   string        // the contact address of a completed journey
	end     time.Duration // when the journey ended, since the rush began
	// waitlist is how the visitor's join of the waiting list went, when the set was full for it: ""
	// (not tried), "joined", or the step and status that refused it.
	waitlist string
}

type stepTime struct {
	step string
	d    time.Duration
}

// do sends one request, records its latency under step, and returns the status and body; status 0
// is no answer (transport failure or timeout).
func (v *rushVisitor) do(step, method, path, ctype string, body []byte) (int, []byte) {
	req, err := http.NewRequest(method, v.base+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if v.token != "" && strings.HasPrefix(path, "/api/") {
		req.Header.Set("Authorization", "Bearer "+v.token)
	}
	req.Header.Set("X-Visitor-Id", v.id)
	req.Header.Set("X-Forwarded-For", v.ip)
	start := time.Now()
	res, err := v.client.Do(req)
	var b []byte
	if err == nil {
		b, err = io.ReadAll(res.Body)
		_ = res.Body.Close()
	}
	v.rec.steps = append(v.rec.steps, stepTime{step, time.Since(start)})
	if err != nil {
		return 0, nil
	}
	return res.StatusCode, b
}

// call is do with a JSON body and a JSON answer; it reports whether the answer was a 2xx, and records
// the outcome otherwise.
func (v *rushVisitor) call(step, method, path string, in, out any) bool {
	var body []byte
	if in != nil {
		body, _ = json.Marshal(in)
	}
	status, b := v.do(step, method, path, "application/json", body)
	if status/100 != 2 {
		v.rec.outcome = fmt.Sprintf("%s %s", step, statusName(status))
		return false
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			v.rec.outcome = step + " bad JSON"
			return false
		}
	}
	return true
}

// statusName is the HTTP status as the refusal table shows it.
func statusName(status int) string {
	if status == 0 {
		return "no answer"
	}
	return fmt.Sprint(status)
}

// run is the whole journey of the booking wizard for one driver, then the card page of the simulated
// provider, which decides the checkout and delivers its signed notification before answering 303.
func (v *rushVisitor) run(t rushTarget, n int, rng *rand.Rand) {
	var cfg struct {
		IDCompany int64  `json:"idCompany"`
		Token     string `json:"token"`
	}
	if !v.call(stepConfig, "GET", "/api/config/"+url.PathEscape(t.key), nil, &cfg) {
		return
	}
	v.token, v.company = cfg.Token, cfg.IDCompany
	var avail struct {
		Data struct {
			Slots []struct {
				StartTime string  `json:"startTime"`
				Available bool    `json:"available"`
				Free      int     `json:"usersAvailable"`
				Price     float64 `json:"price"`
			} `json:"slots"`
		} `json:"data"`
	}
	if !v.call(stepAvailability, "GET", fmt.Sprintf("/api/booking/availability?date=%s&idType=%d&type=PRODUCT", t.date, t.product), nil, &avail) {
		return
	}
	type pick struct {
		at    string
		price float64
	}
	var open []pick
	for _, s := range avail.Data.Slots {
		if t.times[s.StartTime] && s.Available && s.Free >= 1 {
			open = append(open, pick{s.StartTime, s.Price})
		}
	}
	if len(open) == 0 {
		v.rec.outcome = stepAvailability + " sold out"
		v.joinWaitlist(t, pickTime(t, rng), n)
		return
	}
	s := open[rng.IntN(len(open))]
	var cart struct {
		Token string `json:"token"`
	}
	if !v.call(stepCart, "POST", "/api/payment/shopping-cart", map[string]any{"idCompany": v.company}, &cart) {
		return
	}
	var hold struct {
		ID string `json:"prebookingIdentifier"`
	}
	if !v.call(stepHold, "POST", "/api/prebooking", map[string]any{
		"bookingDates": []string{t.date + " " + s.at}, "numDrivers": 1, "idType": t.product,
		"type": "PRODUCT", "token": cart.Token, "price": s.price}, &hold) {
		if strings.HasPrefix(v.rec.outcome, stepHold+" 4") {
			v.joinWaitlist(t, s.at, n) // the session filled while the visitor chose it
		}
		return
	}
	email := fmt.Sprintf("rush-%06d@example.com", n)
	var saved struct {
		URL string `json:"url"`
	}
	if !v.call(stepSave, "POST", "/api/booking/saveBooking", map[string]any{
		"token": cart.Token, "nombre": "Rush", "apellidos": fmt.Sprintf("Visitor %d", n), "phone": "+34600123456",
		"email": email, "emailConfirmation": email, "adultConfirmation": 1, "acceptSendPromo": 0,
		"identifiersPrebooking": []string{hold.ID},
		"slots": []map[string]any{{"prebookingIdentifier": hold.ID,
			"drivers": []map[string]string{{"name": "Rush Driver", "email": "driver." + email}}}},
		"isPaymentsActive": 1, "culture": "es-ES"}, &saved) {
		return
	}
	u, err := url.Parse(saved.URL)
	ref, ok := strings.CutPrefix(u.Path, "/pay/sim/")
	if err != nil || !ok {
		v.rec.outcome = stepSave + " no payment page"
		return
	}
	form := url.Values{"number": {"4242 4242 4242 4242"}, "expiry": {"12/39"}, "cvc": {"123"},
		"name": {"Rush Visitor"}, "action": {"pay"}}
	status, _ := v.do(stepPayment, "POST", "/pay/sim/"+url.PathEscape(ref), "application/x-www-form-urlencoded",
		[]byte(form.Encode()))
	if status != http.StatusSeeOther {
		v.rec.outcome = stepPayment + " " + statusName(status)
		return
	}
	v.rec.email = email
}
