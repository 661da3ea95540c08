package checkout

import (
	"context"
	"fmt"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/pricing"
)

// VoucherRequest is the body of POST /api/booking/voucher: in voucher mode, hold a product (or pack)
// without a session for the cart, to be sold as a voucher redeemed later.
type VoucherRequest struct {
	Token      string `json:"token"` // the shopping cart token
	IDProduct  int64  `json:"idProduct"`
	NumDrivers int    `json:"numDrivers"`
}

// VoucherHold is the answer of POST /api/booking/voucher.
type VoucherHold struct {
	Identifier string        `json:"prebookingIdentifier"`
	ExpiresAt  time.Time     `json:"expiresAt"`
	Price      pricing.Cents `json:"price"`
	NumDrivers int           `json:"numDrivers"`
}

// NewVoucherHold is a voucher pre-booking to write. The store prices it (VoucherPrice) and checks the
// company's voucher mode, the product and the number of drivers.
type NewVoucherHold struct {
	CompanyToken string
	CartToken    string
	Identifier   string
	ProductID    int64
	NumDrivers   int
	CreatedAt    time.Time
	ExpiresAt    time.Time
}

// VoucherPrice is a voucher hold's price: the product's price per driver times the drivers. Returns
// apperr.Unprocessable when the drivers are fewer than 1 or more than maxParticipants (≤ 0: 12).
func VoucherPrice(unitCents int64, drivers, maxParticipants int) (int64, error) {
	if maxParticipants <= 0 {
		maxParticipants = 12
	}
	if drivers < 1 || drivers > maxParticipants {
		return 0, apperr.WithFields(apperr.Unprocessable, "The voucher is not valid.",
			map[string]string{"numDrivers": fmt.Sprintf("from 1 to %d drivers", maxParticipants)})
	}
	return unitCents * int64(drivers), nil
}

// HoldVoucher holds a product without a session for the cart, in voucher mode. Returns
// apperr.Unauthorized, apperr.NotFound (cart, product), apperr.Unprocessable.
func (s *Service) HoldVoucher(ctx context.Context, companyToken string, req VoucherRequest) (VoucherHold, error) {
	fe := apperr.FieldErrors{}
	if req.Token == "" || len(req.Token) > MaxTokenLength {
		fe.Add("token", "required: the shopping cart token")
	}
	if req.IDProduct < 1 {
		fe.Add("idProduct", "required")
	}
	if req.NumDrivers < 1 {
		fe.Add("numDrivers", "at least 1 driver")
	}
	if err := fe.Err(apperr.Unprocessable, "The voucher is not valid."); err != nil {
		return VoucherHold{}, err
	}
	now := s.d.Clock.Now()
	h := NewVoucherHold{CompanyToken: companyToken, CartToken: req.Token, Identifier: NewIdentifier(),
		ProductID: req.IDProduct, NumDrivers: req.NumDrivers, CreatedAt: now, ExpiresAt: now.Add(s.d.HoldTTL)}
	price, err := s.d.Store.InsertVoucherHold(ctx, h)
	if err != nil {
		return VoucherHold{}, err
	}
	return VoucherHold{Identifier: h.Identifier, ExpiresAt: h.ExpiresAt.UTC(), Price: pricing.Cents(price),
		NumDrivers: h.NumDrivers}, nil
}
