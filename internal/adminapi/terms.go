package adminapi

import (
	"context"
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
	"pitlane/internal/terms"
)

// TermsService is the Terms tab of the settings dialog (terms.Admin implements it).
type TermsService interface {
	List(ctx context.Context, companyID int64) (terms.Company, error)
	Save(ctx context.Context, companyID int64, culture, text string, userID int64, email string) (terms.Company, error)
	Starter(ctx context.Context, companyID int64, culture string) (terms.Terms, error)
}

// termsList is schema TermsList.
type termsList struct {
	DefaultCulture string        `json:"defaultCulture"`
	Cultures       []string      `json:"cultures"`
	Terms          []terms.Terms `json:"terms"`
}

func viewTerms(c terms.Company) termsList {
	out := termsList{DefaultCulture: c.DefaultCulture, Cultures: terms.Cultures(), Terms: c.Terms}
	if out.Terms == nil {
		out.Terms = []terms.Terms{}
	}
	return out
}

// termsService returns the terms editor, or writes 503 when the server has none.
func (s *Server) termsService(w http.ResponseWriter, r *http.Request) TermsService {
	return available(w, r, s.deps.Terms, "The terms are not available on this server.")
}

// listTerms is GET /api/admin/terms.
func (s *Server) listTerms(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.termsService(w, r)
	if svc == nil {
		return
	}
	c, err := svc.List(r.Context(), sc.CompanyID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, viewTerms(c))
}

// saveTerms is PUT /api/admin/terms.
func (s *Server) saveTerms(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.termsService(w, r)
	if svc == nil {
		return
	}
	var in struct {
		IDCompany int64  `json:"idCompany"` // may name the company here as well as in the query (scope.go)
		Culture   string `json:"culture"`
		Text      string `json:"text"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	c, err := svc.Save(r.Context(), sc.CompanyID, in.Culture, in.Text, sc.UserID, sc.Email)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, viewTerms(c))
}

// termsStarter is GET /api/admin/terms/starter.
func (s *Server) termsStarter(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc := s.termsService(w, r)
	if svc == nil {
		return
	}
	culture := r.URL.Query().Get("culture")
	if culture == "" || len(culture) > 20 {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "The request is malformed.", map[string]string{"culture": "required, such as es-ES"}))
		return
	}
	t, err := svc.Starter(r.Context(), sc.CompanyID, culture)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, t)
}
