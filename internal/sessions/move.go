package sessions

import (
	"context"
	"errors"

	"pitlane/internal/apperr"
	"pitlane/internal/pricing"
	"pitlane/internal/schedule"
)

// PlanMove checks and prices the sessions a booking of numDrivers drivers on a product or pack (kind
// and id) would take if it started at startTime ("HH:mm:ss") on date ("YYYY-MM-DD"), as Hold would,
// without taking places: what a staff move of the booking takes (the store takes the places). A pack
// moves as a whole: its sessions are the consecutive chain from startTime, as the wizard chooses them.
// Returns apperr.Unprocessable with field errors (date, startTime, bookingDates) for a session the
// schedule or the booking window refuses, apperr.NotFound for a product no longer in the catalogue.
func (s *Service) PlanMove(ctx context.Context, companyToken, kind string, id int64, numDrivers int, date, startTime string) (NewHold, error) {
	k, err := parseKind(kind)
	if err != nil {
		return NewHold{}, apperr.WithFields(apperr.Unprocessable, "Only a booking of sessions can be moved.", map[string]string{"bookingId": "not a product or pack"})
	}
	d, err := schedule.ParseDate(date)
	if err != nil {
		return NewHold{}, apperr.WithFields(apperr.Unprocessable, "The date is not valid.", map[string]string{"date": "must be a date YYYY-MM-DD"})
	}
	if len(startTime) == 5 {
		startTime += ":00"
	}
	now := s.clock.Now()
	o, err := s.offer(ctx, companyToken, k, id, now)
	if err != nil {
		return NewHold{}, err
	}
	dates := []string{d.String() + " " + startTime}
	if k == KindPack {
		data, err := pricing.ParseProductData(o.Data)
		if err != nil {
			return NewHold{}, err
		}
		chain, err := schedule.PackChain(o.Installation.Settings, d, startTime, len(o.Parts), data.GapSlots)
		if err != nil {
			if errors.Is(err, schedule.ErrNotInSchedule) {
				return NewHold{}, apperr.WithFields(apperr.Unprocessable, "The pack's sessions do not fit in the schedule from that time.",
					map[string]string{"startTime": err.Error()})
			}
			return NewHold{}, err
		}
		dates = dates[:0]
		for _, sl := range chain {
			dates = append(dates, sl.Date+" "+sl.Local)
		}
	}
	return PlanHold(o, HoldRequest{BookingDates: dates, NumDrivers: numDrivers, IDType: id, Type: k, Token: "move"}, now)
}

// MoveChoices returns the sessions of a date for a product or pack with their free places, for a staff
// member choosing where to move a booking: Availability, computed afresh (not a reused answer).
func (s *Service) MoveChoices(ctx context.Context, companyToken, kind string, id int64, date string) (Availability, error) {
	k, err := parseKind(kind)
	if err != nil {
		return Availability{}, apperr.WithFields(apperr.Unprocessable, "Only a booking of sessions can be moved.", map[string]string{"bookingId": "not a product or pack"})
	}
	d, err := schedule.ParseDate(date)
	if err != nil {
		return Availability{}, apperr.WithFields(apperr.Unprocessable, "The date is not valid.", map[string]string{"date": "must be a date YYYY-MM-DD"})
	}
	return s.availability(ctx, companyToken, d, id, k, s.clock.Now())
}
