package adminapi

import (
	"context"
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
	"pitlane/internal/schedule"
	"pitlane/internal/setup"
)

// SettingsService reads and saves the settings dialog's booking settings (setup.Service).
type SettingsService interface {
	// Config returns the settings of the company's installation (0: its first).
	// Returns apperr.NotFound if the company has no such installation.
	Config(ctx context.Context, companyID, installationID int64) (setup.Config, error)
	// VariantsAndCircuits returns the company's variants and circuits.
	VariantsAndCircuits(ctx context.Context, companyID int64) (setup.VariantsAndCircuits, error)
	// Save saves an installation's settings based on a version. Returns apperr.Unprocessable with field
	// errors for any bound broken (nothing saved), apperr.Conflict when the settings were saved since
	// that version, apperr.NotFound if the company has no such installation.
	Save(ctx context.Context, in setup.Save, actor setup.Actor) (setup.Saved, error)
}

// configData is the installation's "data" object (the AdminConfig schema).
type configData struct {
	CompanyName           string                                 `json:"companyName"`
	DefaultCulture        string                                 `json:"defaultCulture"`
	Logo                  string                                 `json:"logo"`
	ShowEmails            bool                                   `json:"showEmails"`
	EmailOptional         bool                                   `json:"emailOptional"`
	MaxDaysBooking        int                                    `json:"maxDaysBooking"`
	MaxSlotsBooking       int                                    `json:"maxSlotsBooking"`
	DisableHoursBooking   int                                    `json:"disableHoursBooking"`
	EnableGroupedProducts bool                                   `json:"enableGroupedProducts"`
	DateLimitBooking      setup.DateLimit                        `json:"dateLimitBooking"`
	Rules                 schedule.Rules                         `json:"rules"`
	GeneralSchedule       map[schedule.Weekday][]schedule.Period `json:"generalSchedule"`
	SpecialSchedule       []schedule.SpecialRow                  `json:"specialSchedule"`
	ContactEmail          string                                 `json:"contactEmail"`
	ContactPhone          string                                 `json:"contactPhone"`
}

type installationView struct {
	IDInstallation            int64      `json:"idInstallation"`
	Name                      string     `json:"name"`
	EnableBooking             bool       `json:"enableBooking"`
	Interval                  int        `json:"interval"`
	MaxParticipants           int        `json:"maxParticipants"`
	OpeningDate               string     `json:"openingDate"`
	ClosingDate               string     `json:"closingDate"`
	TimeZone                  string     `json:"timeZone"`
	IsPaymentsActive          bool       `json:"isPaymentsActive"`
	Data                      configData `json:"data"`
	ConfirmationBookingEmails []string   `json:"confirmationBookingEmails"`
	CancelBookingEmails       []string   `json:"cancelBookingEmails"`
}

type companyConfigView struct {
	ClosingDate     string `json:"closingDate"`
	OpeningDate     string `json:"openingDate"`
	Interval        int    `json:"interval"`
	IDCompany       int64  `json:"idCompany"`
	IsRefundEnabled bool   `json:"isRefundEnabled"`
	Data            struct {
		MaxDaysBooking int    `json:"maxDaysBooking"`
		CompanyName    string `json:"companyName"`
		DefaultCulture string `json:"defaultCulture"`
	} `json:"data"`
}

type installationRef struct {
	IDInstallation int64  `json:"idInstallation"`
	Name           string `json:"name"`
}

// configView is the AdminConfig schema.
type configView struct {
	IDCompany      int64             `json:"idCompany"`
	IDInstallation int64             `json:"idInstallation"`
	Version        int64             `json:"version"`
	SimbolCoinType string            `json:"simbolCoinType"`
	Config         companyConfigView `json:"config"`
	Installation   installationView  `json:"installation"`
	Installations  []installationRef `json:"installations"`
	Warnings       []setup.Warning   `json:"warnings"`
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func viewConfig(c setup.Config, warnings []setup.Warning) configView {
	b := c.Booking
	v := configView{IDCompany: c.CompanyID, IDInstallation: c.InstallationID, Version: c.Version,
		SimbolCoinType: c.CurrencySymbol, Warnings: orEmpty(warnings)}
	v.Config = companyConfigView{ClosingDate: b.Closing, OpeningDate: b.Opening, Interval: b.Interval,
		IDCompany: c.CompanyID, IsRefundEnabled: c.IsRefundEnabled}
	v.Config.Data.MaxDaysBooking, v.Config.Data.CompanyName, v.Config.Data.DefaultCulture = b.MaxDaysBooking, c.CompanyName, c.DefaultCulture
	general := b.GeneralSchedule
	if general == nil {
		general = map[schedule.Weekday][]schedule.Period{}
	}
	special := orEmpty(b.SpecialSchedule)
	for i := range special {
		special[i].Schedule.Value = orEmpty(special[i].Schedule.Value)
	}
	v.Installation = installationView{IDInstallation: c.InstallationID, Name: c.InstallationName, EnableBooking: b.EnableBooking,
		Interval: b.Interval, MaxParticipants: b.MaxParticipants, OpeningDate: b.Opening, ClosingDate: b.Closing,
		TimeZone: c.TimeZone, IsPaymentsActive: c.IsPaymentsActive,
		Data: configData{CompanyName: c.CompanyName, DefaultCulture: c.DefaultCulture, Logo: c.Logo, ShowEmails: b.ShowEmails,
			EmailOptional: b.EmailOptional, MaxDaysBooking: b.MaxDaysBooking, MaxSlotsBooking: b.MaxSlotsBooking,
			DisableHoursBooking: b.DisableHoursBooking, EnableGroupedProducts: b.EnableGroupedProducts,
			DateLimitBooking: b.DateLimit, Rules: b.Rules, GeneralSchedule: general, SpecialSchedule: special,
			ContactEmail: b.ContactEmail, ContactPhone: b.ContactPhone},
		ConfirmationBookingEmails: orEmpty(b.ConfirmationEmails), CancelBookingEmails: orEmpty(b.CancellationEmails)}
	for _, in := range c.Installations {
		v.Installations = append(v.Installations, installationRef{IDInstallation: in.ID, Name: in.Name})
	}
	v.Installations = orEmpty(v.Installations)
	return v
}

func (s *Server) settingsAvailable(w http.ResponseWriter, r *http.Request) bool {
	if s.deps.Settings == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "Settings are not available on this server."))
		return false
	}
	return true
}

// retrieveConfig is POST /api/admin/retrieveConfig: an installation's settings (the first one when
// idInstallation is absent or 0) with the version a save must be based on.
func (s *Server) retrieveConfig(w http.ResponseWriter, r *http.Request, sc Scope) {
	if !s.settingsAvailable(w, r) {
		return
	}
	var in struct {
		IDCompany      int64 `json:"idCompany"`
		IDInstallation int64 `json:"idInstallation"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	c, err := s.deps.Settings.Config(r.Context(), sc.CompanyID, in.IDInstallation)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, viewConfig(c, nil))
}

// retrieveVariantsAndCircuits is POST /api/admin/retrieveVariantsAndCircuits.
func (s *Server) retrieveVariantsAndCircuits(w http.ResponseWriter, r *http.Request, sc Scope) {
	if !s.settingsAvailable(w, r) {
		return
	}
	var in struct {
		IDCompany int64 `json:"idCompany"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	vc, err := s.deps.Settings.VariantsAndCircuits(r.Context(), sc.CompanyID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	type variant struct {
		ID             int64  `json:"id"`
		IDLocal        string `json:"idLocal"`
		Name           string `json:"name"`
		IDCircuit      int64  `json:"idCircuit"`
		Circuit        string `json:"circuit"`
		IDInstallation int64  `json:"idInstallation"`
	}
	type circuit struct {
		IDCircuit      int64  `json:"idCircuit"`
		Name           string `json:"name"`
		IDInstallation int64  `json:"idInstallation"`
	}
	out := struct {
		Variants []variant `json:"variants"`
		Circuits []circuit `json:"circuits"`
	}{Variants: []variant{}, Circuits: []circuit{}}
	for _, v := range vc.Variants {
		out.Variants = append(out.Variants, variant{v.ID, v.IDLocal, v.Name, v.CircuitID, v.Circuit, v.InstallationID})
	}
	for _, c := range vc.Circuits {
		out.Circuits = append(out.Circuits, circuit{c.ID, c.Name, c.InstallationID})
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

// saveRequest is the AdminConfigSave schema. The switches are pointers so that a missing one is a
// 400 rather than a silent "off".
type saveRequest struct {
	IDCompany                 int64    `json:"idCompany"`
	IDInstallation            int64    `json:"idInstallation"`
	Version                   int64    `json:"version"`
	EnableBooking             *bool    `json:"enableBooking"`
	Interval                  int      `json:"interval"`
	MaxParticipants           int      `json:"maxParticipants"`
	OpeningDate               string   `json:"openingDate"`
	ClosingDate               string   `json:"closingDate"`
	ConfirmationBookingEmails []string `json:"confirmationBookingEmails"`
	CancelBookingEmails       []string `json:"cancelBookingEmails"`
	Data                      *struct {
		ShowEmails            *bool                                  `json:"showEmails"`
		EmailOptional         *bool                                  `json:"emailOptional"`
		MaxDaysBooking        int                                    `json:"maxDaysBooking"`
		MaxSlotsBooking       int                                    `json:"maxSlotsBooking"`
		DisableHoursBooking   int                                    `json:"disableHoursBooking"`
		EnableGroupedProducts *bool                                  `json:"enableGroupedProducts"`
		DateLimitBooking      setup.DateLimit                        `json:"dateLimitBooking"`
		Rules                 schedule.Rules                         `json:"rules"`
		GeneralSchedule       map[schedule.Weekday][]schedule.Period `json:"generalSchedule"`
		SpecialSchedule       []schedule.SpecialRow                  `json:"specialSchedule"`
		// The circuit's contact e-mail and phone; absent: left as they are.
		ContactEmail *string `json:"contactEmail"`
		ContactPhone *string `json:"contactPhone"`
	} `json:"data"`
}

// booking checks that every switch is present and returns the settings to save.
func (in saveRequest) booking() (setup.Booking, error) {
	fe := apperr.FieldErrors{}
	if in.Version < 1 {
		fe.Add("version", "is required: the version the settings were read at")
	}
	if in.EnableBooking == nil {
		fe.Add("enableBooking", "is required")
	}
	if in.Data == nil {
		fe.Add("data", "is required")
		return setup.Booking{}, fe.Err(apperr.Invalid, "The settings are incomplete.")
	}
	d := in.Data
	for name, v := range map[string]*bool{"data.showEmails": d.ShowEmails, "data.emailOptional": d.EmailOptional,
		"data.enableGroupedProducts": d.EnableGroupedProducts} {
		if v == nil {
			fe.Add(name, "is required")
		}
	}
	if err := fe.Err(apperr.Invalid, "The settings are incomplete."); err != nil {
		return setup.Booking{}, err
	}
	return setup.Booking{EnableBooking: *in.EnableBooking, Interval: in.Interval, MaxParticipants: in.MaxParticipants,
		Opening: in.OpeningDate, Closing: in.ClosingDate, ShowEmails: *d.ShowEmails, EmailOptional: *d.EmailOptional,
		EnableGroupedProducts: *d.EnableGroupedProducts, MaxDaysBooking: d.MaxDaysBooking, MaxSlotsBooking: d.MaxSlotsBooking,
		DisableHoursBooking: d.DisableHoursBooking, DateLimit: d.DateLimitBooking, GeneralSchedule: d.GeneralSchedule,
		Rules: d.Rules, SpecialSchedule: d.SpecialSchedule, ConfirmationEmails: in.ConfirmationBookingEmails,
		CancellationEmails: in.CancelBookingEmails, ContactEmail: deref(d.ContactEmail), ContactPhone: deref(d.ContactPhone)}, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// saveConfig is POST /api/admin/saveConfig: every bound checked (422 with field errors, nothing
// saved), refused with 409 when the settings were saved since the request's version, audited.
func (s *Server) saveConfig(w http.ResponseWriter, r *http.Request, sc Scope) {
	if !s.settingsAvailable(w, r) {
		return
	}
	var in saveRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	b, err := in.booking()
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	saved, err := s.deps.Settings.Save(r.Context(), setup.Save{CompanyID: sc.CompanyID, InstallationID: in.IDInstallation,
		Version: in.Version, Booking: b,
		KeepContactEmail: in.Data.ContactEmail == nil, KeepContactPhone: in.Data.ContactPhone == nil}, setup.Actor{UserID: sc.UserID, Email: sc.Email})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("settings saved", "company_id", sc.CompanyID, "installation_id", saved.Config.InstallationID,
		"version", saved.Config.Version)
	httpx.WriteJSON(w, http.StatusOK, viewConfig(saved.Config, saved.Warnings))
}
