package checkout

import (
	"fmt"
	"strconv"
	"strings"

	"pitlane/internal/apperr"
)

// Driver is a validated driver of a booked line.
type Driver struct {
	Name     string
	Email    string
	Underage bool // the register-later / minor switch was on
	IsMember bool
}

// RepeatedEmails is the field message when two drivers of one line share an e-mail.
const RepeatedEmails = "repeatedEmails: check the e-mails, you can't assign the same e-mail to different drivers"

// UniqueNames makes the names of one line's drivers unique: the first driver with a name keeps it; a later
// driver whose name (compared trimmed and without regard to case) is already taken gets the name with
// "_n" appended, n the smallest number from 1 whose result is neither given to another driver nor typed
// for one. So Ana, Ana, Ana becomes Ana, Ana_1, Ana_2, and Ana, Ana, Ana_1 becomes Ana, Ana_2, Ana_1.
// Names left out (voucher mode) stay empty: they name nobody, so they cannot repeat.
func UniqueNames(names []string) []string {
	typed := map[string]bool{}
	for _, n := range names {
		typed[strings.ToLower(strings.TrimSpace(n))] = true
	}
	taken := map[string]bool{}
	out := make([]string, len(names))
	for i, n := range names {
		base := strings.TrimSpace(n)
		key := strings.ToLower(base)
		if base == "" || !taken[key] {
			out[i], taken[key] = base, true
			continue
		}
		for k := 1; ; k++ {
			c := base + "_" + strconv.Itoa(k)
			ck := strings.ToLower(c)
			if !taken[ck] && !typed[ck] {
				out[i], taken[ck] = c, true
				break
			}
		}
	}
	return out
}

// AssignDrivers ties each slot entry of the payload to one of the lines being booked and checks the
// drivers' rules (customer spec section 5): each line has exactly its number of drivers, each with a
// valid name (except in voucher mode, where names may be left out); driver e-mails are required and
// valid when the company shows e-mails and they are not optional, unless the driver's underage switch
// is on; two drivers of one line cannot share an e-mail. An entry names its line by
// prebookingIdentifier, else by product (idPackCloud or productIdCloud) and session start; the first
// entry of a line gives its drivers (a product booked for several sessions repeats the same drivers).
// It returns the drivers of each line by hold identifier, with duplicate names made unique.
func AssignDrivers(entries []SlotEntry, lines []CartLine, r Rules) (map[string][]Driver, error) {
	fe := apperr.FieldErrors{}
	given := map[string]int{} // identifier -> index of the entry that gives its drivers
	for i, e := range entries {
		l, ok := matchLine(e, lines, given)
		if !ok {
			fe.Add(fmt.Sprintf("slots[%d]", i), "matches no pre-booking of this booking")
			continue
		}
		if _, seen := given[l.HoldIdentifier]; !seen {
			given[l.HoldIdentifier] = i
		}
	}
	out := map[string][]Driver{}
	for _, l := range lines {
		i, ok := given[l.HoldIdentifier]
		voucher := r.VoucherMode || l.Kind == KindVoucher
		if !ok {
			if !voucher {
				fe.Add("slots", fmt.Sprintf("the drivers of pre-booking %s are missing", l.HoldIdentifier))
			}
			out[l.HoldIdentifier] = nil
			continue
		}
		out[l.HoldIdentifier] = checkDrivers(entries[i].Drivers, l, i, voucher, r, fe)
	}
	if err := fe.Err(apperr.Unprocessable, "The booking is not valid."); err != nil {
		return nil, err
	}
	return out, nil
}

// checkDrivers validates the drivers of one line given by entry i.
func checkDrivers(in []DriverInput, l CartLine, i int, voucher bool, r Rules, fe apperr.FieldErrors) []Driver {
	field := func(j int, what string) string { return fmt.Sprintf("slots[%d].drivers[%d].%s", i, j, what) }
	switch {
	case !voucher && len(in) != l.Quantity:
		fe.Add(fmt.Sprintf("slots[%d].drivers", i), fmt.Sprintf("%d drivers required", l.Quantity))
	case voucher && len(in) > l.Quantity:
		fe.Add(fmt.Sprintf("slots[%d].drivers", i), fmt.Sprintf("at most %d drivers", l.Quantity))
	}
	emailRequired := r.ShowEmails && !r.EmailOptional
	seen := map[string]int{}
	names := make([]string, len(in))
	out := make([]Driver, len(in))
	for j, d := range in {
		names[j] = d.Name
		if !voucher || d.Name != "" {
			if p := NameProblem(d.Name); p != "" {
				fe.Add(field(j, "name"), p)
			}
		}
		email := strings.TrimSpace(d.Email)
		switch {
		case email == "" && emailRequired && !d.Underage && !voucher:
			fe.Add(field(j, "email"), "required")
		case email != "" && !ValidEmail(email):
			fe.Add(field(j, "email"), "must be a valid e-mail address")
		case email != "":
			k := strings.ToLower(email)
			if _, dup := seen[k]; dup {
				fe.Add(field(j, "email"), RepeatedEmails)
			}
			seen[k] = j
		}
		out[j] = Driver{Email: email, Underage: d.Underage, IsMember: d.IsCloudMember}
	}
	for j, n := range UniqueNames(names) {
		out[j].Name = n
	}
	return out
}

// matchLine finds the line an entry is about; among several candidates the first without drivers yet.
func matchLine(e SlotEntry, lines []CartLine, given map[string]int) (CartLine, bool) {
	if e.PrebookingIdentifier != "" {
		for _, l := range lines {
			if l.HoldIdentifier == e.PrebookingIdentifier {
				return l, true
			}
		}
		return CartLine{}, false
	}
	var cands []CartLine
	for _, l := range lines {
		if productMatches(e, l) && dateMatches(e.BookingDate, l) {
			cands = append(cands, l)
		}
	}
	if len(cands) == 0 && len(lines) == 1 && e.ProductIDCloud == nil && e.IDPackCloud == nil {
		cands = lines
	}
	for _, c := range cands {
		if _, taken := given[c.HoldIdentifier]; !taken {
			return c, true
		}
	}
	if len(cands) > 0 {
		return cands[0], true
	}
	return CartLine{}, false
}

func productMatches(e SlotEntry, l CartLine) bool {
	if e.IDPackCloud != nil {
		return *e.IDPackCloud == l.ProductID
	}
	if e.ProductIDCloud != nil {
		return *e.ProductIDCloud == l.ProductID
	}
	return true
}

// dateMatches reports whether start ("YYYY-MM-DD HH:mm[:ss]", or empty) is one of the line's sessions.
func dateMatches(start string, l CartLine) bool {
	if start == "" {
		return true
	}
	if len(start) == len("2006-01-02 15:04") {
		start += ":00"
	}
	for _, d := range l.Dates {
		if d == start {
			return true
		}
	}
	return false
}
