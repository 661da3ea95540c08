package checkout

import (
	"context"
	"time"

	"pitlane/internal/apperr"
)

// Reasons a booking cannot be cancelled by staff (admin spec section 4).
const (
	ReasonAlreadyCancelled = "This booking is already cancelled."
	ReasonNoDate           = "This booking has no date (a voucher), so it cannot be cancelled."
	ReasonDatePast         = "This booking's session has already started, so it can no longer be cancelled."
)

// StaffCancelReason tells why staff may not cancel a booking at now, or "" when they may: the booking
// must have a date (firstStart non-nil), not be cancelada, and its first session must not have started.
// Unlike the customer's CheckCancel, the company's cancel_booking_max_days window does not apply.
func StaffCancelReason(status string, firstStart *time.Time, now time.Time) string {
	switch {
	case status == StatusCancelled:
		return ReasonAlreadyCancelled
	case firstStart == nil:
		return ReasonNoDate
	case !now.Before(*firstStart):
		return ReasonDatePast
	}
	return ""
}

// CheckStaffCancel is StaffCancelReason as an error: apperr.Conflict with the reason, nil when staff
// may cancel.
func CheckStaffCancel(status string, firstStart *time.Time, now time.Time) error {
	if reason := StaffCancelReason(status, firstStart, now); reason != "" {
		return apperr.New(apperr.Conflict, "%s", reason)
	}
	return nil
}

// StaffCancelled is the answer of a staff cancellation (schema AdminCancelResult's data).
type StaffCancelled struct {
	ID             int64  `json:"id"`
	State          string `json:"state"`
	Identifier     string `json:"-"`
	PreviousStatus string `json:"-"`
}

// StaffCancel cancels a booking of the company on behalf of a staff user: its places are released at
// once, the cancellation mails queued and the change audited, in one transaction. Returns
// apperr.NotFound for a booking of another company or none, apperr.Conflict (with the reason) when
// it is already cancelled, has no date or its session has started.
func (s *Service) StaffCancel(ctx context.Context, companyID, bookingID int64, by Actor) (StaffCancelled, error) {
	st, err := s.staff()
	if err != nil {
		return StaffCancelled{}, err
	}
	return st.CancelByStaff(ctx, companyID, bookingID, by, s.d.Clock.Now())
}

// staff returns the staff store, or apperr.Unavailable when the service was built without one.
func (s *Service) staff() (StaffStore, error) {
	if s.d.Staff == nil {
		return nil, apperr.New(apperr.Unavailable, "The back office's bookings are not available on this server.")
	}
	return s.d.Staff, nil
}
