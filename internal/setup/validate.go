package setup

import (
	"errors"
	"fmt"
	"strings"

	"github.com/nyaruka/phonenumbers"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/schedule"
)

// scheduleSettings is the schedule part of b as package schedule reads it.
func (b Booking) scheduleSettings() schedule.Settings {
	return schedule.Settings{Interval: b.Interval, Opening: b.Opening, Closing: b.Closing,
		GeneralSchedule: b.GeneralSchedule, SpecialSchedule: b.SpecialSchedule, Rules: b.Rules}
}

// Validate checks every bound of admin spec section 5 on b and returns apperr.Unprocessable whose
// fields name each wrong field by its path in the save request (interval, maxParticipants,
// data.maxSlotsBooking, data.generalSchedule.MO[1], data.specialSchedule[0].date, …), or nil.
// Overlapping periods are reported as "… (overlappingHours)" and a special day set twice as
// "… (dateExists)". today is the installation's local date: a special row that is not among known
// (the rows already stored, as first/last date pairs) must not start before it, and no special row
// may end after 31 December five years ahead; an enabled dateLimitBooking must be a date no earlier
// than a year before today.
func Validate(b Booking, today schedule.Date, known map[[2]string]bool) error {
	fe := apperr.FieldErrors{}
	var ve *schedule.ValidationError
	if err := schedule.Validate(b.scheduleSettings()); errors.As(err, &ve) {
		for k, v := range ve.Fields {
			if strings.HasPrefix(k, "generalSchedule") || strings.HasPrefix(k, "specialSchedule") || strings.HasPrefix(k, "rules") {
				k = "data." + k
			}
			fe.Add(k, v)
		}
	} else if err != nil {
		return err
	}
	if b.MaxParticipants < 1 || b.MaxParticipants > MaxParticipantsLimit {
		fe.Add("maxParticipants", fmt.Sprintf("must be between 1 and %d", MaxParticipantsLimit))
	}
	if b.MaxSlotsBooking < 1 || b.MaxSlotsBooking > MaxSlotsBooking {
		fe.Add("data.maxSlotsBooking", fmt.Sprintf("must be between 1 and %d", MaxSlotsBooking))
	}
	if b.MaxDaysBooking < 1 || b.MaxDaysBooking > MaxDaysBookingLimit {
		fe.Add("data.maxDaysBooking", fmt.Sprintf("must be between 1 and %d", MaxDaysBookingLimit))
	}
	if b.DisableHoursBooking < 0 || b.DisableHoursBooking > MaxDisableHours {
		fe.Add("data.disableHoursBooking", fmt.Sprintf("must be between 0 and %d hours", MaxDisableHours))
	}
	lastAllowed := schedule.Date{Year: today.Year + 5, Month: 12, Day: 31}
	if b.DateLimit.Enabled {
		d, err := schedule.ParseDate(b.DateLimit.Date)
		switch {
		case err != nil:
			fe.Add("data.dateLimitBooking.date", "must be a date YYYY-MM-DD")
		case d.Compare(today.AddDays(-365)) < 0:
			fe.Add("data.dateLimitBooking.date", "must be no earlier than a year ago")
		case d.Compare(lastAllowed) > 0:
			fe.Add("data.dateLimitBooking.date", "must be no later than "+lastAllowed.String())
		}
	}
	for i, row := range b.SpecialSchedule {
		if len(row.Date) < 1 || len(row.Date) > 2 {
			continue // reported by schedule.Validate
		}
		first, errF := schedule.ParseDate(row.Date[0])
		last, errL := schedule.ParseDate(row.Date[len(row.Date)-1])
		if errF != nil || errL != nil {
			continue
		}
		field := fmt.Sprintf("data.specialSchedule[%d].date", i)
		if !known[[2]string{first.String(), last.String()}] && first.Compare(today) < 0 {
			fe.Add(field, "must not be in the past")
		}
		if last.Compare(lastAllowed) > 0 {
			fe.Add(field, "must be no later than "+lastAllowed.String())
		}
	}
	checkEmails(fe, "confirmationBookingEmails", b.ConfirmationEmails)
	checkEmails(fe, "cancelBookingEmails", b.CancellationEmails)
	if b.ContactEmail != "" && !account.ValidEmail(b.ContactEmail) {
		fe.Add("data.contactEmail", "must be a valid e-mail address")
	}
	if b.ContactPhone != "" {
		if _, ok := ContactPhone(b.ContactPhone); !ok {
			fe.Add("data.contactPhone", "must be a phone number in international form, with its country code: +34 942 123 456")
		}
	}
	return fe.Err(apperr.Unprocessable, "Some settings are out of bounds; nothing was saved.")
}

func checkEmails(fe apperr.FieldErrors, field string, list []string) {
	if len(list) > MaxNotifyEmails {
		fe.Add(field, fmt.Sprintf("holds at most %d addresses", MaxNotifyEmails))
	}
	seen := map[string]bool{}
	for i, e := range list {
		switch {
		case !account.ValidEmail(e):
			fe.Add(fmt.Sprintf("%s[%d]", field, i), "must be a valid e-mail address")
		case seen[e]:
			fe.Add(fmt.Sprintf("%s[%d]", field, i), "is already in the list")
		}
		seen[e] = true
	}
}

// Normalise trims and lower-cases the e-mail lists and cuts stored times to HH:mm, so that what is
// checked is what is stored.
func Normalise(b Booking) Booking {
	norm := func(list []string) []string {
		out := make([]string, 0, len(list))
		for _, e := range list {
			out = append(out, account.NormaliseEmail(e))
		}
		return out
	}
	b.ConfirmationEmails, b.CancellationEmails = norm(b.ConfirmationEmails), norm(b.CancellationEmails)
	b.Opening, b.Closing = HHMM(b.Opening), HHMM(b.Closing)
	b.ContactEmail = account.NormaliseEmail(b.ContactEmail)
	b.ContactPhone = strings.TrimSpace(b.ContactPhone)
	if p, ok := ContactPhone(b.ContactPhone); ok {
		b.ContactPhone = p
	}
	return b
}

// ContactPhone reads a circuit's contact phone typed with its country code ("+34942123456",
// "+34 942 12 34 56") and returns it in international form ("+34 942 12 34 56" as the country groups it);
// ok is false for anything that is not a valid number with a country code.
func ContactPhone(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "+") {
		return "", false
	}
	n, err := phonenumbers.Parse(s, "")
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return "", false
	}
	return phonenumbers.Format(n, phonenumbers.INTERNATIONAL), true
}

// HHMM cuts a stored time ("HH:MM" or "HH:MM:SS") to HH:mm.
func HHMM(t string) string {
	if len(t) > 5 {
		return t[:5]
	}
	return t
}
