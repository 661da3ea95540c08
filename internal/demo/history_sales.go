package demo

import (
	"math"
	"slices"
	"time"
)

// finishBooking gives a drawn booking its contact, drivers, status and payments, and takes its places.
func (g *generator) finishBooking(lines []genLine, first time.Time, d int) {
	p, r := g.p, g.r
	b := genBooking{source: "BOOKING", member: -1, event: -1, bookingDate: first.In(p.loc).Format(time.DateOnly),
		firstStartsAt: first, lines: lines}
	g.contact(&b)
	b.mode = "circuit"
	if p.online && r.IntN(5) > 0 {
		b.mode = "online"
	}
	lead := time.Duration(math.Min(r.ExpFloat64()*6, 45)*24*float64(time.Hour)) + time.Duration(r.IntN(600))*time.Minute
	b.createdAt = first.Add(-lead - 20*time.Minute)
	if b.createdAt.After(p.now) {
		b.createdAt = p.now.Add(-time.Duration(1+r.IntN(600)) * time.Minute)
	}
	for i := range b.lines {
		b.totalCents += b.lines[i].totCents
		g.drivers(&b.lines[i], b)
	}
	past := first.Before(p.now)
	x := r.Float64()
	switch {
	case x < 0.07: // cancelled before the session; an online payment is given back in full
		b.status = "cancelada"
		b.cancelledAt = between(r, b.createdAt, minTime(first, p.now))
		if b.mode == "online" {
			b.payment = g.charge("simulated", b.totalCents, b.createdAt)
			g.refund(b.payment, b.totalCents, b.cancelledAt)
		}
	case past && x < 0.09: // a deposit at the desk, the rest still owed
		b.status, b.mode = "parcialmentepagada", "circuit"
		b.payment = g.charge("cash", roundCents(b.totalCents*int64(30+r.IntN(41))/100), first.Add(-10*time.Minute))
	case !past && b.mode == "circuit": // pays at the circuit on the day
		b.status = "pending"
	default:
		b.status = "pagada"
		if b.mode == "online" {
			b.payment = g.charge("simulated", b.totalCents, b.createdAt.Add(2*time.Minute))
		} else {
			b.payment = g.charge("cash", b.totalCents, first.Add(-10*time.Minute))
		}
		if y := r.Float64(); past && y < 0.05 {
			at := minTime(first.Add(time.Duration(1+r.IntN(96))*time.Hour), p.now.Add(-time.Minute))
			if y < 0.015 { // refunded in full: the booking is cancelled
				g.refund(b.payment, b.totalCents, at)
				b.status, b.cancelledAt = "cancelada", at
			} else {
				g.refund(b.payment, roundCents(b.totalCents*int64(10+r.IntN(41))/100), at)
			}
		}
	}
	b.updatedAt = lastChange(b)
	if b.status != "cancelada" {
		var all []genSlot
		for _, l := range b.lines {
			all = append(all, l.slots...)
		}
		g.take(all)
		b.placesBooked = true // as a live booking does, and keeps once its session has passed
	}
	g.hist.bookings = append(g.hist.bookings, b)
}

// contact makes a regular (a member, who books again and again) or a new visitor the booking's contact.
func (g *generator) contact(b *genBooking) {
	r := g.r
	if len(g.hist.members) > 0 && r.IntN(100) < 35 {
		i := r.IntN(len(g.hist.members))
		if r.IntN(2) == 0 {
			i = r.IntN(max(len(g.hist.members)/5, 1)) // the keenest fifth books half the members' sessions
		}
		m := g.hist.members[i]
		if m.birthday <= g.p.today.AddDate(-16, 0, 0).Format(time.DateOnly) { // children drive; a grown-up books
			b.member, b.contact, b.birthDate = i, m.person, m.birthday
			return
		}
	}
	b.contact = g.who.newPerson(r, -1)
	if r.IntN(3) == 0 {
		age := 18 + r.IntN(50)
		b.birthDate = g.p.today.AddDate(-age, 0, -r.IntN(365)).Format(time.DateOnly)
	}
}

// drivers names a line's drivers: the contact first, then friends, some of them members.
func (g *generator) drivers(l *genLine, b genBooking) {
	for i := range l.drivers {
		switch {
		case i == 0:
			l.driverNames = append(l.driverNames, b.contact.name+" "+b.contact.surname)
			l.driverMembers = append(l.driverMembers, b.member)
		case len(g.hist.members) > 0 && g.r.IntN(10) == 0:
			j := g.r.IntN(len(g.hist.members))
			m := g.hist.members[j]
			l.driverNames = append(l.driverNames, m.name+" "+m.surname)
			l.driverMembers = append(l.driverMembers, j)
		default:
			pe := g.who.newPerson(g.r, -1)
			l.driverNames = append(l.driverNames, pe.name+" "+pe.surname)
			l.driverMembers = append(l.driverMembers, -1)
		}
	}
}

func (g *generator) charge(provider string, cents int64, at time.Time) *genPayment {
	return &genPayment{provider: provider, status: "approved", chargeCents: cents, chargedAt: at}
}

// refund records a refund by staff; the payment becomes refunded once nothing is left of it.
func (g *generator) refund(pay *genPayment, cents int64, at time.Time) {
	pay.refunds = append(pay.refunds, genRefund{cents: cents, at: at})
	var back int64
	for _, rf := range pay.refunds {
		back += rf.cents
	}
	pay.status = "partially_refunded"
	if back >= pay.chargeCents {
		pay.status = "refunded"
	}
}

// eventRegistrations registers about half of every event's places, in the last three weeks, paid
// online; one registration was cancelled and refunded.
func (g *generator) eventRegistrations() {
	for i, ev := range g.p.events {
		n := ev.stock * 55 / 100
		for j := range n + 1 {
			b := genBooking{source: "EVENT", mode: "online", member: -1, event: i, firstStartsAt: ev.startsAt,
				bookingDate: ev.startsAt.In(g.p.loc).Format(time.DateOnly), totalCents: ev.priceCents}
			g.contact(&b)
			if ev.team {
				b.contact.name = b.contact.surname + " Racing"
				b.eventCategory = ev.classes[g.r.IntN(len(ev.classes))]
			}
			b.createdAt = g.p.now.Add(-time.Duration(1+g.r.IntN(21*24)) * time.Hour)
			b.lines = []genLine{{ref: ev.ref, kind: "EVENT", name: ev.name, quantity: 1, drivers: 1,
				unitCents: ev.priceCents, totCents: ev.priceCents}}
			b.payment = g.charge("simulated", ev.priceCents, b.createdAt.Add(3*time.Minute))
			b.status = "pagada"
			if j == n {
				b.status, b.cancelledAt = "cancelada", between(g.r, b.createdAt.Add(time.Hour), g.p.now)
				g.refund(b.payment, ev.priceCents, b.cancelledAt)
			}
			b.updatedAt = lastChange(b)
			g.hist.bookings = append(g.hist.bookings, b)
		}
	}
}

// dailySales walks the past year for the sales without a session: a few a week from the external
// point of sale (source EXTERNAL, paid at the desk) and a few licences a month (source LICENSING,
// paid online, mostly by regulars).
func (g *generator) dailySales() {
	p, r := g.p, g.r
	for d := -p.pastDays; d <= 0; d++ {
		day := p.today.AddDate(0, 0, d)
		starts := g.openStarts(day)
		if len(starts) == 0 || p.closed[day.Format(time.DateOnly)] {
			continue
		}
		if r.IntN(100) < 50 && len(p.products) > 0 {
			at := g.at(d, g.pickStart(starts))
			pr := p.products[r.IntN(len(p.products))]
			n := max(1+r.IntN(4), pr.minDrivers)
			g.sale("EXTERNAL", "circuit", "cash", at, genLine{ref: pr.ref, kind: "PRODUCT", name: pr.name,
				quantity: 1, drivers: n, unitCents: pr.priceCents, totCents: pr.priceCents * int64(n)})
		}
		if lc := p.licence; lc != nil && r.IntN(100) < 11 {
			at := g.at(d, g.pickStart(starts))
			g.sale("LICENSING", "online", "simulated", at, genLine{ref: lc.ref, kind: "PRODUCT", name: lc.name,
				quantity: 1, drivers: 1, unitCents: lc.priceCents, totCents: lc.priceCents})
		}
	}
	slices.SortStableFunc(g.hist.bookings, func(a, b genBooking) int { return a.createdAt.Compare(b.createdAt) })
}

// sale records a paid sale made at an instant (skipped when that instant is still to come today).
func (g *generator) sale(source, mode, provider string, at time.Time, l genLine) {
	if at.After(g.p.now) {
		return
	}
	b := genBooking{source: source, mode: mode, status: "pagada", member: -1, event: -1, createdAt: at,
		bookingDate: at.In(g.p.loc).Format(time.DateOnly), firstStartsAt: at, totalCents: l.totCents,
		lines: []genLine{l}}
	g.contact(&b)
	if source == "LICENSING" && b.member < 0 && len(g.hist.members) > 0 {
		i := g.r.IntN(len(g.hist.members))
		m := g.hist.members[i]
		b.member, b.contact, b.birthDate = i, m.person, m.birthday
	}
	l.driverNames, l.driverMembers = []string{b.contact.name + " " + b.contact.surname}, []int{b.member}
	b.lines[0] = l
	b.payment = g.charge(provider, l.totCents, at)
	b.updatedAt = at
	g.hist.bookings = append(g.hist.bookings, b)
}

// between draws an instant in [a, b) (a when b is not after a).
func between(r interface{ Int64N(int64) int64 }, a, b time.Time) time.Time {
	if !b.After(a) {
		return a
	}
	return a.Add(time.Duration(r.Int64N(int64(b.Sub(a)))))
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// roundCents rounds to whole units of currency (at least one).
func roundCents(c int64) int64 { return max((c+50)/100*100, 100) }

// lastChange is the latest instant something happened to the booking.
func lastChange(b genBooking) time.Time {
	t := b.createdAt
	if b.payment != nil {
		if b.payment.chargedAt.After(t) {
			t = b.payment.chargedAt
		}
		for _, rf := range b.payment.refunds {
			if rf.at.After(t) {
				t = rf.at
			}
		}
	}
	if b.cancelledAt.After(t) {
		t = b.cancelledAt
	}
	return t
}
