package checkout

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/notify"
	"pitlane/internal/payment"
)

// NewBooking is a validated booking ready to be written in one transaction by Store.CreateBooking.
type NewBooking struct {
	CartToken   string
	Identifiers []string            // the holds to book, all of the cart
	Drivers     map[string][]Driver // by hold identifier
	Contact     Contact
	Culture     string
	Online      bool // pay online (the booking waits for the payment; its holds stay live until PaymentUntil)
	Identifier  string
	CancelToken string // circuit bookings: the clear cancel token (only its hash is stored)
	CancelURL   string // circuit bookings: the link of the confirmation mail
	Gift        *Gift
	Now         time.Time
	// PaymentUntil is how long the holds of an online booking stay live, waiting for the payment.
	PaymentUntil time.Time
	// IdempotencyKey, when set, is claimed first in the transaction with RequestHash.
	IdempotencyKey string
	RequestHash    string
	// DoneAnswer is the answer stored for the key when the booking needs no online payment.
	DoneAnswer Answer
	// TakenBy is the admin user who took the booking through the booking flow (bookings.taken_by); 0
	// for a customer's booking.
	TakenBy int64
}

// Taker tells which staff member of the company, if any, is making a request: their admin user id, or
// 0 when no signed-in staff member of that company is. The HTTP layer builds it from the staff session
// cookie; an error is a fault (the database), not "nobody".
type Taker func(ctx context.Context, companyID int64) (int64, error)

// CreatedBooking is what CreateBooking wrote, or the stored answer of an earlier identical request.
type CreatedBooking struct {
	Replay      *Answer // set when the idempotency key was used before for the same request: nothing written
	BookingID   int64
	CompanyID   int64
	Identifier  string
	Reference   string // the short reference customers read out, as shown (UE9B-KTGR)
	Online      bool   // a payment was created and the visitor must be sent to the provider
	PaymentID   int64
	Provider    string
	TotalCents  int64
	Currency    string
	Description string
	Email       string
	Culture     string
}

// Answer is the stored answer of an idempotent save-booking request: Status 200 with Body {"url"}, or an
// error status with Body {"code","message"}; Status 0 while the first request is still running.
type Answer struct {
	Status      int
	Body        []byte
	RequestHash string // the hash of the request that stored it
}

// SaveResult is the answer of POST /api/booking/saveBooking.
type SaveResult struct {
	URL string `json:"url"`
}

// errorAnswer is the body of a stored error answer.
type errorAnswer struct {
	Code    apperr.Code `json:"code"`
	Message string      `json:"message"`
}

// Save validates a save-booking request and turns its pre-bookings into a booking (customer spec
// sections 3–5). With online payment the booking waits for the provider (its holds stay live), and the
// answer is the provider's page; otherwise the places are booked at once, the confirmation is queued,
// and the answer is the success page. A repeated request with the same idempotency key gets the first
// answer. Errors: apperr.Invalid (malformed key), apperr.NotFound (cart), apperr.Unprocessable (field
// errors), apperr.Gone (expired pre-booking, places gone, discount expired or used up),
// apperr.Conflict (cart already ordered, key reused for another request), apperr.Unavailable (the
// payment provider failed: nothing stays booked).
func (s *Service) Save(ctx context.Context, req SaveRequest, idemKey string) (SaveResult, error) {
	return s.SaveTaken(ctx, req, idemKey, nil)
}

// SaveTaken is Save for a request that may come from a staff member: when the payload says
// isPaymentsActive 0 and taker names a signed-in staff member of the cart's company, the booking is
// made without online payment (payment_mode circuit, paid at the circuit) and records who took it.
// From anyone else isPaymentsActive 0 is ignored and the company's setting decides.
func (s *Service) SaveTaken(ctx context.Context, req SaveRequest, idemKey string, taker Taker) (SaveResult, error) {
	if idemKey != "" && !validIdempotencyKey(idemKey) {
		return SaveResult{}, apperr.WithFields(apperr.Invalid, "The Idempotency-Key header is malformed.",
			map[string]string{"Idempotency-Key": "1 to 200 printable ASCII characters"})
	}
	now := s.d.Clock.Now()
	fe := apperr.FieldErrors{}
	validateLists(req, fe)
	if err := fe.Err(apperr.Unprocessable, "The booking is not valid."); err != nil {
		return SaveResult{}, err
	}
	cart, err := s.d.Store.CheckoutCart(ctx, req.Token, now)
	if err != nil {
		return SaveResult{}, err
	}
	hash := requestHash(req)
	if idemKey != "" {
		// A retry: answer what the first request answered, before anything else is judged.
		a, err := s.d.Store.IdempotentAnswer(ctx, cart.CompanyID, idemKey)
		switch {
		case err == nil && a.RequestHash != hash:
			return SaveResult{}, ErrKeyReused
		case err == nil:
			return s.replay(ctx, cart.CompanyID, idemKey, a)
		case !apperr.Is(err, apperr.NotFound):
			return SaveResult{}, err
		}
	}
	lines, err := BookedLines(cart, req.IdentifiersPrebooking)
	if err != nil {
		return SaveResult{}, err
	}
	co := cart.Company
	// The company's setting decides, except for a signed-in staff member of the company who asks for
	// no online payment (isPaymentsActive 0): they take the booking to be paid at the circuit.
	online, takenBy := co.PaymentsActive, int64(0)
	if req.StaffMode {
		// A walk-in (staff mode) relaxes the customer's checks: only a staff member of this company
		// may ask for it, by the staff API's session and origin rule (the Taker).
		if taker != nil {
			if takenBy, err = taker(ctx, cart.CompanyID); err != nil {
				return SaveResult{}, err
			}
		}
		if takenBy == 0 {
			return SaveResult{}, apperr.New(apperr.Forbidden, "A walk-in booking needs a signed-in staff member of this company.")
		}
		online = false
	} else if !bool(req.IsPaymentsActive) && taker != nil {
		if takenBy, err = taker(ctx, cart.CompanyID); err != nil {
			return SaveResult{}, err
		}
		if takenBy > 0 {
			online = false
		}
	}
	rules := Rules{Country: co.Country, ShowEmails: co.ShowEmails, EmailOptional: co.EmailOptional,
		VoucherMode: co.VoucherMode, PaymentsActive: online, StaffMode: bool(req.StaffMode),
		Today: now.In(location(co))}
	contact, err := ValidateContact(req, rules)
	if err != nil {
		return SaveResult{}, err
	}
	drivers, err := AssignDrivers(req.Slots, lines, rules)
	if err != nil {
		return SaveResult{}, err
	}
	nb := NewBooking{CartToken: req.Token, Identifiers: req.IdentifiersPrebooking, Drivers: drivers,
		Contact: contact, Culture: notify.NormalizeCulture(firstNonEmpty(req.Culture, co.DefaultCulture)),
		Online: rules.PaymentsActive, Identifier: NewIdentifier(), CancelToken: NewCancelToken(), Gift: trimGift(req.Gift),
		Now: now, PaymentUntil: now.Add(s.d.PaymentWindow), IdempotencyKey: idemKey, TakenBy: takenBy}
	nb.CancelURL = s.cancelURL(nb.CancelToken)
	nb.DoneAnswer = jsonAnswer(200, SaveResult{URL: s.successURL(nb.Identifier)})
	if idemKey != "" {
		nb.RequestHash = hash
	}
	if nb.Online {
		if _, ok := s.d.Gateways[co.PaymentProvider]; !ok {
			return SaveResult{}, apperr.New(apperr.Unavailable, "Online payment is not available at the moment; please try again later.")
		}
	}
	created, err := s.d.Store.CreateBooking(ctx, nb)
	if err != nil {
		return SaveResult{}, err
	}
	if created.Replay != nil {
		return s.replay(ctx, cart.CompanyID, idemKey, *created.Replay)
	}
	if !created.Online {
		return SaveResult{URL: s.successURL(created.Identifier)}, nil
	}
	return s.startPayment(ctx, created, idemKey)
}

// startPayment asks the provider for its payment page. If that fails the booking is cancelled and its
// holds released, so the visitor can try again.
func (s *Service) startPayment(ctx context.Context, c CreatedBooking, idemKey string) (SaveResult, error) {
	now := s.d.Clock.Now()
	gw := s.d.Gateways[c.Provider]
	var co payment.Checkout
	err := errors.New("no payment gateway for provider " + c.Provider)
	if gw != nil {
		co, err = gw.CreateCheckout(ctx, payment.CheckoutRequest{
			PaymentID: c.PaymentID, Reference: firstNonEmpty(c.Reference, c.Identifier), Identifier: c.Identifier, AmountCents: c.TotalCents, Currency: c.Currency,
			Description: c.Description, Email: c.Email, Culture: c.Culture,
			SuccessURL: s.successURL(c.Identifier), CancelURL: s.successURL(c.Identifier) + "&cancelled=1",
		})
	}
	if err != nil || co.RedirectURL == "" {
		s.d.Logger.ErrorContext(ctx, "payment provider failed to create a checkout; booking cancelled",
			"provider", c.Provider, "booking", c.Identifier, "error", err)
		fail := apperr.New(apperr.Unavailable, "The payment service is not available at the moment. Nothing was charged and your booking was not made; please try again.")
		ans := jsonAnswer(503, errorAnswer{Code: fail.Code, Message: fail.Message})
		if aerr := s.d.Store.AbortOnline(context.WithoutCancel(ctx), c.BookingID, c.CompanyID, idemKey, ans, now); aerr != nil {
			return SaveResult{}, aerr
		}
		return SaveResult{}, fail
	}
	res := SaveResult{URL: co.RedirectURL}
	if err := s.d.Store.StartedOnline(context.WithoutCancel(ctx), c.PaymentID, co.ProviderRef, c.CompanyID, idemKey, jsonAnswer(200, res), now); err != nil {
		return SaveResult{}, err
	}
	return res, nil
}

// replay returns the answer of an earlier request with the same idempotency key, waiting for it while
// the first request is still running.
func (s *Service) replay(ctx context.Context, companyID int64, key string, a Answer) (SaveResult, error) {
	deadline := time.Now().Add(s.d.IdempotencyWait)
	for a.Status == 0 {
		if time.Now().After(deadline) {
			return SaveResult{}, apperr.New(apperr.Conflict, "A request with this Idempotency-Key is still being processed; try again shortly.")
		}
		select {
		case <-ctx.Done():
			return SaveResult{}, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		var err error
		if a, err = s.d.Store.IdempotentAnswer(ctx, companyID, key); err != nil {
			return SaveResult{}, err
		}
	}
	if a.Status == 200 {
		var r SaveResult
		if err := json.Unmarshal(a.Body, &r); err != nil {
			return SaveResult{}, err
		}
		return r, nil
	}
	var e errorAnswer
	if err := json.Unmarshal(a.Body, &e); err != nil || e.Code == "" {
		return SaveResult{}, apperr.New(apperr.Unavailable, "The first request with this Idempotency-Key failed.")
	}
	return SaveResult{}, apperr.New(e.Code, "%s", e.Message)
}

// BookedLines returns the cart's lines of the identified pre-bookings. Returns apperr.Conflict when the
// cart is already ordered, apperr.Unprocessable when one is not a pre-booking of this cart (or was
// swept by housekeeping long after it died), and apperr.Gone when one expired or was released.
func BookedLines(c Cart, identifiers []string) ([]CartLine, error) {
	if c.Status != "open" {
		return nil, apperr.New(apperr.Conflict, "This shopping cart has already been ordered.")
	}
	byID := map[string]CartLine{}
	for _, l := range c.Lines {
		if l.HoldIdentifier != "" {
			byID[l.HoldIdentifier] = l
		}
	}
	out := make([]CartLine, 0, len(identifiers))
	for _, id := range identifiers {
		l, ok := byID[id]
		if !ok && c.Released[id] {
			return nil, ErrHoldGone
		}
		if !ok {
			return nil, apperr.WithFields(apperr.Unprocessable, "The booking is not valid.",
				map[string]string{"identifiersPrebooking": "not a pre-booking of this shopping cart: " + truncate(id, 40)})
		}
		out = append(out, l)
	}
	for _, l := range out {
		if !l.Live {
			return nil, ErrHoldGone
		}
	}
	return out, nil
}

// ErrKeyReused is the answer when an idempotency key comes back with a different request.
var ErrKeyReused = apperr.WithFields(apperr.Conflict, "This Idempotency-Key was already used for a different booking request.",
	map[string]string{"Idempotency-Key": "reused with another body"})

// ErrHoldGone is the answer when a pre-booking expired or was released: the visitor must start again.
var ErrHoldGone = apperr.New(apperr.Gone, "The time to complete the booking has run out; please try again.")

func jsonAnswer(status int, v any) Answer {
	b, _ := json.Marshal(v)
	return Answer{Status: status, Body: b}
}

// requestHash identifies a request's content for idempotency: SHA-256 of its canonical JSON.
func requestHash(req SaveRequest) string {
	b, _ := json.Marshal(req)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func validIdempotencyKey(k string) bool {
	if len(k) < 1 || len(k) > 200 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x21 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

func trimGift(g *Gift) *Gift {
	if g == nil {
		return nil
	}
	return &Gift{Name: trimSpace(g.Name), Email: trimSpace(g.Email), Message: g.Message}
}
