// Package pricing resolves what a product costs for a slot, and carries money between
// JSON and cents.
//
// Money is int64 cents everywhere; decimals exist only in JSON and at the API edge
// (FormatCents, ParseCents, and the Cents type, which reads a JSON number's text
// exactly, so 25.5 is 2550 and never 2549.999…).
//
// A product's price for a slot is its base price, unless the product is dynamic: then
// an exceptional-date entry for the slot's date, or else the entry of its weekday,
// gives the price of the first range containing the slot's local start (Resolve). A
// pack's pre-booking is priced at the highest of its slots' prices (PackPrice).
//
// The package is pure: no clock, no I/O, standard library only. Dates and times are
// the circuit's local ones, as strings: "YYYY-MM-DD" and "HH:mm:ss", exactly the Date and
// Local of a schedule.Slot, so the two packages do not import each other.
package pricing
