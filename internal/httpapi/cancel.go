package httpapi

import (
	"net/http"
	"net/url"

	"pitlane/internal/apperr"
)

// getCancelPreview answers GET /api/booking/cancel/{cancelToken}: the booking, whether it may be
// cancelled and what cancelling means for the money. It changes nothing, so a mail scanner or a link
// preview that opens the link cancels nothing.
func (s *Server) getCancelPreview(w http.ResponseWriter, r *http.Request) {
	v, err := s.deps.Checkout.CancelPreview(r.Context(), r.PathValue("cancelToken"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, v)
}

// postCancel answers POST /api/booking/cancel/{cancelToken}: it cancels the booking under the
// company's refund policy and answers the booking's view. A repeated POST (a double click, a second
// tab) answers the same view and refunds nothing more.
func (s *Server) postCancel(w http.ResponseWriter, r *http.Request) {
	v, _, err := s.deps.Checkout.Cancel(r.Context(), r.PathValue("cancelToken"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, v)
}

// getCancelBookingByGet answers GET /api/booking/cancelBooking/{cancelToken}, the older address that
// once cancelled on a GET (which mail scanners and link previews send too): 405, Allow: POST, and a
// Link to the cancel call, whose GET shows the booking and whose POST cancels it. Nothing changes.
func (s *Server) getCancelBookingByGet(w http.ResponseWriter, r *http.Request) {
	next := "/api/booking/cancel/" + url.PathEscape(r.PathValue("cancelToken"))
	w.Header().Set("Allow", http.MethodPost)
	w.Header().Set("Link", "<"+next+`>; rel="alternate"`)
	w.Header().Set("Cache-Control", "no-store")
	writeError(w, r, apperr.New(apperr.MethodNotAllowed, "A GET cancels nothing: cancel with POST %s (its GET shows the booking).", next))
}
