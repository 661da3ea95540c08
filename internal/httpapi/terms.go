package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"pitlane/internal/apperr"
	"pitlane/internal/terms"
)

// TermsService answers the terms and conditions of a company.
type TermsService interface {
	// ForCulture returns the company's terms in the culture or the best fallback. Returns
	// apperr.Invalid for a malformed id or culture and apperr.NotFound for an unknown company or one
	// without terms.
	ForCulture(ctx context.Context, companyID int64, culture string) (terms.Terms, error)
}

// getTerms answers GET /api/termsAndConditions/{idCompany}/{culture} with {text, culture}, culture
// being the one the text is written in.
func (s *Server) getTerms(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("idCompany"), 10, 64)
	if err != nil || id < 1 {
		writeError(w, r, apperr.WithFields(apperr.Invalid, "The company id is malformed.",
			map[string]string{"idCompany": "must be a positive integer"}))
		return
	}
	t, err := s.deps.Terms.ForCulture(r.Context(), id, r.PathValue("culture"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}
