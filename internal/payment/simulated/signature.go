package simulated

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/payment"
)

// SignatureHeader carries a notification's signature: "t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<body>">". Several v1 values may appear while a secret is being rotated.
const SignatureHeader = "Pitlane-Signature"

// Tolerance is how far a notification's signing time may be from now, either way.
const Tolerance = 5 * time.Minute

// The notification types the provider sends.
const (
	TypeApproved = "payment.approved"
	TypeDeclined = "payment.declined"
	TypeRefunded = "refund.succeeded"
)

// Body is the JSON body of a notification.
type Body struct {
	ID          string `json:"id"`
	Type        string `json:"type"`
	Ref         string `json:"ref"`
	PaymentID   int64  `json:"paymentId"`
	AmountCents int64  `json:"amountCents"`
	Created     int64  `json:"created"` // Unix seconds
}

var typeOf = map[payment.Outcome]string{
	payment.Approved: TypeApproved,
	payment.Declined: TypeDeclined,
	payment.Refunded: TypeRefunded,
}

var outcomeOf = map[string]payment.Outcome{
	TypeApproved: payment.Approved,
	TypeDeclined: payment.Declined,
	TypeRefunded: payment.Refunded,
}

// bodyOf encodes an event's notification body; the same event always gives the same bytes.
func bodyOf(ev Event) []byte {
	b, _ := json.Marshal(Body{ID: ev.ID, Type: typeOf[ev.Outcome], Ref: ev.Ref, PaymentID: ev.PaymentID,
		AmountCents: ev.AmountCents, Created: ev.CreatedAt.Unix()})
	return b
}

// Sign returns the signature header value for body signed at t with secret.
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac(secret, ts, body))
}

func mac(secret, ts string, body []byte) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts))
	m.Write([]byte{'.'})
	m.Write(body)
	return m.Sum(nil)
}

// Verify checks a signature header against body and secret at now: the timestamp must be within
// Tolerance of now and one v1 signature must match (compared in constant time). Errors are
// apperr.Invalid.
func Verify(secret, header string, body []byte, now time.Time) error {
	var ts string
	var sigs [][]byte
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			if s, err := hex.DecodeString(v); err == nil && len(s) == sha256.Size {
				sigs = append(sigs, s)
			}
		}
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(sigs) == 0 {
		return apperr.New(apperr.Invalid, "The notification's signature header is missing or malformed.")
	}
	signedAt := time.Unix(unix, 0)
	if d := now.Sub(signedAt); d > Tolerance || d < -Tolerance {
		return apperr.New(apperr.Invalid, "The notification's timestamp is outside the tolerance.")
	}
	want := mac(secret, ts, body)
	for _, s := range sigs {
		if hmac.Equal(s, want) {
			return nil
		}
	}
	return apperr.New(apperr.Invalid, "The notification's signature does not match.")
}

// ParseNotification implements payment.Gateway: it verifies the Pitlane-Signature header and reads
// the body. A notification of a type this version does not know gives ok=false.
func (p *Provider) ParseNotification(r *http.Request, body []byte) (payment.Notification, bool, error) {
	secret, err := p.signingSecret(r.Context())
	if err != nil {
		return payment.Notification{}, false, err
	}
	if err := Verify(secret, r.Header.Get(SignatureHeader), body, p.clk.Now()); err != nil {
		return payment.Notification{}, false, err
	}
	var b Body
	dec := json.NewDecoder(bytes.NewReader(body)) // unknown fields are allowed: newer senders may add some
	if err := dec.Decode(&b); err != nil {
		return payment.Notification{}, false, apperr.New(apperr.Invalid, "The notification is not valid JSON.")
	}
	if _, err := dec.Token(); err != io.EOF {
		return payment.Notification{}, false, apperr.New(apperr.Invalid, "The notification holds more than one JSON value.")
	}
	if b.ID == "" || b.Ref == "" || b.AmountCents < 0 {
		return payment.Notification{}, false, apperr.New(apperr.Invalid, "The notification lacks an id or ref.")
	}
	outcome, known := outcomeOf[b.Type]
	if !known {
		return payment.Notification{}, false, nil
	}
	n := payment.Notification{EventID: b.ID, ProviderRef: b.Ref, PaymentID: b.PaymentID, Outcome: outcome}
	if outcome != payment.Declined {
		n.AmountCents = b.AmountCents
	}
	return n, true, nil
}

// signingSecret returns the configured secret, or the one kept in the database (generated on first
// use); it is loaded once per process.
func (p *Provider) signingSecret(ctx context.Context) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.secret != "" {
		return p.secret, nil
	}
	s, err := p.store.SimSecret(ctx, randomHex(32), p.clk.Now())
	if err != nil {
		return "", fmt.Errorf("simulated payments: signing secret: %w", err)
	}
	p.secret = s
	return s, nil
}
