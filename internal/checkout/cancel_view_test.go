package checkout_test

import (
	"testing"

	"pitlane/internal/payment/simulated"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// TestCancelViewShowsWhatCustomersKnow: the cancel page's view of a booking shows the short reference
// of its mails and done page (not the internal 32-character identifier), the circuit's logo and its
// contact address. On both engines.
func TestCancelViewShowsWhatCustomersKnow(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newRefundEnv(t, db)
		e.exec(t, `UPDATE companies SET contact_email = 'desk@circuit.example', logo = 'https://cdn.example/logo.png' WHERE id = ?`, e.fix.CompanyID)
		p := e.seedPaid(t, simulated.Name, 5800, "en-GB")
		e.exec(t, `UPDATE bookings SET reference = 'UE9BKTGR' WHERE id = ?`, p.bookingID)
		v := e.preview(t, p.token)
		if v.Reference != "UE9B-KTGR" || v.ContactEmail != "desk@circuit.example" || v.Logo != "https://cdn.example/logo.png" {
			t.Errorf("reference %q, contact %q, logo %q; want UE9B-KTGR, desk@circuit.example and the logo", v.Reference, v.ContactEmail, v.Logo)
		}
	})
}
