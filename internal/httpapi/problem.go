package httpapi

import (
	"context"
	"net/http"

	"pitlane/internal/captcha"
	"pitlane/internal/problem"
)

// CaptchaService issues proof-of-work challenges for the ALTCHA widget.
type CaptchaService interface {
	// Challenge returns a new signed challenge.
	Challenge(ctx context.Context) (captcha.Challenge, error)
}

// ProblemService takes problem reports.
type ProblemService interface {
	// Send checks, stores and mails a report. Returns apperr.Unprocessable (field errors, the captcha
	// included) and apperr.NotFound for an unknown company.
	Send(ctx context.Context, req problem.Request) error
}

// getCaptchaChallenge answers GET /api/captcha/challenge with an ALTCHA challenge.
func (s *Server) getCaptchaChallenge(w http.ResponseWriter, r *http.Request) {
	c, err := s.deps.Captcha.Challenge(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// postProblemReport answers POST /api/emails/sendProblemReport {subject, text, replyEmail?, captcha,
// idCompany?, page?} with 201 {received: true}.
func (s *Server) postProblemReport(w http.ResponseWriter, r *http.Request) {
	var req problem.Request
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.deps.Problems.Send(r.Context(), req); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]bool{"received": true})
}
