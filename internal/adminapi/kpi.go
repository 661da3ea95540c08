package adminapi

import (
	"context"
	"net/http"
	"strconv"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
	"pitlane/internal/report"
)

// ReportService computes the KPI figures and their daily series (internal/report). Every method reads
// only the company it is given. Returns apperr.NotFound if the company does not exist.
type ReportService interface {
	Billing(ctx context.Context, companyID int64, p report.Period) (report.KPI, error)
	Tickets(ctx context.Context, companyID int64, p report.Period) (report.KPI, error)
	TicketAverage(ctx context.Context, companyID int64, p report.Period) (report.KPI, error)
	Members(ctx context.Context, companyID int64) (report.KPI, error)
	NewMembers(ctx context.Context, companyID int64, p report.Period) (report.KPI, error)
	OldMembers(ctx context.Context, companyID int64, p report.Period) (report.KPI, error)
	Participants(ctx context.Context, companyID int64, p report.Period, age, session bool) (report.KPI, error)
	Series(ctx context.Context, companyID int64, p report.Period) (report.Series, error)
	Waitlist(ctx context.Context, companyID int64, p report.Period) (report.WaitlistKPI, error)
}

func toKPIJSON(k report.KPI) kpiJSON {
	return kpiJSON{Total: k.Total, Average: k.Average, Previous: k.Previous, Increment: k.Increment,
		SimbolCoinType: k.Symbol, AverageAge: k.AverageAge, AverageSession: k.AverageSession}
}

// kpiWaitlist answers GET /api/kpi/waitlist: the period's entries, offers, offers taken and their revenue.
func (s *Server) kpiWaitlist(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, p, ok := s.reportPeriod(w, r, false)
	if !ok {
		return
	}
	k, err := svc.Waitlist(r.Context(), sc.CompanyID, p)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]kpiJSON{"entries": toKPIJSON(k.Entries), "offers": toKPIJSON(k.Offers),
		"taken": toKPIJSON(k.Taken), "revenue": toKPIJSON(k.Revenue)})
}

// kpiJSON is the Kpi schema of docs/openapi.yaml.
type kpiJSON struct {
	Total          float64 `json:"total"`
	Average        float64 `json:"average"`
	Previous       float64 `json:"previous"`
	Increment      float64 `json:"increment"`
	SimbolCoinType string  `json:"simbolCoinType"`
	AverageAge     float64 `json:"averageAge"`
	AverageSession float64 `json:"averageSession"`
}

// seriesDayJSON is one day of the KpiSeries schema.
type seriesDayJSON struct {
	Date            string  `json:"date"`
	PreviousDate    *string `json:"previousDate"`
	Billing         float64 `json:"billing"`
	PreviousBilling float64 `json:"previousBilling"`
	Drivers         int64   `json:"drivers"`
	PreviousDrivers int64   `json:"previousDrivers"`
	Tickets         int64   `json:"tickets"`
	TicketAverage   float64 `json:"ticketAverage"`
}

// kpiBillingQuery is the KpiBillingQuery schema.
type kpiBillingQuery struct {
	State     string `json:"state"`
	IDCompany int64  `json:"idCompany"`
	DateStart string `json:"dateStart"`
	DateEnd   string `json:"dateEnd"`
	Previous  string `json:"previous"`
}

// reports returns the KPI service, or the 503 error when the server was built without one.
func (s *Server) reports() (ReportService, error) {
	if s.deps.Reports == nil {
		return nil, apperr.New(apperr.Unavailable, "KPIs are not available on this server.")
	}
	return s.deps.Reports, nil
}

// writeKPI answers with a KPI, or with the error.
func writeKPI(w http.ResponseWriter, r *http.Request, k report.KPI, err error) {
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, kpiJSON{Total: k.Total, Average: k.Average, Previous: k.Previous,
		Increment: k.Increment, SimbolCoinType: k.Symbol, AverageAge: k.AverageAge, AverageSession: k.AverageSession})
}

// period reads a KPI period from two date strings and the comparison it is to be read with (the
// previous field: before, week, month or year; empty is before): 400 when missing or malformed, 422
// when the start is after the end, the period is longer than report.MaxDays or does not fit the
// comparison.
func period(startField, start, endField, end, previous string) (report.Period, error) {
	fe := apperr.FieldErrors{}
	if start == "" {
		fe[startField] = "required"
	}
	if end == "" {
		fe[endField] = "required"
	}
	if len(fe) > 0 {
		return report.Period{}, apperr.WithFields(apperr.Invalid, "The period is incomplete.", fe)
	}
	a, err := report.ParseDate(startField, start)
	if err != nil {
		return report.Period{}, err
	}
	b, err := report.ParseDate(endField, end)
	if err != nil {
		return report.Period{}, err
	}
	c, err := report.ParseCompare("previous", previous)
	if err != nil {
		return report.Period{}, err
	}
	p, err := report.NewPeriod(a, b)
	if err != nil {
		return p, err
	}
	return p.WithCompare("previous", c)
}

// checkState accepts the sales state filter: absent or 'cerrado' (settled), the only one the back
// office asks for.
func checkState(state string) error {
	if state != "" && state != "cerrado" {
		return apperr.WithFields(apperr.Invalid, "The state is not known.", map[string]string{"state": "must be cerrado"})
	}
	return nil
}

// queryPeriod reads the period of a KPI call's start and end query parameters.
func queryPeriod(r *http.Request) (report.Period, error) {
	q := r.URL.Query()
	return period("start", q.Get("start"), "end", q.Get("end"), q.Get("previous"))
}

// queryFlag reads an optional boolean query parameter (absent: false).
func queryFlag(r *http.Request, name string) (bool, error) {
	raw := r.URL.Query().Get(name)
	if raw == "" {
		return false, nil
	}
	v, err := strconv.ParseBool(raw)
	if err != nil {
		return false, apperr.WithFields(apperr.Invalid, "A flag is malformed.", map[string]string{name: "must be true or false"})
	}
	return v, nil
}

// kpiTotalBilling answers POST /api/kpi/ticket/totalBilling: the period's settled sales less refunds.
func (s *Server) kpiTotalBilling(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, err := s.reports()
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var in kpiBillingQuery
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := checkState(in.State); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := period("dateStart", in.DateStart, "dateEnd", in.DateEnd, in.Previous)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	k, err := svc.Billing(r.Context(), sc.CompanyID, p)
	writeKPI(w, r, k, err)
}

// kpiPeriodCall is the shape of the GET KPI calls that take a state and a period.
func (s *Server) kpiPeriodCall(w http.ResponseWriter, r *http.Request, sc Scope,
	fn func(ReportService, context.Context, int64, report.Period) (report.KPI, error)) {
	svc, p, ok := s.reportPeriod(w, r, true)
	if !ok {
		return
	}
	k, err := fn(svc, r.Context(), sc.CompanyID, p)
	writeKPI(w, r, k, err)
}

// reportPeriod is the start of a KPI call over a period: the report service and the query's period
// (and, withState, a valid state), or false once the error is written.
func (s *Server) reportPeriod(w http.ResponseWriter, r *http.Request, withState bool) (ReportService, report.Period, bool) {
	svc, err := s.reports()
	if err == nil && withState {
		err = checkState(r.URL.Query().Get("state"))
	}
	var p report.Period
	if err == nil {
		p, err = queryPeriod(r)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return nil, p, false
	}
	return svc, p, true
}

// kpiTickets answers GET /api/kpi/ticket: the tickets (settled bookings) sold in the period.
func (s *Server) kpiTickets(w http.ResponseWriter, r *http.Request, sc Scope) {
	s.kpiPeriodCall(w, r, sc, ReportService.Tickets)
}

// kpiTicketAverage answers GET /api/kpi/ticket/average: the period's average ticket amount.
func (s *Server) kpiTicketAverage(w http.ResponseWriter, r *http.Request, sc Scope) {
	s.kpiPeriodCall(w, r, sc, ReportService.TicketAverage)
}

// kpiMembers answers GET /api/kpi/member: the company's members.
func (s *Server) kpiMembers(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, err := s.reports()
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	k, err := svc.Members(r.Context(), sc.CompanyID)
	writeKPI(w, r, k, err)
}

// kpiMembersByAge answers GET /api/kpi/member/{old|new}: members who joined before the period, or in it.
func (s *Server) kpiMembersByAge(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, err := s.reports()
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var fn func(context.Context, int64, report.Period) (report.KPI, error)
	switch r.PathValue("kind") {
	case "new":
		fn = svc.NewMembers
	case "old":
		fn = svc.OldMembers
	default:
		httpx.WriteError(w, r, apperr.New(apperr.NotFound, "Members are counted as old or new."))
		return
	}
	q := r.URL.Query()
	end := q.Get("end")
	if end == "" {
		end = q.Get("date")
	}
	p, err := period("date", q.Get("date"), "end", end, q.Get("previous"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	k, err := fn(r.Context(), sc.CompanyID, p)
	writeKPI(w, r, k, err)
}

// kpiParticipants answers GET /api/kpi/participant: the drivers of the period's sessions, with their
// average age (age=true) and the average drivers per session (session=true).
func (s *Server) kpiParticipants(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, err := s.reports()
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	age, err := queryFlag(r, "age")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	session, err := queryFlag(r, "session")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := queryPeriod(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	k, err := svc.Participants(r.Context(), sc.CompanyID, p, age, session)
	writeKPI(w, r, k, err)
}

// kpiSeries answers GET /api/kpi/series: a value per day of the period and of the previous one.
func (s *Server) kpiSeries(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, err := s.reports()
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := queryPeriod(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	series, err := svc.Series(r.Context(), sc.CompanyID, p)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	days := make([]seriesDayJSON, len(series.Days))
	for i, d := range series.Days {
		days[i] = seriesDayJSON{Date: d.Date.String(),
			Billing: d.Billing, PreviousBilling: d.PreviousBilling, Drivers: d.Drivers, PreviousDrivers: d.PreviousDrivers,
			Tickets: d.Tickets, TicketAverage: d.TicketAverage}
		if d.HasPrevious {
			pd := d.PreviousDate.String()
			days[i].PreviousDate = &pd
		}
	}
	httpx.WriteJSON(w, http.StatusOK, struct {
		SimbolCoinType string          `json:"simbolCoinType"`
		Days           []seriesDayJSON `json:"days"`
	}{series.Symbol, days})
}
