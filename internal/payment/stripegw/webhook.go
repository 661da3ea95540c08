package stripegw

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"pitlane/internal/apperr"
	"pitlane/internal/payment"
)

// SignatureHeader carries Stripe's webhook signature.
const SignatureHeader = "Stripe-Signature"

// Tolerance is how old a webhook's signature may be.
const Tolerance = webhook.DefaultTolerance

// ParseNotification implements payment.Gateway for Stripe webhooks. It verifies the signature with
// the webhook secret (refusing signatures older than Tolerance) and maps:
//
//	checkout.session.completed               paid → Approved (amount_total); not yet paid → Pending
//	checkout.session.async_payment_succeeded Approved (amount_total)
//	checkout.session.async_payment_failed    Declined
//	checkout.session.expired                 Expired
//	refund.created                           Refunded (the refund's amount)
//
// Other event types give ok=false (charge.refunded too: its event id is not the refund's, so the same
// refund would be recorded twice beside the staff refund that asked for it). EventID is Stripe's event
// id, except for refund.created, where it is the refund's id (re_…): the id a staff refund records
// when Stripe accepts it, so the ledger's unique (provider, provider_event_id) keeps one entry whichever
// arrives first. A refund names a PaymentIntent, so its Checkout Session is looked up at Stripe; a
// refund of a payment no session made gives ok=false, and a failed lookup is an internal error (Stripe
// retries the webhook).
func (g *Gateway) ParseNotification(r *http.Request, body []byte) (payment.Notification, bool, error) {
	ev, err := webhook.ConstructEventWithOptions(body, r.Header.Get(SignatureHeader), g.webhookSecret,
		webhook.ConstructEventOptions{Tolerance: Tolerance})
	if err != nil {
		return payment.Notification{}, false, apperr.New(apperr.Invalid, "The webhook's signature, timestamp or body is not valid.")
	}
	if ev.ID == "" || ev.Data == nil {
		return payment.Notification{}, false, apperr.New(apperr.Invalid, "The webhook lacks an id or data.")
	}
	n := payment.Notification{EventID: ev.ID}
	switch ev.Type {
	case stripe.EventTypeCheckoutSessionCompleted, stripe.EventTypeCheckoutSessionAsyncPaymentSucceeded,
		stripe.EventTypeCheckoutSessionAsyncPaymentFailed, stripe.EventTypeCheckoutSessionExpired:
		var s stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &s); err != nil || s.ID == "" {
			return payment.Notification{}, false, apperr.New(apperr.Invalid, "The webhook's checkout session is malformed.")
		}
		n.ProviderRef, n.PaymentID = s.ID, paymentID(&s)
		switch {
		case ev.Type == stripe.EventTypeCheckoutSessionExpired:
			n.Outcome = payment.Expired
		case ev.Type == stripe.EventTypeCheckoutSessionAsyncPaymentFailed:
			n.Outcome = payment.Declined
		case s.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid:
			n.Outcome, n.AmountCents = payment.Approved, s.AmountTotal
		default: // completed, but an asynchronous payment method has not paid yet
			n.Outcome = payment.Pending
		}
		return n, true, nil
	case stripe.EventTypeRefundCreated:
		return g.refunded(r, ev, n)
	}
	return payment.Notification{}, false, nil
}

// refunded maps refund.created: the notification carries the refund's id and amount.
func (g *Gateway) refunded(r *http.Request, ev stripe.Event, n payment.Notification) (payment.Notification, bool, error) {
	var rf stripe.Refund
	if err := json.Unmarshal(ev.Data.Raw, &rf); err != nil || rf.ID == "" {
		return payment.Notification{}, false, apperr.New(apperr.Invalid, "The webhook's refund is malformed.")
	}
	if rf.PaymentIntent == nil || rf.PaymentIntent.ID == "" || rf.Status == stripe.RefundStatusFailed || rf.Status == stripe.RefundStatusCanceled {
		return payment.Notification{}, false, nil // not a Checkout payment, or nothing was given back
	}
	n.EventID, n.Outcome, n.AmountCents = rf.ID, payment.Refunded, rf.Amount
	n.PaymentID, _ = strconv.ParseInt(rf.Metadata["payment_id"], 10, 64)
	params := &stripe.CheckoutSessionListParams{PaymentIntent: stripe.String(rf.PaymentIntent.ID)}
	params.Limit = stripe.Int64(1)
	for s, err := range g.sc.V1CheckoutSessions.List(r.Context(), params).All(r.Context()) {
		if err != nil {
			return payment.Notification{}, false, wrap("find checkout session of a refund", err)
		}
		n.ProviderRef = s.ID
		if n.PaymentID == 0 {
			n.PaymentID = paymentID(s)
		}
		return n, true, nil
	}
	return payment.Notification{}, false, nil
}
