package adminapi

import (
	"bufio"
	"context"
	"net/http"
	"strconv"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/httpx"
)

// BookingsService answers the bookings section: the list, its export, cart details, the booking's
// master data, members, and staff cancellation. checkout.Service implements it: staff and customers
// meet in the same domain service.
type BookingsService interface {
	// StaffBookingsRange checks a query against the company's limits, for the list and its export.
	StaffBookingsRange(ctx context.Context, companyID int64, q checkout.BookingsQuery) (checkout.BookingRange, error)
	// StaffEachBooking streams the bookings of a checked range and returns their totals.
	StaffEachBooking(ctx context.Context, r checkout.BookingRange, fn func(checkout.BookingRow) error) (checkout.BookingTotals, error)
	// StaffCartDetails returns one sale's lines by booking identifier or cart token.
	StaffCartDetails(ctx context.Context, companyID int64, token string) (checkout.CartDetails, error)
	// StaffMasterData returns the whole booking.
	StaffMasterData(ctx context.Context, companyID, bookingID int64) (checkout.MasterData, error)
	// StaffMember returns a member of the company.
	StaffMember(ctx context.Context, companyID, memberID int64) (checkout.StaffMember, error)
	// StaffCancel cancels a booking of the company on behalf of a staff user.
	StaffCancel(ctx context.Context, companyID, bookingID int64, by checkout.Actor) (checkout.StaffCancelled, error)
	// StaffCancelRefund cancels a booking of the company and gives back everything paid in one step.
	// Returns apperr.NotFound, apperr.Conflict (may not cancel) and apperr.Unprocessable (no refund now).
	StaffCancelRefund(ctx context.Context, companyID, bookingID int64, by checkout.Actor) (checkout.StaffCancelledRefund, error)
	// StaffCancelCredit cancels a booking of the company and keeps everything paid as a credit note.
	// Returns apperr.NotFound, apperr.Conflict and apperr.Unprocessable (nothing paid to keep).
	StaffCancelCredit(ctx context.Context, companyID, bookingID int64, by checkout.Actor) (checkout.StaffCancelledCredit, error)
	// StaffResendConfirmation queues the booking's confirmation mail again. Returns apperr.NotFound,
	// apperr.Conflict (cancelled, not confirmed yet) and apperr.Unprocessable (no e-mail address).
	StaffResendConfirmation(ctx context.Context, companyID, bookingID int64, by checkout.Actor) (checkout.Resent, error)
	// StaffUpdateContact edits the booking's contact. Returns apperr.NotFound and apperr.Unprocessable.
	StaffUpdateContact(ctx context.Context, companyID, bookingID int64, c checkout.ContactEdit, by checkout.Actor) (checkout.ContactEdit, error)
}

// bookingsSvc returns the bookings service, or answers 503 when the server was built without one.
func (s *Server) bookingsSvc(w http.ResponseWriter, r *http.Request) (BookingsService, bool) {
	if s.deps.Bookings == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "The back office's bookings are not available on this server."))
		return nil, false
	}
	return s.deps.Bookings, true
}

// retrieveBookings answers POST /api/admin/retrieve-bookings: {"data": [rows…], "totals": {…}}, each row
// written as it is read from the database (a busy month is tens of thousands of rows: none is held
// longer than it takes to encode it). The query is checked before anything is sent, so bad input is a
// JSON error; a failure after the answer has started cuts the connection, so the client never takes a
// truncated list for a whole one.
func (s *Server) retrieveBookings(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.bookingsSvc(w, r)
	if !ok {
		return
	}
	var q checkout.BookingsQuery
	if err := httpx.DecodeJSON(r, &q); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	rng, err := svc.StaffBookingsRange(r.Context(), sc.CompanyID, q)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := httpx.NewStream(w, func(w http.ResponseWriter) { httpx.JSONHeaders(w, http.StatusOK) })
	buf := bufio.NewWriterSize(out, 64<<10)
	_, _ = buf.WriteString(`{"data":[`)
	var row []byte
	totals, err := svc.StaffEachBooking(r.Context(), rng, func(b checkout.BookingRow) error {
		if row != nil {
			row = append(row[:0], ',')
		}
		row = b.AppendJSON(row)
		_, err := buf.Write(row)
		return err
	})
	if err == nil {
		_, _ = buf.WriteString(`],"totals":`)
		_, _ = buf.Write(totals.AppendJSON(nil))
		_, _ = buf.WriteString("}\n")
		err = buf.Flush()
	}
	if err != nil {
		out.Fail(r, "bookings list", err)
	}
}

// cartDetails answers POST /api/admin/retrieveShoppingCartDetails.
func (s *Server) cartDetails(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.bookingsSvc(w, r)
	if !ok {
		return
	}
	var q struct {
		IDCompany int64  `json:"idCompany"`
		Token     string `json:"token"`
	}
	if err := httpx.DecodeJSON(r, &q); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	d, err := svc.StaffCartDetails(r.Context(), sc.CompanyID, q.Token)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": d})
}

// bookingMasterData answers GET /api/booking/master-data/{id}.
func (s *Server) bookingMasterData(w http.ResponseWriter, r *http.Request, sc Scope) {
	s.answerByID(w, r, func(svc BookingsService, id int64) (any, error) {
		return svc.StaffMasterData(r.Context(), sc.CompanyID, id)
	})
}

// member answers GET /api/private/member/{id}.
func (s *Server) member(w http.ResponseWriter, r *http.Request, sc Scope) {
	s.answerByID(w, r, func(svc BookingsService, id int64) (any, error) {
		return svc.StaffMember(r.Context(), sc.CompanyID, id)
	})
}

// cancelBooking answers DELETE /api/private/cancelBooking/{id}.
func (s *Server) cancelBooking(w http.ResponseWriter, r *http.Request, sc Scope) {
	s.answerByID(w, r, func(svc BookingsService, id int64) (any, error) {
		out, err := svc.StaffCancel(r.Context(), sc.CompanyID, id, checkout.Actor{UserID: sc.UserID, Email: sc.Email})
		if err != nil {
			return nil, err
		}
		return map[string]any{"data": out}, nil
	})
}

// answerByID is the shape of the calls on one booking or member named by the path's {id}: the
// service's answer as 200 JSON, or the error's status. The closure carries the staff member's company.
func (s *Server) answerByID(w http.ResponseWriter, r *http.Request, get func(svc BookingsService, id int64) (any, error)) {
	svc, ok := s.bookingsSvc(w, r)
	if !ok {
		return
	}
	id, err := bookingPathID(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	v, err := get(svc, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, v)
}

// bookingPathID reads the positive integer {id} of the path. Returns apperr.Invalid otherwise.
func bookingPathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, apperr.WithFields(apperr.Invalid, "The id is malformed.", map[string]string{"id": "must be a positive integer"})
	}
	return id, nil
}
