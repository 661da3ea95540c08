package httpapi

import (
	"net/http"

	"pitlane/internal/checkout"
)

// postSaveBooking answers POST /api/booking/saveBooking with the save-booking payload. An
// Idempotency-Key header makes a retry return the first answer.
func (s *Server) postSaveBooking(w http.ResponseWriter, r *http.Request) {
	var req checkout.SaveRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	res, err := s.deps.Checkout.SaveTaken(r.Context(), req, r.Header.Get("Idempotency-Key"), s.staffTaker(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// getBookingStatus answers GET /api/booking/status/{identifier}: the return page's truth.
func (s *Server) getBookingStatus(w http.ResponseWriter, r *http.Request) {
	v, err := s.deps.Checkout.Status(r.Context(), r.PathValue("identifier"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// getCancelBooking answers GET /api/booking/cancelBooking/{cancelToken}.
func (s *Server) getCancelBooking(w http.ResponseWriter, r *http.Request) {
	res, err := s.deps.Checkout.CancelByToken(r.Context(), r.PathValue("cancelToken"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}
