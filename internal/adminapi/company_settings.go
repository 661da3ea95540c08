package adminapi

import (
	"context"
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
	"pitlane/internal/httpx"
	"pitlane/internal/setup"
)

// CompanySettingsService runs the Company tab (company.SettingsService implements it).
type CompanySettingsService interface {
	// Settings returns the company's settings. Returns apperr.NotFound if there is no such company.
	Settings(ctx context.Context, companyID int64) (company.Settings, error)
	// Save changes the fields the patch names and no other. Returns apperr.Unprocessable with a field
	// error per broken rule (nothing saved).
	Save(ctx context.Context, companyID int64, p company.SettingsPatch, by company.Actor) (company.Settings, error)
}

// InstallationsService runs the installations screen (setup.Installations implements it).
type InstallationsService interface {
	// List returns the company's installations and circuits.
	List(ctx context.Context, companyID int64) ([]setup.InstallationItem, error)
	// Create adds an installation. Returns apperr.Unprocessable (fields), apperr.Conflict (name taken).
	Create(ctx context.Context, companyID int64, in setup.NewInstallation, by setup.Actor) (setup.InstallationItem, error)
	// AddCircuit adds a circuit and its variant. Returns apperr.Unprocessable, apperr.NotFound, apperr.Conflict.
	AddCircuit(ctx context.Context, companyID, installationID int64, name string, by setup.Actor) (setup.CircuitItem, error)
	// RenameCircuit renames a circuit. Returns apperr.Unprocessable, apperr.NotFound, apperr.Conflict.
	RenameCircuit(ctx context.Context, companyID, circuitID int64, name string, by setup.Actor) (setup.CircuitItem, error)
}

// companySettingsPatch is schema CompanySettingsPatch: a field left out is left as it is.
type companySettingsPatch struct {
	IDCompany         int64     `json:"idCompany"`
	Name              *string   `json:"name"`
	Address           *string   `json:"address"`
	ReplyTo           *string   `json:"replyTo"`
	ReportEmails      *[]string `json:"reportEmails"`
	Currency          *string   `json:"currency"`
	TimeZone          *string   `json:"timeZone"`
	Logo              *string   `json:"logo"`
	IsRefundEnabled   *bool     `json:"isRefundEnabled"`
	RefundMaxDays     *int      `json:"refundMaxDays"`
	PaymentsActive    *bool     `json:"paymentsActive"`
	AdvertisingActive *bool     `json:"advertisingActive"`
	FeatureLicences   *bool     `json:"featureLicences"`
}

func (s *Server) companySettingsSvc(w http.ResponseWriter, r *http.Request) (CompanySettingsService, bool) {
	if s.deps.CompanySettings == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Company settings are not available on this server."))
		return nil, false
	}
	return s.deps.CompanySettings, true
}

// companySettings answers GET /api/admin/company-settings.
func (s *Server) companySettings(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.companySettingsSvc(w, r)
	if !ok {
		return
	}
	out, err := svc.Settings(r.Context(), sc.CompanyID)
	w.Header().Set("Cache-Control", "no-store")
	writeResult(w, r, http.StatusOK, out, err)
}

// saveCompanySettings answers PATCH /api/admin/company-settings.
func (s *Server) saveCompanySettings(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.companySettingsSvc(w, r)
	if !ok {
		return
	}
	var b companySettingsPatch
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := svc.Save(r.Context(), sc.CompanyID, company.SettingsPatch{Name: b.Name, Address: b.Address, ReplyTo: b.ReplyTo,
		ReportEmails: b.ReportEmails, Currency: b.Currency, TimeZone: b.TimeZone, Logo: b.Logo, IsRefundEnabled: b.IsRefundEnabled,
		RefundMaxDays: b.RefundMaxDays, PaymentsActive: b.PaymentsActive, AdvertisingActive: b.AdvertisingActive,
		FeatureLicences: b.FeatureLicences}, company.Actor{UserID: sc.UserID, Email: sc.Email})
	writeResult(w, r, http.StatusOK, out, err)
}

func (s *Server) installationsSvc(w http.ResponseWriter, r *http.Request) (InstallationsService, bool) {
	if s.deps.Installations == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Installations are not available on this server."))
		return nil, false
	}
	return s.deps.Installations, true
}

// listInstallations answers GET /api/admin/installations.
func (s *Server) listInstallations(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.installationsSvc(w, r)
	if !ok {
		return
	}
	list, err := svc.List(r.Context(), sc.CompanyID)
	w.Header().Set("Cache-Control", "no-store")
	writeResult(w, r, http.StatusOK, map[string]any{"installations": list}, err)
}

// createInstallation answers POST /api/admin/installations.
func (s *Server) createInstallation(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.installationsSvc(w, r)
	if !ok {
		return
	}
	var b struct {
		IDCompany       int64  `json:"idCompany"`
		Name            string `json:"name"`
		MaxParticipants int    `json:"maxParticipants"`
	}
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := svc.Create(r.Context(), sc.CompanyID, setup.NewInstallation{Name: b.Name, MaxParticipants: b.MaxParticipants},
		setup.Actor{UserID: sc.UserID, Email: sc.Email})
	writeResult(w, r, http.StatusCreated, out, err)
}

// createCircuit answers POST /api/admin/circuits.
func (s *Server) createCircuit(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.installationsSvc(w, r)
	if !ok {
		return
	}
	var b struct {
		IDCompany      int64  `json:"idCompany"`
		IDInstallation int64  `json:"idInstallation"`
		Name           string `json:"name"`
	}
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := svc.AddCircuit(r.Context(), sc.CompanyID, b.IDInstallation, b.Name, setup.Actor{UserID: sc.UserID, Email: sc.Email})
	writeResult(w, r, http.StatusCreated, out, err)
}

// renameCircuit answers PUT /api/admin/circuits.
func (s *Server) renameCircuit(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.installationsSvc(w, r)
	if !ok {
		return
	}
	var b struct {
		IDCompany int64  `json:"idCompany"`
		IDCircuit int64  `json:"idCircuit"`
		Name      string `json:"name"`
	}
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := svc.RenameCircuit(r.Context(), sc.CompanyID, b.IDCircuit, b.Name, setup.Actor{UserID: sc.UserID, Email: sc.Email})
	writeResult(w, r, http.StatusOK, out, err)
}
