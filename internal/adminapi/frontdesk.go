package adminapi

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coder/websocket"

	"pitlane/internal/apperr"
	"pitlane/internal/frontdesk"
	"pitlane/internal/httpx"
)

// FrontDeskService is the counter's day: arrival marks and the Today view. *frontdesk.Service
// implements it.
type FrontDeskService interface {
	// MarkArrived marks a booking arrived. Returns apperr.Unprocessable (no reference or id, a bad key,
	// a cancelled booking), apperr.NotFound and apperr.Conflict (the key was used for another booking).
	MarkArrived(ctx context.Context, m frontdesk.Mark) (frontdesk.Arrival, error)
	// UndoArrival removes a booking's arrival mark. Returns apperr.Unprocessable and apperr.NotFound.
	UndoArrival(ctx context.Context, m frontdesk.Mark) (frontdesk.Arrival, error)
	// MarkNoShow marks a booking a no-show. Returns apperr.Unprocessable (no reference or id, cancelled,
	// no session, not started), apperr.NotFound and apperr.Conflict (marked arrived).
	MarkNoShow(ctx context.Context, m frontdesk.Mark) (frontdesk.Arrival, error)
	// FindBooking reads a booking for the check-in page by a scanned code or a typed reference. Returns
	// apperr.Unprocessable (neither, not a reference or code, an altered code) and apperr.NotFound.
	FindBooking(ctx context.Context, companyID int64, reference, code string) (frontdesk.Found, error)
	// Today reads a circuit-local day ("" for today). Returns apperr.Invalid and apperr.NotFound.
	Today(ctx context.Context, companyID int64, date string) (frontdesk.Day, error)
}

// LiveHub carries "something changed" signals to the back office's open Today views
// (*realtime.Hub implements it).
type LiveHub interface {
	// Join registers user as a viewer of key: the channel receives a value when another user views the
	// key or when a change is published under it; it is closed when the hub shuts down.
	Join(key, user string) (notify <-chan struct{}, leave func())
	// Publish tells every viewer of key, on every instance, that something changed under it.
	Publish(key string)
}

// DeskKey is the realtime key of a company's counter: every staff write of the company is published
// under it. AnyDeskKey is published by the customer side's writes (a booking, a payment, a cancel),
// which do not know the company cheaply: every open Today view reads its day again.
func DeskKey(companyID int64) string { return "desk" + strconv.FormatInt(companyID, 10) }

// AnyDeskKey: see DeskKey.
const AnyDeskKey = "desk*"

// checkInBody is schema CheckInRequest.
type checkInBody struct {
	IDCompany int64  `json:"idCompany"`
	BookingID int64  `json:"bookingId"`
	Reference string `json:"reference"`
	// Code is a scanned check code (frontdesk.CheckCode): its token must be the booking's.
	Code string `json:"code"`
}

// arrivalBody is schema ArrivalResult.
func arrivalBody(a frontdesk.Arrival) map[string]any {
	var at, by any
	if a.Arrived {
		at, by = a.ArrivedAt.Format(time.RFC3339), a.ArrivedBy
	}
	return map[string]any{"data": map[string]any{"bookingId": a.BookingID, "identifier": a.Identifier, "reference": a.Reference,
		"state": a.State, "arrived": a.Arrived, "arrivedAt": at, "arrivedBy": by, "alreadyArrived": a.AlreadyArrived,
		"replayed": a.Replayed, "paid": decimal(a.PaidCents), "due": decimal(a.DueCents), "noShow": a.NoShow}}
}

func (s *Server) frontDesk(w http.ResponseWriter, r *http.Request) (FrontDeskService, bool) {
	if s.deps.FrontDesk == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "The counter's day is not available."))
		return nil, false
	}
	return s.deps.FrontDesk, true
}

// mark decodes a check-in body into the mark of the scope's user.
func mark(w http.ResponseWriter, r *http.Request, sc Scope) (frontdesk.Mark, bool) {
	var body checkInBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return frontdesk.Mark{}, false
	}
	m, err := frontdesk.Scanned(frontdesk.Mark{CompanyID: sc.CompanyID, UserID: sc.UserID, UserEmail: sc.Email,
		BookingID: body.BookingID, Reference: body.Reference, IdempotencyKey: r.Header.Get("Idempotency-Key")}, body.Code)
	if err != nil {
		httpx.WriteError(w, r, err)
		return frontdesk.Mark{}, false
	}
	return m, true
}

// checkInLookupBody is schema CheckInLookupRequest.
type checkInLookupBody struct {
	IDCompany int64  `json:"idCompany"`
	Reference string `json:"reference"`
	Code      string `json:"code"`
}

// checkInLookup answers POST /api/admin/check-in-lookup (DESK): the booking a scanned code or a typed
// reference names, as the check-in page shows it (schema CheckInBooking).
func (s *Server) checkInLookup(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.frontDesk(w, r)
	if !ok {
		return
	}
	var body checkInLookupBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	f, err := svc.FindBooking(r.Context(), sc.CompanyID, body.Reference, body.Code)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := arrivalBody(f.Arrival)
	data := out["data"].(map[string]any)
	sessions := make([]map[string]any, 0, len(f.Sessions))
	for _, se := range f.Sessions {
		sessions = append(sessions, map[string]any{"date": se.Date, "time": se.Time, "name": se.Name, "product": se.Product,
			"drivers": se.Drivers})
	}
	data["name"], data["drivers"], data["total"], data["sessions"] = f.Name, f.Drivers, decimal(f.TotalCents), sessions
	httpx.WriteJSON(w, http.StatusOK, out)
}

// checkIn answers POST /api/admin/check-in (DESK).
func (s *Server) checkIn(w http.ResponseWriter, r *http.Request, sc Scope) {
	s.arrival(w, r, sc, FrontDeskService.MarkArrived)
}

// undoCheckIn answers POST /api/admin/undo-check-in (DESK).
func (s *Server) undoCheckIn(w http.ResponseWriter, r *http.Request, sc Scope) {
	s.arrival(w, r, sc, FrontDeskService.UndoArrival)
}

// markNoShow answers POST /api/admin/mark-no-show (DESK).
func (s *Server) markNoShow(w http.ResponseWriter, r *http.Request, sc Scope) {
	s.arrival(w, r, sc, FrontDeskService.MarkNoShow)
}

// arrival runs one change of a booking's arrival mark (op, a FrontDeskService method) on the request's
// mark and answers the arrival as it stands.
func (s *Server) arrival(w http.ResponseWriter, r *http.Request, sc Scope,
	op func(FrontDeskService, context.Context, frontdesk.Mark) (frontdesk.Arrival, error)) {
	svc, ok := s.frontDesk(w, r)
	if !ok {
		return
	}
	m, ok := mark(w, r, sc)
	if !ok {
		return
	}
	a, err := op(svc, r.Context(), m)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, arrivalBody(a))
}

// today answers GET /api/admin/today?idCompany=&date= (DESK): schema TodayView.
func (s *Server) today(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.frontDesk(w, r)
	if !ok {
		return
	}
	d, err := svc.Today(r.Context(), sc.CompanyID, r.URL.Query().Get("date"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	sessions := make([]map[string]any, 0, len(d.Sessions))
	for _, se := range d.Sessions {
		bookings := make([]map[string]any, 0, len(se.Bookings))
		for _, b := range se.Bookings {
			var at, by any
			if b.Arrived {
				at, by = b.ArrivedAt.Format(time.RFC3339), b.ArrivedBy
			}
			bookings = append(bookings, map[string]any{"id": b.ID, "identifier": b.Identifier, "reference": b.Reference,
				"name": b.Name, "phone": b.Phone, "email": b.Email, "drivers": b.Drivers, "total": decimal(b.TotalCents),
				"paid": decimal(b.PaidCents), "due": decimal(b.DueCents), "state": b.State, "source": b.Source,
				"paymentMode": b.PaymentMode, "arrived": b.Arrived, "arrivedAt": at, "arrivedBy": by, "noShow": b.NoShow})
		}
		var circuit any
		if se.CircuitID > 0 {
			circuit = se.CircuitID
		}
		products := se.Products
		if products == nil {
			products = []string{}
		}
		sessions = append(sessions, map[string]any{"kind": se.Kind, "circuitId": circuit, "name": se.Name, "products": products,
			"startsAt": se.StartsAt.Format(time.RFC3339), "localTime": se.LocalTime, "capacity": se.Capacity, "booked": se.Booked,
			"expectedDrivers": se.ExpectedDrivers, "arrivedDrivers": se.ArrivedDrivers, "bookings": bookings})
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"date": d.Date, "timeZone": d.TimeZone, "expectedDrivers": d.ExpectedDrivers,
		"arrivedDrivers": d.ArrivedDrivers, "sessions": sessions})
}

// The live socket's limits.
const (
	livePingInterval = 25 * time.Second
	liveWriteTimeout = 5 * time.Second
	liveMaxLifetime  = 2 * time.Hour // then the page reconnects
)

// live answers GET /api/admin/live?idCompany= (DESK): a websocket on which the server sends
// {"type":"changed"} whenever a booking, a payment, a check-in or any other write may have changed the
// company's day; a plain GET answers {"available": true}. The message carries no data: the page reads its view again through the API, under the
// same role checks. The socket is refused from another site's origin.
func (s *Server) live(w http.ResponseWriter, r *http.Request, sc Scope) {
	if s.deps.Live == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Live updates are not available."))
		return
	}
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		// Not a websocket: say that live updates are served here (schema LiveAvailability).
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"available": true})
		return
	}
	var origins []string
	for _, o := range s.deps.PublicOrigins {
		if u, err := url.Parse(o); err == nil && u.Host != "" {
			origins = append(origins, u.Host)
		}
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: origins})
	if err != nil {
		return // Accept has answered
	}
	defer c.CloseNow()
	c.SetReadLimit(512)
	ctx, cancel := context.WithTimeout(context.Background(), liveMaxLifetime)
	defer cancel()
	ctx = c.CloseRead(ctx) // the client says nothing; a close or an error ends ctx
	user := "staff-" + strconv.FormatInt(sc.UserID, 10) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	mine, leaveMine := s.deps.Live.Join(DeskKey(sc.CompanyID), user)
	defer leaveMine()
	others, leaveOthers := s.deps.Live.Join(AnyDeskKey, user)
	defer leaveOthers()
	ping := time.NewTicker(livePingInterval)
	defer ping.Stop()
	send := func() error {
		wctx, wcancel := context.WithTimeout(ctx, liveWriteTimeout)
		defer wcancel()
		return c.Write(wctx, websocket.MessageText, []byte(`{"type":"changed"}`))
	}
	for {
		var ok bool
		select {
		case <-ctx.Done():
			_ = c.Close(websocket.StatusGoingAway, "connection too old")
			return
		case _, ok = <-mine:
		case _, ok = <-others:
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.Ping(pctx)
			pcancel()
			if err != nil {
				return
			}
			continue
		}
		if !ok {
			_ = c.Close(websocket.StatusGoingAway, "server shutting down")
			return
		}
		if send() != nil {
			return
		}
	}
}

// statusWriter remembers the status a handler answered.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the writer beneath.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
