package checkout

import (
	"time"

	"pitlane/internal/pricing"
)

// PricedLine is a cart line with its share of the discount.
type PricedLine struct {
	CartLine
	DiscountCents int64
}

// NetCents is what the line costs after the discount.
func (l PricedLine) NetCents() int64 { return l.TotalCents - l.DiscountCents }

// NetUnitCents is the per-driver price after the discount, rounded half up to the cent.
func (l PricedLine) NetUnitCents() int64 {
	if l.Quantity <= 0 {
		return l.NetCents()
	}
	return mulDiv(l.NetCents(), 1, int64(l.Quantity), true)
}

// Priced is a set of cart lines with their discounts and totals. Totals count only the included lines.
type Priced struct {
	Lines           []PricedLine
	OriginalCents   int64 // before the discount code
	DiscountCents   int64
	TotalCents      int64 // what is to be paid
	NumParticipants int   // driver places over the included lines
}

// Price applies the discount code (nil when none) to the lines for which included is true and sums
// them. Lines not included (expired holds, say) keep a zero discount and count in no total.
func Price(lines []CartLine, code *DiscountCode, included func(CartLine) bool) Priced {
	var shares []int64
	if code != nil {
		shares = Allocate(*code, lines, included)
	}
	p := Priced{Lines: make([]PricedLine, len(lines))}
	for i, l := range lines {
		pl := PricedLine{CartLine: l}
		if shares != nil {
			pl.DiscountCents = shares[i]
		}
		p.Lines[i] = pl
		if !included(l) {
			continue
		}
		p.OriginalCents += l.TotalCents
		p.DiscountCents += pl.DiscountCents
		p.NumParticipants += l.Quantity
	}
	p.TotalCents = p.OriginalCents - p.DiscountCents
	return p
}

// LiveOnly includes the lines whose hold is live.
func LiveOnly(l CartLine) bool { return l.Live }

// CartResponse is the answer of GET /api/payment/shopping-cart/{token} and of POST /api/booking/discount.
type CartResponse struct {
	Data CartView `json:"data"`
}

// DetailsResponse is the answer of GET /api/payment/shopping-cart/{token}/details.
type DetailsResponse struct {
	Data []DetailView `json:"data"`
}

// CartView is a shopping cart as the booking wizard shows it. Money is a decimal with two places,
// taxes included.
type CartView struct {
	Token                  string        `json:"token"`
	Details                []DetailView  `json:"details"`
	PriceConverted         pricing.Cents `json:"priceConverted"`
	OriginalPriceConverted pricing.Cents `json:"originalPriceConverted"`
	NumParticipants        int           `json:"numParticipants"`
	Discount               *DiscountView `json:"discount"`
	ExpiresAt              *time.Time    `json:"expiresAt"`
}

// DiscountView is the discount applied to a cart.
type DiscountView struct {
	Code   string        `json:"code"`
	Amount pricing.Cents `json:"amount"`
}

// ProductRef names a product.
type ProductRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// DetailView is one cart line as the wizard shows it.
type DetailView struct {
	ID                   int64         `json:"id"`
	Product              ProductRef    `json:"product"`
	Quantity             int           `json:"quantity"`
	PrebookingIdentifier string        `json:"prebookingIdentifier"`
	Type                 string        `json:"type"`
	OriginalPrice        pricing.Cents `json:"originalPrice"`   // per driver, before the discount
	DiscountedPrice      pricing.Cents `json:"discountedPrice"` // per driver, after the discount
	Total                pricing.Cents `json:"total"`           // the whole line, after the discount
	BookingDates         []string      `json:"bookingDates"`
	TrackName            string        `json:"trackName"`
	Expired              bool          `json:"expired"` // its hold expired or was released
}

// View builds the wizard's view of a cart: live lines count in the totals, a line whose hold expired or
// was released is reported with expired true, and expiresAt is the earliest live hold's expiry.
func View(c Cart) CartView {
	p := Price(c.Lines, c.Discount, LiveOnly)
	v := CartView{
		Token:                  c.Token,
		Details:                make([]DetailView, 0, len(p.Lines)),
		PriceConverted:         pricing.Cents(p.TotalCents),
		OriginalPriceConverted: pricing.Cents(p.OriginalCents),
		NumParticipants:        p.NumParticipants,
	}
	if c.Discount != nil {
		v.Discount = &DiscountView{Code: c.Discount.Code, Amount: pricing.Cents(p.DiscountCents)}
	}
	for _, l := range p.Lines {
		d := DetailView{
			ID:                   l.ID,
			Product:              ProductRef{ID: l.ProductID, Name: l.ProductName},
			Quantity:             l.Quantity,
			PrebookingIdentifier: l.HoldIdentifier,
			Type:                 l.Kind,
			OriginalPrice:        pricing.Cents(l.OriginalUnitCents),
			DiscountedPrice:      pricing.Cents(l.NetUnitCents()),
			Total:                pricing.Cents(l.NetCents()),
			BookingDates:         l.Dates,
			TrackName:            l.TrackName,
			Expired:              !l.Live,
		}
		if d.BookingDates == nil {
			d.BookingDates = []string{}
		}
		v.Details = append(v.Details, d)
		if l.Live && (v.ExpiresAt == nil || l.ExpiresAt.Before(*v.ExpiresAt)) {
			t := l.ExpiresAt.UTC()
			v.ExpiresAt = &t
		}
	}
	return v
}
