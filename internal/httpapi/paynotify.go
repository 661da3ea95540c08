package httpapi

import (
	"errors"
	"io"
	"log/slog"
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
)

// notifyAck is the answer to a provider's notification.
type notifyAck struct {
	Received  bool `json:"received"`
	Duplicate bool `json:"duplicate"`
}

// postPaymentNotify answers POST /api/payment/notify/{provider}: a provider's signed notification. The
// raw body (at most 64 KiB) is verified by the provider's gateway; a bad signature or a stale or
// malformed message is a 400 and changes nothing. A notification is applied once; repeats answer 200.
func (s *Server) postPaymentNotify(w http.ResponseWriter, r *http.Request) {
	provider := r.PathValue("provider")
	gw, ok := s.deps.Checkout.Gateway(provider)
	if !ok {
		writeError(w, r, apperr.New(apperr.NotFound, "No payment provider %q.", provider))
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, checkout.MaxNotificationBytes+1))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig) || len(body) > checkout.MaxNotificationBytes:
		writeError(w, r, apperr.New(apperr.Invalid, "The notification is larger than %d bytes.", checkout.MaxNotificationBytes))
		return
	case err != nil:
		writeError(w, r, apperr.New(apperr.Invalid, "The notification could not be read."))
		return
	}
	n, relevant, err := gw.ParseNotification(r, body)
	if err != nil {
		logger(r.Context()).LogAttrs(r.Context(), slog.LevelWarn, "payment notification rejected",
			slog.String("provider", provider), slog.String("error", err.Error()))
		if apperr.CodeOf(err) != apperr.Invalid {
			err = apperr.New(apperr.Invalid, "The notification could not be verified.")
		}
		writeError(w, r, err)
		return
	}
	if !relevant {
		writeJSON(w, http.StatusOK, notifyAck{Received: true})
		return
	}
	applied, err := s.deps.Checkout.ApplyNotification(r.Context(), provider, n, body)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, notifyAck{Received: true, Duplicate: applied.Duplicate})
}
