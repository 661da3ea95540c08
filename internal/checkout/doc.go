// Package checkout turns pre-bookings (holds) into bookings without ever losing one or selling a place
// twice: the shopping cart and its discount, the save-booking call and its validation, online payment
// through a payment.Gateway with idempotent notifications and reconciliation, the booking status the
// return page reads, and cancellation by the customer.
//
// Business rules (validation, discounts, driver names, cancellation deadlines, payment transitions,
// refund limits) are pure functions over plain values. The Service runs them against a Store, which
// decides and writes each step in one database transaction.
package checkout
