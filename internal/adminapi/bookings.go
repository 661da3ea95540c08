package adminapi

import "net/http"

// BookingsService answers the bookings section: the list, its export, cart details, the booking's
// master data, members, and staff cancellation.
type BookingsService interface{}

func (s *Server) retrieveBookings(w http.ResponseWriter, r *http.Request, sc Scope)  { notBuilt(w, r) }
func (s *Server) exportBookings(w http.ResponseWriter, r *http.Request, sc Scope)    { notBuilt(w, r) }
func (s *Server) cartDetails(w http.ResponseWriter, r *http.Request, sc Scope)       { notBuilt(w, r) }
func (s *Server) bookingMasterData(w http.ResponseWriter, r *http.Request, sc Scope) { notBuilt(w, r) }
func (s *Server) member(w http.ResponseWriter, r *http.Request, sc Scope)            { notBuilt(w, r) }
func (s *Server) cancelBooking(w http.ResponseWriter, r *http.Request, sc Scope)     { notBuilt(w, r) }
