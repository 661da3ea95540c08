package httpapi

import (
	"context"
	"net/http"

	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/payment"
)

// CheckoutService turns pre-bookings into bookings: carts, discounts, vouchers, saving, payment
// notifications, the return page's status and cancellation by the customer.
type CheckoutService interface {
	// Cart returns a shopping cart. Returns apperr.NotFound.
	Cart(ctx context.Context, token string) (checkout.CartView, error)
	// ApplyDiscount applies a discount code and returns the refreshed cart. Returns apperr.Invalid,
	// apperr.Unauthorized, apperr.NotFound (cart or code), apperr.Conflict (cart ordered),
	// apperr.PreconditionFailed (a discount already applied), apperr.Gone (code expired or used up),
	// apperr.Unprocessable (valid for no product in the cart).
	ApplyDiscount(ctx context.Context, companyToken string, req checkout.DiscountRequest) (checkout.CartView, error)
	// HoldVoucher holds a product without a session in voucher mode. Returns apperr.Unauthorized,
	// apperr.NotFound, apperr.Unprocessable.
	HoldVoucher(ctx context.Context, companyToken string, req checkout.VoucherRequest) (checkout.VoucherHold, error)
	// Save makes the booking. Returns apperr.Invalid, apperr.NotFound, apperr.Unprocessable,
	// apperr.Gone, apperr.Conflict, apperr.Unavailable.
	Save(ctx context.Context, req checkout.SaveRequest, idempotencyKey string) (checkout.SaveResult, error)
	// SaveTaken is Save for a request that may come from a signed-in staff member (see checkout.Taker):
	// with isPaymentsActive 0 a staff member of the company books to be paid at the circuit.
	SaveTaken(ctx context.Context, req checkout.SaveRequest, idempotencyKey string, taker checkout.Taker) (checkout.SaveResult, error)
	// Status returns a booking's public status. Returns apperr.NotFound.
	Status(ctx context.Context, identifier string) (checkout.StatusView, error)
	// Summary returns the done page's account of a booking. Returns apperr.NotFound.
	Summary(ctx context.Context, identifier string) (checkout.Summary, error)
	// Calendar returns a booking's .ics file. Returns apperr.NotFound (unknown, cancelled, no session).
	Calendar(ctx context.Context, identifier string) (notify.Attachment, error)
	// CancelPreview shows a booking on its cancel page and changes nothing. Returns apperr.NotFound.
	CancelPreview(ctx context.Context, token string) (checkout.CancelView, error)
	// Cancel cancels a booking under the company's refund policy; a booking cancelled already answers
	// its view with replay true. Returns apperr.NotFound, apperr.Unprocessable.
	Cancel(ctx context.Context, token string) (checkout.CancelView, bool, error)
	// Gateway returns the payment gateway of a provider name.
	Gateway(name string) (payment.Gateway, bool)
	// ApplyNotification applies a verified provider notification once. Returns apperr.NotFound when it
	// is about no known payment.
	ApplyNotification(ctx context.Context, provider string, n payment.Notification, payload []byte) (checkout.Applied, error)
}

// getShoppingCart answers GET /api/payment/shopping-cart/{token}.
func (s *Server) getShoppingCart(w http.ResponseWriter, r *http.Request) {
	c, err := s.deps.Checkout.Cart(r.Context(), r.PathValue("token"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, checkout.CartResponse{Data: c})
}

// getShoppingCartDetails answers GET /api/payment/shopping-cart/{token}/details.
func (s *Server) getShoppingCartDetails(w http.ResponseWriter, r *http.Request) {
	c, err := s.deps.Checkout.Cart(r.Context(), r.PathValue("token"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, checkout.DetailsResponse{Data: c.Details})
}

// postDiscount answers POST /api/booking/discount {token, discount} with the company token.
func (s *Server) postDiscount(w http.ResponseWriter, r *http.Request) {
	token, err := requireCompanyToken(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req checkout.DiscountRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	c, err := s.deps.Checkout.ApplyDiscount(r.Context(), token, req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, checkout.CartResponse{Data: c})
}

// postVoucher answers POST /api/booking/voucher {token, idProduct, numDrivers} with the company token.
func (s *Server) postVoucher(w http.ResponseWriter, r *http.Request) {
	token, err := requireCompanyToken(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var req checkout.VoucherRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	h, err := s.deps.Checkout.HoldVoucher(r.Context(), token, req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, h)
}
