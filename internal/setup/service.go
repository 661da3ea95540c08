package setup

import (
	"context"
	"sort"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/schedule"
)

// Store is what Service needs from the database (store.Settings implements it). Every method is
// scoped by the company: an installation of another company is not found.
type Store interface {
	// Config returns the settings of the company's installation (0: its first one), with the spec's
	// defaults where nothing is set. Returns apperr.NotFound if the company has no such installation.
	Config(ctx context.Context, companyID, installationID int64) (Config, error)
	// SaveConfig writes r in one transaction with its audit entry, but only if the company's settings
	// version is still r.Version; it returns the new version. Returns apperr.Conflict when the version
	// moved on, apperr.NotFound if the company has no such installation.
	SaveConfig(ctx context.Context, r Record) (int64, error)
	// VariantsAndCircuits returns the company's variants and circuits.
	VariantsAndCircuits(ctx context.Context, companyID int64) (VariantsAndCircuits, error)
}

// Service reads and saves the settings dialog's booking settings.
type Service struct {
	store Store
	clock clock.Clock
	// changed is called with the company token after every save (the availability cache).
	changed func(companyToken string)
}

// NewService returns a Service over the store; changed (may be nil) is told of every saved company so
// that cached customer answers of it are dropped at once.
func NewService(s Store, clk clock.Clock, changed func(companyToken string)) *Service {
	if changed == nil {
		changed = func(string) {}
	}
	return &Service{store: s, clock: clk, changed: changed}
}

// Config returns the settings of the company's installation (0: the first).
// Returns apperr.NotFound if the company has no such installation.
func (s *Service) Config(ctx context.Context, companyID, installationID int64) (Config, error) {
	return s.store.Config(ctx, companyID, installationID)
}

// VariantsAndCircuits returns the company's variants and circuits.
func (s *Service) VariantsAndCircuits(ctx context.Context, companyID int64) (VariantsAndCircuits, error) {
	return s.store.VariantsAndCircuits(ctx, companyID)
}

// Save checks in against every bound (apperr.Unprocessable with field errors, nothing saved),
// derives the excluded hours of the weekdays whose opening changes (see DeriveRules), and saves it with an audit entry of what changed if
// the settings are still at in.Version (apperr.Conflict otherwise). The company's cached customer
// answers are dropped, so the next availability answer follows the new schedule. Returns the settings
// as stored and the weekDayClosed warnings of the special rows it added.
func (s *Service) Save(ctx context.Context, in Save, actor Actor) (Saved, error) {
	old, err := s.store.Config(ctx, in.CompanyID, in.InstallationID)
	if err != nil {
		return Saved{}, err
	}
	if old.Version != in.Version {
		return Saved{}, conflict()
	}
	in.InstallationID = old.InstallationID
	loc, err := time.LoadLocation(old.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	today := schedule.DateOf(s.clock.Now().In(loc))
	known := map[[2]string]bool{}
	for _, r := range old.Booking.SpecialSchedule {
		known[[2]string{r.Date[0], r.Date[len(r.Date)-1]}] = true
	}
	if in.KeepContactEmail {
		in.Booking.ContactEmail = old.Booking.ContactEmail
	}
	if in.KeepContactPhone {
		in.Booking.ContactPhone = old.Booking.ContactPhone
	}
	in.Booking = Normalise(in.Booking)
	if err := Validate(in.Booking, today, known); err != nil {
		return Saved{}, err
	}
	if in.Booking, err = DeriveRules(Normalise(old.Booking), in.Booking); err != nil {
		return Saved{}, err
	}
	sort.SliceStable(in.Booking.SpecialSchedule, func(i, j int) bool {
		return in.Booking.SpecialSchedule[i].Date[0] < in.Booking.SpecialSchedule[j].Date[0]
	})
	warnings := Warnings(in.Booking, known)
	rec := Record{Save: in, Changes: Changes(old.Booking, in.Booking), Actor: actor, At: s.clock.Now()}
	if _, err := s.store.SaveConfig(ctx, rec); err != nil {
		if apperr.Is(err, apperr.Conflict) {
			return Saved{}, conflict()
		}
		return Saved{}, err
	}
	s.changed(old.CompanyToken)
	cfg, err := s.store.Config(ctx, in.CompanyID, in.InstallationID)
	if err != nil {
		return Saved{}, err
	}
	return Saved{Config: cfg, Warnings: warnings}, nil
}

func conflict() error {
	return apperr.New(apperr.Conflict, "Someone else saved these settings since you opened them. Your changes are not saved: reload to see theirs.")
}
