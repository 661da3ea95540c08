package demo

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"time"
)

// histPlan is what the history generator draws a company's year from. It holds no database ids:
// products and events are named by their refs, circuits by their index.
type histPlan struct {
	name       string // the company's name: the random seed is derived from it
	country    string
	culture    string
	online     bool // payments active: most bookings are paid online by card
	loc        *time.Location
	today      time.Time // local midnight of the seeding day
	now        time.Time
	pastDays   int // history ends today and starts this many days before
	futureFrom int // bookings already made for the days ahead: from this day on…
	futureDays int // …until (not including) this one
	bookings   int // past bookings (source BOOKING) over the year
	capacity   int // places per session (installation max_participants)
	interval   int // minutes between sessions
	schedule   map[string][]period
	closed     map[string]bool // local dates the circuit is closed on (special schedule)
	products   []histProduct   // session products (no stock limit)
	pack       *histPack
	events     []histEvent
	licence    *histProduct // set: a few licence sales a month (source LICENSING)
}

type histProduct struct {
	ref        string
	name       string
	priceCents int64
	circuit    int
	minDrivers int
}

type histPack struct {
	name       string
	priceCents int64
	circuit    int
	items      []string // product refs, in session order
	gap        int      // sessions left free between two items
}

type histEvent struct {
	ref        string // the event's ticket product ref ("event1", "event2")
	name       string
	priceCents int64
	startsAt   time.Time
	stock      int
	team       bool
	classes    []string
}

// Generated rows, in insertion order. Indexes (member, booking) refer to the slices of history.
type history struct {
	members  []genMember
	bookings []genBooking
}

type genMember struct {
	person
	nick, birthday string
	promo          bool
	createdAt      time.Time
}

type genBooking struct {
	source, status, mode string
	contact              person
	birthDate            string // "" none
	member               int    // -1 none
	createdAt, updatedAt time.Time
	cancelledAt          time.Time // zero: not cancelled
	bookingDate          string
	firstStartsAt        time.Time // zero: none
	totalCents           int64
	lines                []genLine
	event                int    // index into plan.events, -1 none
	eventCategory        string // the team event's class
	payment              *genPayment
	placesBooked         bool // counted in slots.booked (every booking not cancelled, past or ahead)
}

type genLine struct {
	ref, kind, name     string
	quantity, drivers   int
	unitCents, totCents int64
	slots               []genSlot
	driverNames         []string
	driverMembers       []int // -1 none
}

type genSlot struct {
	circuit  int
	startsAt time.Time
	ref      string
	places   int
}

type genPayment struct {
	provider    string // simulated (online card) or cash (settled at the desk)
	status      string // approved, partially_refunded, refunded
	chargeCents int64
	chargedAt   time.Time
	refunds     []genRefund
}

type genRefund struct {
	cents int64
	at    time.Time
}

// slotKey names one session.
type slotKey struct {
	circuit int
	start   int64
}

// generator draws one company's history; it is deterministic for a plan (seed from the name).
type generator struct {
	p      histPlan
	r      *rand.Rand
	who    people
	used   map[slotKey]int // places taken by bookings that are not cancelled
	hist   history
	prods  map[string]histProduct
	dayW   []float64 // weight of each day offset from -pastDays to futureDays-1
	dayCum []float64
}

// generateHistory draws the plan's year of activity.
func generateHistory(p histPlan) history {
	h := fnv.New64a()
	h.Write([]byte(p.name))
	g := &generator{p: p, r: rand.New(rand.NewPCG(h.Sum64(), 0x9e3779b97f4a7c15)), who: peopleOf(p.country),
		used: map[slotKey]int{}, prods: map[string]histProduct{}}
	for _, pr := range p.products {
		g.prods[pr.ref] = pr
	}
	g.members()
	g.weights()
	total := p.bookings + p.bookings*(p.futureDays-p.futureFrom)/max(p.pastDays, 1)/2
	for range total {
		g.booking()
	}
	g.eventRegistrations()
	g.dailySales()
	return g.hist
}

// members draws the regulars: one for every eight bookings, aged 8 to 70, most between 16 and 45.
func (g *generator) members() {
	n := max(g.p.bookings/8, 10)
	for i := range n {
		pe := g.who.newPerson(g.r, i+1)
		age := 16 + int(math.Abs(g.r.NormFloat64()*14))
		if g.r.IntN(7) == 0 {
			age = 8 + g.r.IntN(8) // children driving on a parent's membership e-mail are their own members
		}
		age = min(age, 70)
		born := g.p.today.AddDate(-age, 0, -g.r.IntN(365))
		nick := fmt.Sprintf("%s%s%d", pe.name, string([]rune(pe.surname)[:1]), i+1)
		g.hist.members = append(g.hist.members, genMember{person: pe, nick: nick, birthday: born.Format(time.DateOnly),
			promo: g.r.IntN(3) > 0, createdAt: g.p.now.AddDate(0, 0, -g.p.pastDays-30).Add(time.Duration(g.r.IntN(300*24)) * time.Hour)})
	}
}

// weights gives each day its share: busier weekends and Fridays, a summer peak and a December bump.
func (g *generator) weights() {
	p := g.p
	var sum float64
	for d := -p.pastDays; d < p.futureDays; d++ {
		day := p.today.AddDate(0, 0, d)
		w := 1.0
		switch day.Weekday() {
		case time.Saturday:
			w = 2.4
		case time.Sunday:
			w = 2.0
		case time.Friday:
			w = 1.5
		}
		w *= 1 + 0.45*math.Cos(2*math.Pi*float64(day.YearDay()-196)/365)
		if day.Month() == time.December && day.Day() >= 15 {
			w *= 1.3
		}
		if d >= 0 {
			w *= 0.5 // bookings for the days ahead are still coming in
		}
		if d > 0 && d < p.futureFrom {
			w = 0 // the next days are left to live customers
		}
		if len(g.openStarts(day)) == 0 || p.closed[day.Format(time.DateOnly)] {
			w = 0
		}
		sum += w
		g.dayW = append(g.dayW, w)
		g.dayCum = append(g.dayCum, sum)
	}
}

// openStarts lists the session start times of a day, in minutes after midnight.
func (g *generator) openStarts(day time.Time) []int {
	var out []int
	for _, per := range g.p.schedule[weekdayKey(day)] {
		if !per.Open {
			continue
		}
		from, to := minutesOf(per.From), minutesOf(per.To)
		for m := from; m+g.p.interval <= to; m += g.p.interval {
			out = append(out, m)
		}
	}
	return out
}

func minutesOf(hhmm string) int {
	var h, m int
	fmt.Sscanf(hhmm, "%d:%d", &h, &m)
	return h*60 + m
}

// pickDay draws a day offset by weight.
func (g *generator) pickDay() int {
	x := g.r.Float64() * g.dayCum[len(g.dayCum)-1]
	lo, hi := 0, len(g.dayCum)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if g.dayCum[mid] < x {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo - g.p.pastDays
}

// pickStart draws a session start in a day, evenings twice as likely.
func (g *generator) pickStart(starts []int) int {
	for {
		m := starts[g.r.IntN(len(starts))]
		if m >= 17*60 || g.r.IntN(2) == 0 {
			return m
		}
	}
}

// groupSize draws how many drive: 1 to 12, mostly 2 to 4.
func (g *generator) groupSize(minDrivers int) int {
	sizes := []int{1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12}
	n := sizes[g.r.IntN(len(sizes))]
	if g.r.IntN(3) > 0 {
		n = sizes[g.r.IntN(10)]
	}
	return min(max(n, minDrivers), g.p.capacity)
}

// at is the instant of minute m of the local day d days from today.
func (g *generator) at(d, m int) time.Time {
	day := g.p.today.AddDate(0, 0, d)
	return time.Date(day.Year(), day.Month(), day.Day(), m/60, m%60, 0, 0, g.p.loc)
}

// fits reports whether every session has the places left.
func (g *generator) fits(slots []genSlot) bool {
	for _, s := range slots {
		if g.used[slotKey{s.circuit, s.startsAt.UnixMilli()}]+s.places > g.p.capacity {
			return false
		}
	}
	return true
}

func (g *generator) take(slots []genSlot) {
	for _, s := range slots {
		g.used[slotKey{s.circuit, s.startsAt.UnixMilli()}] += s.places
	}
}

// booking draws one BOOKING sale: a product (or two) or the pack, on a day and at a time the circuit
// is open, with room in every session (a few tries, then it gives up on this one).
func (g *generator) booking() {
	for range 6 {
		d := g.pickDay()
		starts := g.openStarts(g.p.today.AddDate(0, 0, d))
		if len(starts) == 0 {
			continue
		}
		m := g.pickStart(starts)
		lines := g.lines(d, m, starts)
		if lines == nil {
			continue
		}
		var all []genSlot
		for _, l := range lines {
			all = append(all, l.slots...)
		}
		first := all[0].startsAt
		if d < g.p.futureFrom && first.After(g.p.now) {
			continue // today's sessions still to come are left to live customers too
		}
		if !g.fits(all) {
			continue
		}
		g.finishBooking(lines, first, d)
		return
	}
}

// lines draws the lines of a booking starting at minute m of day d.
func (g *generator) lines(d, m int, starts []int) []genLine {
	if g.p.pack != nil && g.r.IntN(10) == 0 {
		pk := g.p.pack
		n := g.groupSize(0)
		l := genLine{ref: "pack", kind: "PACK", name: pk.name, quantity: 1, drivers: n, unitCents: pk.priceCents,
			totCents: pk.priceCents * int64(n)}
		for i, ref := range pk.items {
			start := m + i*(1+pk.gap)*g.p.interval
			if !containsInt(starts, start) {
				return nil
			}
			l.slots = append(l.slots, genSlot{circuit: pk.circuit, startsAt: g.at(d, start), ref: ref, places: n})
		}
		return []genLine{l}
	}
	pr := g.p.products[g.r.IntN(len(g.p.products))]
	n := g.groupSize(pr.minDrivers)
	out := []genLine{g.productLine(pr, n, d, m)}
	if g.r.IntN(5) == 0 { // a second session straight after, often of another product
		next := m + g.p.interval
		if !containsInt(starts, next) {
			return out
		}
		pr2 := g.p.products[g.r.IntN(len(g.p.products))]
		if pr2.minDrivers > n {
			pr2 = pr
		}
		out = append(out, g.productLine(pr2, n, d, next))
	}
	return out
}

func (g *generator) productLine(pr histProduct, n, d, m int) genLine {
	return genLine{ref: pr.ref, kind: "PRODUCT", name: pr.name, quantity: 1, drivers: n, unitCents: pr.priceCents,
		totCents: pr.priceCents * int64(n),
		slots:    []genSlot{{circuit: pr.circuit, startsAt: g.at(d, m), ref: pr.ref, places: n}}}
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
