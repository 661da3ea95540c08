package httpapi

import (
	"mime"
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

// getBookingSummary answers GET /api/booking/summary/{identifier}: the done page's account of a booking.
func (s *Server) getBookingSummary(w http.ResponseWriter, r *http.Request) {
	v, err := s.deps.Checkout.Summary(r.Context(), r.PathValue("identifier"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// getBookingCalendar answers GET /api/booking/ics/{identifier}: the booking's .ics file, the same as the
// confirmation mail's attachment, as a download.
func (s *Server) getBookingCalendar(w http.ResponseWriter, r *http.Request) {
	att, err := s.deps.Checkout.Calendar(r.Context(), r.PathValue("identifier"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", att.ContentType)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": att.Name}))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(att.Data)
}
