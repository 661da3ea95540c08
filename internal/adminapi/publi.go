package adminapi

import (
	"context"
	"net/http"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/company"
	"pitlane/internal/httpx"
)

// PubliAdmin runs the advertising dialog's calls. *company.PubliService implements it.
type PubliAdmin interface {
	// UploadPhoto checks and stores an advertising image and returns its address. Returns
	// apperr.Invalid (not base64) or apperr.Unprocessable (not a 300×700 PNG of at most 0.5 MB).
	UploadPhoto(ctx context.Context, companyID int64, name, photo string, by account.Staff) (string, error)
	// UpdatePubli sets the company's advertising and kiosk settings, audited as by. Returns
	// apperr.Unprocessable with a field per broken rule.
	UpdatePubli(ctx context.Context, companyID int64, u company.PubliUpdate, by account.Staff) (company.PubliChange, error)
}

// publiPhotoBody is schema PubliPhotoRequest.
type publiPhotoBody struct {
	IDCompany int64  `json:"idCompany"`
	Name      string `json:"name"`
	Photo     string `json:"photo"`
}

// updatePubliBody is schema UpdatePubliRequest.
type updatePubliBody struct {
	IDCompany            int64   `json:"idCompany"`
	ImgLeftDefault       *string `json:"imgLeftDefault"`
	ImgRightDefault      *string `json:"imgRightDefault"`
	ImgLeftENG           *string `json:"imgLeftENG"`
	ImgRightENG          *string `json:"imgRightENG"`
	HyperlinkLeft        *string `json:"hyperlinkLeft"`
	HyperlinkRight       *string `json:"hyperlinkRight"`
	IsActive             *bool   `json:"isActive"`
	DefaultKioskLanguage *string `json:"defaultKioskLanguage"`
	KioskIdleSeconds     *int    `json:"kioskIdleSeconds"`
}

func (s *Server) publiSvc(w http.ResponseWriter, r *http.Request) (PubliAdmin, bool) {
	if s.deps.Publi == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Advertising is not available on this server."))
		return nil, false
	}
	return s.deps.Publi, true
}

// publiPhoto answers POST /api/publi/photo.
func (s *Server) publiPhoto(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.publiSvc(w, r)
	if !ok {
		return
	}
	var body publiPhotoBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	url, err := svc.UploadPhoto(r.Context(), sc.CompanyID, body.Name, body.Photo, sc.Staff)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]string{"url": url})
}

// updatePubli answers POST /api/company/updatePubli.
func (s *Server) updatePubli(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.publiSvc(w, r)
	if !ok {
		return
	}
	var b updatePubliBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	ch, err := svc.UpdatePubli(r.Context(), sc.CompanyID, company.PubliUpdate{ImgLeftDefault: b.ImgLeftDefault,
		ImgRightDefault: b.ImgRightDefault, ImgLeftENG: b.ImgLeftENG, ImgRightENG: b.ImgRightENG,
		HyperlinkLeft: b.HyperlinkLeft, HyperlinkRight: b.HyperlinkRight, IsActive: b.IsActive,
		KioskLanguage: b.DefaultKioskLanguage, KioskIdleSeconds: b.KioskIdleSeconds}, sc.Staff)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"publi": ch.Publi,
		"defaultKioskLanguage": ch.KioskLanguage, "kioskIdleSeconds": ch.KioskIdleSeconds})
}
