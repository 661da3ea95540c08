package httpapi

import "net/http"

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
