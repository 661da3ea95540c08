package adminapi

import "net/http"

// ReportService computes the KPI figures and their daily series.
type ReportService interface{}

func (s *Server) kpiTotalBilling(w http.ResponseWriter, r *http.Request, sc Scope)  { notBuilt(w, r) }
func (s *Server) kpiTickets(w http.ResponseWriter, r *http.Request, sc Scope)       { notBuilt(w, r) }
func (s *Server) kpiTicketAverage(w http.ResponseWriter, r *http.Request, sc Scope) { notBuilt(w, r) }
func (s *Server) kpiMembers(w http.ResponseWriter, r *http.Request, sc Scope)       { notBuilt(w, r) }
func (s *Server) kpiMembersByAge(w http.ResponseWriter, r *http.Request, sc Scope)  { notBuilt(w, r) }
func (s *Server) kpiParticipants(w http.ResponseWriter, r *http.Request, sc Scope)  { notBuilt(w, r) }
func (s *Server) kpiSeries(w http.ResponseWriter, r *http.Request, sc Scope)        { notBuilt(w, r) }
