package setup

// Checklist is what a company has set up of what its first booking needs: the back office's setup
// checklist (issue 24), read from the company's data, schema SetupChecklist.
type Checklist struct {
	Hours          bool `json:"hours"`          // the opening hours were saved once (a new company has the defaults)
	Product        bool `json:"product"`        // a product or pack the booking page can sell
	Terms          bool `json:"terms"`          // terms and conditions in at least one language
	FirstBooking   bool `json:"firstBooking"`   // a booking has been made
	PaymentsOnline bool `json:"paymentsOnline"` // customers pay online by card (else at the circuit)
	Done           bool `json:"done"`           // every step is done: the checklist is not shown any more
}

// Finish sets Done from the steps: hours, a product, terms and a first booking (how customers pay is
// shown, not a step: paying at the circuit is a valid choice).
func (c Checklist) Finish() Checklist {
	c.Done = c.Hours && c.Product && c.Terms && c.FirstBooking
	return c
}
