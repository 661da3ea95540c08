package checkout

import (
	"context"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
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

// StaffCancelledRefund is the answer of a staff cancellation with a refund (schema
// AdminCancelRefundResult's data): what went back to the customer and what the providers refused,
// which is owed at the desk.
type StaffCancelledRefund struct {
	ID       int64  `json:"id"`
	State    string `json:"state"`
	Refunded int64  `json:"-"`
	Owed     int64  `json:"-"`
}

// StaffCancelRefund cancels a booking of the company and gives back everything paid in one step,
// through the one refund service: reserved with the cancellation, asked of the providers (cash
// charges handed back at the desk), settled in the ledger, then the customer's cancellation mail says
// what was refunded. Returns apperr.NotFound, apperr.Conflict (with the reason) when staff may not
// cancel, and apperr.Unprocessable when the company's refund policy allows no refund now (nothing is
// cancelled then: the staff can cancel without a refund).
func (s *Service) StaffCancelRefund(ctx context.Context, companyID, bookingID int64, by Actor) (StaffCancelledRefund, error) {
	st, err := s.staff()
	if err != nil {
		return StaffCancelledRefund{}, err
	}
	var c CustomerCancelled
	outcomes, err := s.refunder.Run(ctx, billing.RefundRun{
		Reserve: func(ctx context.Context) ([]billing.ReservedPart, error) {
			var err error
			c, err = st.CancelByStaffRefund(ctx, companyID, bookingID, by, s.d.Clock.Now())
			return c.Parts, err
		},
		Settle: func(ctx context.Context, outcomes []billing.PartOutcome) error {
			return s.d.Store.SettleCancelRefunds(ctx, c, outcomes, s.d.Clock.Now())
		},
	})
	if err != nil {
		return StaffCancelledRefund{}, err
	}
	out := StaffCancelledRefund{ID: bookingID, State: StatusCancelled}
	for _, o := range outcomes {
		if o.Err != "" {
			out.Owed += o.AmountCents
		} else {
			out.Refunded += o.AmountCents
		}
	}
	return out, nil
}

// StaffCancelledCredit is the answer of a staff cancellation keeping the money as credit: the note
// issued (its code in stored form, 16 characters), its amount and when it expires.
type StaffCancelledCredit struct {
	ID          int64
	State       string
	NoteID      int64
	Code        string
	CreditCents int64
	ExpiresAt   time.Time
}

// StaffCancelCredit cancels a booking of the company and keeps everything paid as a credit note in
// one step: no provider is called, the note's code is a new voucher-style code (80 random bits), and
// the customer's cancellation mail states the amount, the code and its expiry. Returns the errors of
// StaffStore.CancelByStaffCredit.
func (s *Service) StaffCancelCredit(ctx context.Context, companyID, bookingID int64, by Actor) (StaffCancelledCredit, error) {
	st, err := s.staff()
	if err != nil {
		return StaffCancelledCredit{}, err
	}
	code := strings.ReplaceAll(NewVoucherCode(), "-", "")
	return st.CancelByStaffCredit(ctx, companyID, bookingID, by, s.d.Clock.Now(), code)
}

// staff returns the staff store, or apperr.Unavailable when the service was built without one.
func (s *Service) staff() (StaffStore, error) {
	if s.d.Staff == nil {
		return nil, apperr.New(apperr.Unavailable, "The back office's bookings are not available on this server.")
	}
	return s.d.Staff, nil
}
