package checkout_test

import (
	"errors"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
)

func codeOf(err error) apperr.Code {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// CheckBookingsQuery: malformed is Invalid, reversed or too long Unprocessable; the limit is the
// company's maxDaysBooking but at least 31 days, both ends counted across a DST change; sale-date
// ranges are bounded by the company's local midnights.
func TestCheckBookingsQuery(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, madrid)
	for _, c := range []struct {
		q       checkout.BookingsQuery
		maxDays int
		want    apperr.Code
	}{
		{checkout.BookingsQuery{DateIni: "2026-10-01", DateEnd: "2026-10-31"}, 30, ""}, // 31 days over the DST change
		{checkout.BookingsQuery{DateIni: "2026-10-01", DateEnd: "2026-11-01"}, 30, apperr.Unprocessable},
		{checkout.BookingsQuery{DateIni: "2026-10-01", DateEnd: "2026-11-29"}, 60, ""},
		{checkout.BookingsQuery{DateIni: "2026-10-01", DateEnd: "2026-11-30"}, 60, apperr.Unprocessable},
		{checkout.BookingsQuery{DateIni: "2026-10-02", DateEnd: "2026-10-01"}, 30, apperr.Unprocessable},
		{checkout.BookingsQuery{DateIni: "2026-10-01", DateEnd: "2026-10-01"}, 0, ""},
		{checkout.BookingsQuery{DateIni: "2026-02-30", DateEnd: "2026-03-01"}, 30, apperr.Invalid},
		{checkout.BookingsQuery{DateIni: "", DateEnd: "2026-03-01"}, 30, apperr.Invalid},
		{checkout.BookingsQuery{DateIni: "2026-03-01", DateEnd: "2026-03-01T00:00:00Z"}, 30, apperr.Invalid},
		{checkout.BookingsQuery{DateIni: "2026-03-01", DateEnd: "2026-03-02", FilterType: "fecha"}, 30, apperr.Invalid},
	} {
		_, err := checkout.CheckBookingsQuery(c.q, checkout.StaffLimits{MaxDaysBooking: c.maxDays}, madrid, now)
		if codeOf(err) != c.want {
			t.Errorf("%+v (max %d): %v, want %q", c.q, c.maxDays, err, c.want)
		}
	}
	r, err := checkout.CheckBookingsQuery(checkout.BookingsQuery{DateIni: "2026-10-25", DateEnd: "2026-10-25",
		FilterType: checkout.FilterSaleDate}, checkout.StaffLimits{}, madrid, now)
	if err != nil || !r.BySale || r.FromMs != time.Date(2026, 10, 25, 0, 0, 0, 0, madrid).UnixMilli() ||
		r.UntilMs-r.FromMs != 25*3600*1000 { // the day the clocks go back lasts 25 hours
		t.Errorf("sale range %+v %v", r, err)
	}
}

// StaffCancelReason: a dated, live booking whose first session is to come may be cancelled, whatever
// the customer's window; otherwise the reason says why.
func TestStaffCancelReason(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, madrid)
	later, earlier := now.Add(time.Minute), now
	for _, c := range []struct {
		status string
		start  *time.Time
		want   string
	}{
		{checkout.StatusPaid, &later, ""},
		{checkout.StatusPending, &later, ""},
		{checkout.StatusPartPaid, &later, ""},
		{checkout.StatusCancelled, &later, checkout.ReasonAlreadyCancelled},
		{checkout.StatusPaid, nil, checkout.ReasonNoDate},
		{checkout.StatusPaid, &earlier, checkout.ReasonDatePast},
	} {
		if got := checkout.StaffCancelReason(c.status, c.start, now); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.status, c.start, got, c.want)
		}
		if err := checkout.CheckStaffCancel(c.status, c.start, now); (c.want == "") != (err == nil) || (err != nil && codeOf(err) != apperr.Conflict) {
			t.Errorf("%s %v: %v", c.status, c.start, err)
		}
	}
}
