package demo

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"
)

// Default history volumes: past bookings (source BOOKING) per demo company over the year.
var defaultHistoryBookings = map[string]int{nameNorte: 4000, nameFjord: 3000, nameVattern: 2000}

// historyPlan describes the company the seeder has just written for the history generator. The bookings
// ahead fill the third and fourth weeks: the next two weeks are left to live customers, so the booking
// page's sessions there show every place free (the browser tests count on it).
func (sd *seeder) historyPlan(s companySpec, capacity, bookings int) histPlan {
	c := s.company
	p := histPlan{name: c.Name, country: c.Country, culture: c.DefaultCulture, online: c.PaymentsActive,
		loc: sd.loc, today: sd.today, now: sd.now, pastDays: 365, futureFrom: 14, futureDays: 28, bookings: bookings,
		capacity: capacity, interval: s.installation.interval, schedule: s.installation.schedule,
		closed: map[string]bool{sd.closedDate: true}}
	for _, pr := range s.products {
		if pr.maxStock > 0 || pr.expiredDaysAgo > 0 {
			continue // a stock limit counts every booking ever made; an expired promotion sold before the demo began
		}
		minDrivers, _ := pr.data["minParticipant"].(int)
		p.products = append(p.products, histProduct{ref: pr.ref, name: pr.name, priceCents: pr.priceCents,
			circuit: pr.circuit, minDrivers: minDrivers})
	}
	if pk := s.pack; len(pk.items) > 0 {
		gap, _ := pk.data["gapSlots"].(int)
		p.pack = &histPack{name: pk.name, priceCents: pk.priceCents, circuit: pk.circuit, items: pk.items, gap: gap}
	}
	for i, e := range s.events {
		ev := histEvent{ref: fmt.Sprintf("event%d", i+1), name: e.productName, priceCents: e.priceCents,
			startsAt: sd.at(e.daysAhead, e.start), stock: int(e.maxStock), team: e.team}
		if e.category != nil {
			for _, o := range e.category.options {
				ev.classes = append(ev.classes, o[0])
			}
		}
		p.events = append(p.events, ev)
	}
	if s.licence.name != "" {
		p.licence = &histProduct{ref: "licence", name: s.licence.name, priceCents: s.licence.priceCents}
	}
	return p
}

// history generates the company's year and writes it with multi-row INSERTs in the seeding
// transaction; staffID is the admin user who made the refunds.
func (sd *seeder) history(companyID int64, s companySpec, capacity, bookings int, staffID int64) error {
	h := generateHistory(sd.historyPlan(s, capacity, bookings))
	w := &historyWriter{sd: sd, companyID: companyID, spec: s, h: h, staffID: staffID}
	return w.write()
}

// historyWriter turns a generated history into rows.
type historyWriter struct {
	sd        *seeder
	companyID int64
	spec      companySpec
	h         history
	staffID   int64
	memberIDs []int64
}

func (w *historyWriter) write() error {
	if err := w.members(); err != nil {
		return err
	}
	return w.bookings()
}

func (w *historyWriter) members() error {
	sd := w.sd
	first, err := reserveIDs(sd.ctx, sd.tx, "members", len(w.h.members))
	if err != nil {
		return err
	}
	b := newBatch(sd.ctx, sd.tx, "members", "id", "company_id", "nick", "name", "surname", "birthday", "phone",
		"email", "accept_send_promo", "unsubscribe_key_hash", "created_at", "updated_at")
	for i, m := range w.h.members {
		id := first + int64(i)
		w.memberIDs = append(w.memberIDs, id)
		if err := b.add(id, w.companyID, m.nick, m.name, m.surname, m.birthday, m.phone, m.email, boolInt(m.promo),
			digest(fmt.Sprintf("demo-member-%d-%d", w.companyID, i)), m.createdAt.UnixMilli(), m.createdAt.UnixMilli()); err != nil {
			return err
		}
	}
	return b.flush()
}

// member is the id of generated member i, or nil.
func (w *historyWriter) member(i int) any {
	if i < 0 {
		return nil
	}
	return w.memberIDs[i]
}

func (w *historyWriter) bookings() error {
	sd, ctx, tx := w.sd, w.sd.ctx, w.sd.tx
	nLines, nPay := 0, 0
	for _, b := range w.h.bookings {
		nLines += len(b.lines)
		if b.payment != nil {
			nPay++
		}
	}
	bookingID, err := reserveIDs(ctx, tx, "bookings", len(w.h.bookings))
	if err != nil {
		return err
	}
	lineID, err := reserveIDs(ctx, tx, "booking_lines", nLines)
	if err != nil {
		return err
	}
	payID, err := reserveIDs(ctx, tx, "payments", nPay)
	if err != nil {
		return err
	}
	bk := newBatch(ctx, tx, "bookings", "id", "identifier", "company_id", "source", "status", "payment_mode", "culture",
		"contact_name", "contact_surname", "phone", "email", "birth_date", "accept_promo", "member_id",
		"original_total_cents", "discount_cents", "total_cents", "booking_date", "first_starts_at", "places_booked",
		"created_at", "updated_at", "cancelled_at")
	ln := newBatch(ctx, tx, "booking_lines", "id", "booking_id", "product_id", "kind", "name", "quantity", "num_drivers",
		"unit_price_cents", "original_price_cents", "discount_cents", "total_cents", "pack_code").after(bk)
	sl := newBatch(ctx, tx, "booking_slots", "booking_line_id", "position", "circuit_id", "starts_at", "local_date",
		"local_time", "product_id", "places").after(ln)
	dr := newBatch(ctx, tx, "drivers", "booking_id", "booking_line_id", "position", "name", "email", "underage", "member_id").after(ln)
	reg := newBatch(ctx, tx, "event_registrations", "event_id", "booking_id", "nick", "is_team", "phone", "email",
		"categories", "created_at").after(bk)
	pay := newBatch(ctx, tx, "payments", "id", "company_id", "booking_id", "provider", "provider_ref", "status",
		"amount_cents", "currency", "created_at", "updated_at").after(bk)
	ent := newBatch(ctx, tx, "payment_entries", "payment_id", "booking_id", "kind", "amount_cents", "provider",
		"provider_event_id", "created_by", "created_at").after(pay)
	var holding []int64 // the bookings whose places the session counters hold (not cancelled, past or ahead)
	for _, b := range w.h.bookings {
		ident := digest(fmt.Sprintf("demo-booking-%s-%d", w.spec.company.Name, bookingID))[:32]
		var cancelled, first, birth any
		if !b.cancelledAt.IsZero() {
			cancelled = b.cancelledAt.UnixMilli()
		}
		if !b.firstStartsAt.IsZero() {
			first = b.firstStartsAt.UnixMilli()
		}
		if b.birthDate != "" {
			birth = b.birthDate
		}
		promo := b.member >= 0 && w.h.members[b.member].promo
		if err := bk.add(bookingID, ident, w.companyID, b.source, b.status, b.mode, w.spec.company.DefaultCulture,
			b.contact.name, b.contact.surname, b.contact.phone, b.contact.email, birth, boolInt(promo), w.member(b.member),
			b.totalCents, 0, b.totalCents, b.bookingDate, first, 0, // places_booked: BookLoaded counts them below
			b.createdAt.UnixMilli(), b.updatedAt.UnixMilli(), cancelled); err != nil {
			return err
		}
		for _, l := range b.lines {
			var pack any
			if l.kind == "PACK" {
				pack = fmt.Sprintf("DEMO%d", lineID)
			}
			if err := ln.add(lineID, bookingID, sd.refs[l.ref], l.kind, l.name, l.quantity, l.drivers, l.unitCents,
				l.unitCents, 0, l.totCents, pack); err != nil {
				return err
			}
			for i, s := range l.slots {
				local := s.startsAt.In(sd.loc)
				if err := sl.add(lineID, i+1, sd.circuits[s.circuit], s.startsAt.UnixMilli(), local.Format(time.DateOnly),
					local.Format(time.TimeOnly), sd.refs[s.ref], s.places); err != nil {
					return err
				}
			}
			for i, name := range l.driverNames {
				if err := dr.add(bookingID, lineID, i, name, nil, boolInt(w.underage(l.driverMembers[i])),
					w.member(l.driverMembers[i])); err != nil {
					return err
				}
			}
			lineID++
		}
		if b.event >= 0 {
			cats := "[]"
			if b.eventCategory != "" {
				cats = jsonText([]string{b.eventCategory})
			}
			if err := reg.add(sd.eventIDs[b.event], bookingID, b.contact.name, boolInt(b.eventCategory != ""),
				b.contact.phone, b.contact.email, cats, b.createdAt.UnixMilli()); err != nil {
				return err
			}
		}
		if p := b.payment; p != nil {
			if err := w.payment(pay, ent, payID, bookingID, ident, b); err != nil {
				return err
			}
			payID++
		}
		if b.placesBooked {
			holding = append(holding, bookingID)
		}
		bookingID++
	}
	for _, b := range []*batch{bk, ln, sl, dr, reg, pay, ent} {
		if err := b.flush(); err != nil {
			return err
		}
	}
	// The session counters are the store's (places.go): it counts the places of these bookings in bulk.
	return tx.BookLoaded(ctx, holding)
}

// payment writes a sale's payment and its ledger: the charge, then each refund made by staff.
func (w *historyWriter) payment(pay, ent *batch, payID, bookingID int64, ident string, b genBooking) error {
	p := b.payment
	if err := pay.add(payID, w.companyID, bookingID, p.provider, "demo-"+ident, p.status, p.chargeCents,
		w.spec.company.Currency, p.chargedAt.UnixMilli(), b.updatedAt.UnixMilli()); err != nil {
		return err
	}
	if err := ent.add(payID, bookingID, "charge", p.chargeCents, p.provider, fmt.Sprintf("demo-%d-charge", bookingID),
		nil, p.chargedAt.UnixMilli()); err != nil {
		return err
	}
	for i, rf := range p.refunds {
		if err := ent.add(payID, bookingID, "refund", rf.cents, p.provider, fmt.Sprintf("demo-%d-refund-%d", bookingID, i+1),
			w.staffID, rf.at.UnixMilli()); err != nil {
			return err
		}
	}
	return nil
}

// underage tells whether generated member i is under 18 on the seeding day.
func (w *historyWriter) underage(i int) bool {
	if i < 0 {
		return false
	}
	born, err := time.Parse(time.DateOnly, w.h.members[i].birthday)
	return err == nil && born.AddDate(18, 0, 0).After(w.sd.today)
}

// digest is the SHA-256 of s in hex: unique, stable keys for generated rows.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
