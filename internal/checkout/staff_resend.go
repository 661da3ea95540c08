package checkout

import "context"

// Resent is the answer of a confirmation sent again (schema AdminResendResult's data): the booking and
// the address the mail was queued to.
type Resent struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
}

// StaffResendConfirmation queues a booking's confirmation mail again through the outbox, the same mail
// as the first (built from the booking as it is now) with a new cancel link, and audits it. Returns
// apperr.NotFound, apperr.Conflict (cancelled, or waiting for its online payment) and
// apperr.Unprocessable (no e-mail address).
func (s *Service) StaffResendConfirmation(ctx context.Context, companyID, bookingID int64, by Actor) (Resent, error) {
	st, err := s.staff()
	if err != nil {
		return Resent{}, err
	}
	tok := NewCancelToken()
	return st.ResendConfirmation(ctx, companyID, bookingID, by, HashToken(tok), s.cancelURL(tok), s.d.Clock.Now())
}
