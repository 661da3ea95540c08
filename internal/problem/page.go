package problem

import (
	"context"
	"net/url"
	"strings"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/member"
)

// PageTokens finds the company a page's token names, for the pages whose answers carry no company.
type PageTokens interface {
	// CompanyOfCancelToken returns the company of the booking whose cancellation token hashes to
	// tokenHash. Returns apperr.NotFound if there is none.
	CompanyOfCancelToken(ctx context.Context, tokenHash string) (int64, error)
	// CompanyOfUnsubscribeKey returns the company of the member whose unsubscribe key hashes to keyHash.
	// Returns apperr.NotFound if there is none.
	CompanyOfUnsubscribeKey(ctx context.Context, keyHash string) (int64, error)
}

// pageCompany is the company named by the token in a report's page when the page is a cancellation
// (/cancelBooking/{token}) or unsubscribe (/member/unsubscribe/{key}) page, or 0: another page, a
// malformed token, or a token of no booking or member. The company comes from the database, never from
// the visitor, so a report from those pages reaches the company whose link the visitor holds.
func pageCompany(ctx context.Context, st PageTokens, page string) (int64, error) {
	u, err := url.Parse(page)
	if err != nil {
		return 0, nil
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	var id int64
	switch {
	case len(parts) == 2 && parts[0] == "cancelBooking" && checkout.ValidCancelToken(parts[1]):
		id, err = st.CompanyOfCancelToken(ctx, checkout.HashToken(parts[1]))
	case len(parts) == 3 && parts[0] == "member" && parts[1] == "unsubscribe" && member.ValidKey(parts[2]):
		id, err = st.CompanyOfUnsubscribeKey(ctx, member.HashKey(parts[2]))
	default:
		return 0, nil
	}
	if apperr.Is(err, apperr.NotFound) {
		return 0, nil
	}
	return id, err
}
