package adminapi

import (
	"context"
	"encoding/json"
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
	IDCompany            int64          `json:"idCompany"`
	ImgLeftDefault       requiredString `json:"imgLeftDefault"`
	ImgRightDefault      requiredString `json:"imgRightDefault"`
	ImgLeftENG           requiredString `json:"imgLeftENG"`
	ImgRightENG          requiredString `json:"imgRightENG"`
	HyperlinkLeft        requiredString `json:"hyperlinkLeft"`
	HyperlinkRight       requiredString `json:"hyperlinkRight"`
	IsActive             *bool          `json:"isActive"`
	DefaultKioskLanguage *string        `json:"defaultKioskLanguage"`
	KioskIdleSeconds     *int           `json:"kioskIdleSeconds"`
}

// requiredString is a required, nullable text of a body: null (none) and absent are told apart, because
// a field left out must not be read as "none" and erase what is stored.
type requiredString struct {
	Present bool
	Value   *string
}

// UnmarshalJSON implements json.Unmarshaler; it is called for null too.
func (s *requiredString) UnmarshalJSON(raw []byte) error {
	s.Present = true
	return json.Unmarshal(raw, &s.Value)
}

// missing is the 422 naming each required field of fields that the body left out, or nil.
func (b *updatePubliBody) missing() error {
	fe := map[string]string{}
	for _, f := range []struct {
		name string
		v    requiredString
	}{{"imgLeftDefault", b.ImgLeftDefault}, {"imgRightDefault", b.ImgRightDefault}, {"imgLeftENG", b.ImgLeftENG},
		{"imgRightENG", b.ImgRightENG}, {"hyperlinkLeft", b.HyperlinkLeft}, {"hyperlinkRight", b.HyperlinkRight}} {
		if !f.v.Present {
			fe[f.name] = "required (null for none)"
		}
	}
	if len(fe) == 0 {
		return nil
	}
	return apperr.WithFields(apperr.Unprocessable, "Some advertising fields are missing; nothing was changed.", fe)
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
	if err := b.missing(); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	ch, err := svc.UpdatePubli(r.Context(), sc.CompanyID, company.PubliUpdate{ImgLeftDefault: b.ImgLeftDefault.Value,
		ImgRightDefault: b.ImgRightDefault.Value, ImgLeftENG: b.ImgLeftENG.Value, ImgRightENG: b.ImgRightENG.Value,
		HyperlinkLeft: b.HyperlinkLeft.Value, HyperlinkRight: b.HyperlinkRight.Value, IsActive: b.IsActive,
		KioskLanguage: b.DefaultKioskLanguage, KioskIdleSeconds: b.KioskIdleSeconds}, sc.Staff)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"publi": ch.Publi,
		"defaultKioskLanguage": ch.KioskLanguage, "kioskIdleSeconds": ch.KioskIdleSeconds})
}
