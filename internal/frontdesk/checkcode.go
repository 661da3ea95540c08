package frontdesk

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"strconv"
	"strings"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
)

// CheckSecret names the shared secret (app_secrets) check tokens are signed with. It is not the cancel
// token's: a check code shown at the desk gives no power over the booking.
const CheckSecret = "check_in_hmac"

// CheckCodePrefix starts every check code: the text of a booking's QR is
// "PITLANE:<reference without dash>:<token>", e.g. PITLANE:UE9BKTGR:7QK2M4V3R6T8Y2W4A6C8E2G4.
// It uses only the QR code's alphanumeric characters (upper case, digits, ':'), so the symbol stays small.
const CheckCodePrefix = "PITLANE:"

// checkTokenBytes is how much of the HMAC a token keeps: 120 bits, 24 base32 characters.
const checkTokenBytes = 15

var checkEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// CheckToken is the signed check token of a company's booking: an HMAC-SHA256 over the company and the
// stored reference (checkout.NormalizeReference form) with the server's secret, cut to 120 bits and
// written in base32. It cannot be made without the secret and names exactly one booking.
func CheckToken(secret []byte, companyID int64, reference string) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("pitlane check-in\x00" + strconv.FormatInt(companyID, 10) + "\x00" + reference))
	return checkEncoding.EncodeToString(mac.Sum(nil)[:checkTokenBytes])
}

// CheckCode is the text of a booking's QR code: the prefix, the stored reference and its token.
func CheckCode(secret []byte, companyID int64, reference string) string {
	return CheckCodePrefix + reference + ":" + CheckToken(secret, companyID, reference)
}

// ValidToken tells whether token is the booking's check token (in constant time).
func ValidToken(secret []byte, companyID int64, reference, token string) bool {
	return hmac.Equal([]byte(CheckToken(secret, companyID, reference)), []byte(token))
}

// ParseCheckCode reads a scanned check code (any case, surrounding spaces ignored) into the stored
// reference and the token. Returns apperr.Unprocessable when it is not a check code.
func ParseCheckCode(code string) (reference, token string, err error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	rest, ok := strings.CutPrefix(code, CheckCodePrefix)
	ref, token, ok2 := strings.Cut(rest, ":")
	if ok && ok2 && len(token) == checkEncoding.EncodedLen(checkTokenBytes) {
		if r := checkout.NormalizeReference(ref); r != "" {
			return r, token, nil
		}
	}
	return "", "", apperr.WithFields(apperr.Unprocessable, "That is not a booking's check-in code.",
		map[string]string{"code": "PITLANE:<reference>:<token>, as the booking's QR code"})
}

// BadToken is the error of a check code whose token is not the booking's (altered, or made up).
func BadToken() error {
	return apperr.WithFields(apperr.Unprocessable, "This check-in code is not valid: it was altered or does not belong to this circuit.",
		map[string]string{"code": "altered"})
}
