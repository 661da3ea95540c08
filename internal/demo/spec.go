package demo

import (
	"encoding/json"
	"slices"

	"pitlane/internal/company"
)

// companySpec is everything one demo company consists of. Dates are given relative to the seeding
// day (in the company's time zone) and links may hold the placeholders {key} (the company's public
// key), {event1} and {event2} (its events' public keys).
type companySpec struct {
	company        company.Company // keys, id and timestamps are filled in when inserted
	installation   installationSpec
	circuits       []circuitSpec
	category       string // the one product category
	products       []productSpec
	pack           packSpec
	discounts      []discountSpec
	events         []eventSpec
	landing        []landingSpec
	terms          map[string]string // culture → text
	closedInDays   int               // a special schedule closes this many days ahead (or the next open day)
	closedWeekdays []string          // weekday keys the weekly schedule keeps closed
	licence        licenceSpec       // set (name): an inactive licence product, sold a few times a month
}

// licenceSpec is the annual licence a circuit sells (bookings of source LICENSING).
type licenceSpec struct {
	idLocal, name, description string
	priceCents                 int64
}

type installationSpec struct {
	name             string
	interval         int
	opening, closing string
	maxParticipants  int
	maxDaysBooking   int
	schedule         map[string][]period // weekday key → two periods
	rules            string              // JSON text
}

// period is one opening period of the weekly schedule (the admin settings' {from, to, open}).
type period struct {
	From string `json:"from"`
	To   string `json:"to"`
	Open bool   `json:"open"`
}

type circuitSpec struct {
	name                      string
	variantLocal, variantName string
}

type productSpec struct {
	ref            string // names the product for the pack and tests
	idLocal, name  string
	description    string
	priceCents     int64
	maxStock       int64 // 0 is unlimited
	circuit        int   // index into circuits
	inCategory     bool
	data           map[string]any
	dynamicPrice   map[string]any // set: is_dynamic_price = 1 and data.dynamicPrice (weekday keys)
	exceptionalDay int            // dynamic price: exceptionalDays has the day this many days ahead…
	exceptional    [][3]any       // …with these rows (from, to, price)
	expiredDaysAgo int            // > 0: expired that many days before the seeding day
}

type packSpec struct {
	idLocal, name, description string
	priceCents                 int64
	circuit                    int
	items                      []string // product refs, in session order
	data                       map[string]any
}

type discountSpec struct {
	code           string
	kind           string // PERCENT (whole percent) or FIXED (cents)
	value          int64
	usageLimit     int64 // 0 is unlimited
	expiredDaysAgo int   // > 0: its last valid day was that many days before the seeding day
}

type eventSpec struct {
	name                 string
	team                 bool
	daysAhead            int
	start, end           string // local "HH:MM"
	idLocal, productName string
	priceCents, maxStock int64
	circuit              int
	templateHTML         string
	checkboxText         string
	landingIsNew         bool
	category             *eventCategorySpec
}

type eventCategorySpec struct {
	title     string
	excluding bool
	options   [][2]string // name, short name
}

type landingSpec struct {
	position              int
	title, link, category string
	isNew, isDisabled     bool
	options               map[string]any
}

// str returns a pointer to s, for nullable columns.
func str(s string) *string { return &s }

// jsonText marshals v; the demo's values always marshal.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// weekdays is the seven weekday keys in calendar order.
var weekdays = []string{"MO", "TU", "WE", "TH", "FR", "SA", "SU"}

// dayPrices is one weekday of a dynamic price: {prices: [{from, to, price}]}; each row is
// "from", "to", price.
func dayPrices(rows ...[3]any) map[string]any {
	list := make([]map[string]any, len(rows))
	for i, r := range rows {
		list[i] = map[string]any{"from": r[0], "to": r[1], "price": r[2]}
	}
	return map[string]any{"prices": list}
}

// weekPrices is a dynamic price for the week (data.dynamicPrice without exceptionalDays): Monday to
// Thursday at weekday all day; Friday at weekday until evening and late after; weekends at weekend
// until evening and late after. The closed weekdays get no prices.
func weekPrices(opening, evening, closing string, weekday, weekend, late int, closed ...string) map[string]any {
	out := map[string]any{}
	for _, k := range weekdays {
		switch {
		case slices.Contains(closed, k):
		case k == "FR":
			out[k] = dayPrices([3]any{opening, evening, weekday}, [3]any{evening, closing, late})
		case k == "SA" || k == "SU":
			out[k] = dayPrices([3]any{opening, evening, weekend}, [3]any{evening, closing, late})
		default:
			out[k] = dayPrices([3]any{opening, closing, weekday})
		}
	}
	return out
}

// codes is a demo circuit's three discount codes: 10 % for everyone, a fixed amount (cents) with five
// uses, and 20 % that expired a month before the seeding day.
func codes(welcome, fixed string, fixedCents int64, expired string) []discountSpec {
	return []discountSpec{
		{code: welcome, kind: "PERCENT", value: 10},
		{code: fixed, kind: "FIXED", value: fixedCents, usageLimit: 5},
		{code: expired, kind: "PERCENT", value: 20, expiredDaysAgo: 30},
	}
}

// raceEvent is a demo circuit's first event: a race for 30 drivers two weeks ahead, new on the landing page.
func raceEvent(name, start, end, productName string, priceCents int64, html, checkbox string) eventSpec {
	return eventSpec{name: name, daysAhead: 14, start: start, end: end, idLocal: "E-401",
		productName: productName, priceCents: priceCents, maxStock: 30,
		templateHTML: html, checkboxText: checkbox, landingIsNew: true}
}

// teamEvent is a demo circuit's second event: a team endurance race for 12 teams five weeks ahead, in
// one of the classes Junior, Senior and Master (the category named classTitle).
func teamEvent(name, start, end, productName string, priceCents int64, html, checkbox, classTitle string) eventSpec {
	return eventSpec{name: name, team: true, daysAhead: 35, start: start, end: end, idLocal: "E-402",
		productName: productName, priceCents: priceCents, maxStock: 12, templateHTML: html, checkboxText: checkbox,
		category: &eventCategorySpec{title: classTitle, excluding: true,
			options: [][2]string{{"Junior", "JR"}, {"Senior", "SR"}, {"Master", "MS"}}}}
}
