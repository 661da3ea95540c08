package adminapi

import "net/http"

// BillingService answers the billing section: sales and refunds between dates, and refunds.
type BillingService interface{}

func (s *Server) retrieveBilling(w http.ResponseWriter, r *http.Request, sc Scope) { notBuilt(w, r) }
func (s *Server) exportBilling(w http.ResponseWriter, r *http.Request, sc Scope)   { notBuilt(w, r) }
func (s *Server) executeRefund(w http.ResponseWriter, r *http.Request, sc Scope)   { notBuilt(w, r) }
