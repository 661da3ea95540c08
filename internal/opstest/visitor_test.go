package opstest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// visitor is one customer's browser talking to one instance through the public API, as the booking
// wizard does (e2e/support/api-booking.ts): its own company token, visitor id and client address.
type visitor struct {
	base     string
	client   *http.Client
	token    string
	company  int64
	payments bool
	id       string // X-Visitor-Id
	ip       string // X-Forwarded-For, so each visitor has its own rate-limit buckets
}

// apiError is a non-2xx answer or a transport failure.
type apiError struct {
	status int // 0: no answer (connection refused or reset)
	body   string
	err    error
}

func (e *apiError) Error() string {
	if e.status == 0 {
		return fmt.Sprintf("no answer: %v", e.err)
	}
	return fmt.Sprintf("%d %s", e.status, e.body)
}

var httpClient = &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}}

// jsonBody encodes v as a request body.
func jsonBody(v any) io.Reader {
	b, _ := json.Marshal(v)
	return bytes.NewReader(b)
}

// call sends a JSON request and decodes a 2xx answer into out; anything else is an *apiError.
func (v *visitor) call(method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		rd = jsonBody(body)
	}
	req, err := http.NewRequest(method, v.base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if v.token != "" {
		req.Header.Set("Authorization", "Bearer "+v.token)
	}
	req.Header.Set("X-Visitor-Id", v.id)
	req.Header.Set("X-Forwarded-For", v.ip)
	res, err := v.client.Do(req)
	if err != nil {
		return &apiError{err: err}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return &apiError{err: err}
	}
	if res.StatusCode/100 != 2 {
		return &apiError{status: res.StatusCode, body: string(b)}
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// newVisitor opens a company's booking page on an instance: GET /api/config/{key}.
func newVisitor(base, key string, n int) (*visitor, error) {
	v := &visitor{base: base, client: httpClient, id: fmt.Sprintf("opstest-visitor-%06d", n),
		ip: fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)}
	var cfg struct {
		IDCompany        int64  `json:"idCompany"`
		Token            string `json:"token"`
		IsPaymentsActive int    `json:"isPaymentsActive"`
	}
	if err := v.call("GET", "/api/config/"+url.PathEscape(key), nil, &cfg); err != nil {
		return nil, err
	}
	v.token, v.company, v.payments = cfg.Token, cfg.IDCompany, cfg.IsPaymentsActive == 1
	return v, nil
}

// on is the same visitor talking to another instance (behind a load balancer).
func (v *visitor) on(base string) *visitor {
	w := *v
	w.base = base
	return &w
}

// product returns the first bookable product with stock to spare, as the e2e helper does.
func (v *visitor) product() (int64, error) {
	var list struct {
		ProductsBooking []struct {
			ID    int64 `json:"id"`
			Stock *int  `json:"stock"`
		} `json:"productsBooking"`
	}
	if err := v.call("GET", fmt.Sprintf("/api/product?idCompany=%d", v.company), nil, &list); err != nil {
		return 0, err
	}
	for _, p := range list.ProductsBooking {
		if p.Stock == nil || *p.Stock > 50 {
			return p.ID, nil
		}
	}
	return 0, fmt.Errorf("company %d has no bookable product with stock", v.company)
}

// session is one bookable session as the availability call lists it.
type session struct {
	Date      string
	StartTime string  `json:"startTime"`
	Available bool    `json:"available"`
	Free      int     `json:"usersAvailable"`
	Price     float64 `json:"price"`
}

// sessions lists a product's sessions on a local date.
func (v *visitor) sessions(product int64, date string) ([]session, error) {
	var out struct {
		Data struct {
			Slots []session `json:"slots"`
		} `json:"data"`
	}
	err := v.call("GET", fmt.Sprintf("/api/booking/availability?date=%s&idType=%d&type=PRODUCT", date, product), nil, &out)
	for i := range out.Data.Slots {
		out.Data.Slots[i].Date = date
	}
	return out.Data.Slots, err
}

// freeSessions lists the sessions with at least need free places from daysAhead days on, up to max.
func (v *visitor) freeSessions(product int64, daysAhead, need, max int) ([]session, error) {
	var out []session
	for d := daysAhead; d < daysAhead+40 && len(out) < max; d++ {
		date := time.Now().AddDate(0, 0, d).Format("2006-01-02")
		list, err := v.sessions(product, date)
		if err != nil {
			return nil, err
		}
		for _, s := range list {
			if s.Available && s.Free >= need && len(out) < max {
				out = append(out, s)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no session with %d free places", need)
	}
	return out, nil
}

// cart opens a shopping cart and returns its token.
func (v *visitor) cart() (string, error) {
	var out struct {
		Token string `json:"token"`
	}
	err := v.call("POST", "/api/payment/shopping-cart", map[string]any{"idCompany": v.company}, &out)
	return out.Token, err
}

// hold takes drivers places in the session for the cart and returns the pre-booking identifier.
func (v *visitor) hold(cart string, product int64, s session, drivers int) (string, error) {
	var out struct {
		ID string `json:"prebookingIdentifier"`
	}
	err := v.call("POST", "/api/prebooking", map[string]any{
		"bookingDates": []string{s.Date + " " + s.StartTime}, "numDrivers": drivers, "idType": product,
		"type": "PRODUCT", "token": cart, "price": s.Price * float64(drivers)}, &out)
	return out.ID, err
}

// save orders the cart with the hold and drivers; it returns the answer's url: the success page
// (/success?booking=<identifier>) or, with online payment, the provider's page.
func (v *visitor) save(cart, hold, email string, drivers []string) (string, error) {
	ds := make([]map[string]string, len(drivers))
	for i, d := range drivers {
		ds[i] = map[string]string{"name": d, "email": fmt.Sprintf("driver%d.%s", i+1, email)}
	}
	pay := 0
	if v.payments {
		pay = 1
	}
	var out struct {
		URL string `json:"url"`
	}
	err := v.call("POST", "/api/booking/saveBooking", map[string]any{
		"token": cart, "nombre": "Ana", "apellidos": "Berg", "phone": "+4520123456", "email": email,
		"emailConfirmation": email, "adultConfirmation": 1, "acceptSendPromo": 0,
		"identifiersPrebooking": []string{hold},
		"slots":                 []map[string]any{{"prebookingIdentifier": hold, "drivers": ds}},
		"isPaymentsActive":      pay, "culture": "en-GB"}, &out)
	return out.URL, err
}

// booked is a booking the server acknowledged (saveBooking answered 2xx).
type booked struct {
	email      string
	drivers    int
	identifier string // the success page's booking, paid at the circuit
	payRef     string // the provider's checkout ref, paid online
}

// book runs the whole journey for one booking in the session and returns what was acknowledged.
func (v *visitor) book(product int64, s session, email string, drivers int) (booked, error) {
	cart, err := v.cart()
	if err != nil {
		return booked{}, err
	}
	h, err := v.hold(cart, product, s, drivers)
	if err != nil {
		return booked{}, err
	}
	names := make([]string, drivers)
	for i := range names {
		names[i] = fmt.Sprintf("Driver %d", i+1)
	}
	u, err := v.save(cart, h, email, names)
	if err != nil {
		return booked{}, err
	}
	b := booked{email: email, drivers: drivers}
	parsed, err := url.Parse(u)
	if err != nil {
		return booked{}, fmt.Errorf("saveBooking url %q: %v", u, err)
	}
	if ref, ok := strings.CutPrefix(parsed.Path, "/pay/sim/"); ok {
		b.payRef = ref
	} else if b.identifier = parsed.Query().Get("booking"); b.identifier == "" {
		return booked{}, fmt.Errorf("saveBooking url %q names no booking", u)
	}
	return b, nil
}
