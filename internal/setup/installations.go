package setup

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"pitlane/internal/apperr"
)

// Bounds of the installations screen (issue 24: a second track).
const (
	MaxPlaceName          = 100
	MaxInstallationRiders = 200
)

// CircuitItem is one circuit (track) of an installation with its variant, the thing products race on.
type CircuitItem struct {
	ID             int64  `json:"idCircuit"`
	InstallationID int64  `json:"idInstallation"`
	Name           string `json:"name"`
	VariantID      int64  `json:"idVariant"` // 0: the circuit has no variant
	IDLocal        string `json:"idLocal"`
}

// InstallationItem is one installation of a company with its circuits.
type InstallationItem struct {
	ID              int64         `json:"idInstallation"`
	Name            string        `json:"name"`
	MaxParticipants int           `json:"maxParticipants"`
	Circuits        []CircuitItem `json:"circuits"`
}

// NewInstallation is an installation to add; the rest of its settings are the spec's defaults.
type NewInstallation struct {
	Name            string
	MaxParticipants int
}

// PlaceName trims an installation's or circuit's name and checks it. Returns apperr.Unprocessable
// naming "name" when it is empty or longer than MaxPlaceName.
func PlaceName(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" || utf8.RuneCountInString(s) > MaxPlaceName {
		return "", apperr.WithFields(apperr.Unprocessable, "Check the name.", map[string]string{"name": "Enter a name of up to 100 characters."})
	}
	return s, nil
}

// CheckNewInstallation trims and checks in. Returns apperr.Unprocessable with field errors.
func CheckNewInstallation(in NewInstallation) (NewInstallation, error) {
	fe := apperr.FieldErrors{}
	name, err := PlaceName(in.Name)
	if err != nil {
		fe.Add("name", "Enter a name of up to 100 characters.")
	}
	if in.MaxParticipants < 1 || in.MaxParticipants > MaxInstallationRiders {
		fe.Add("maxParticipants", "Enter 1 to 200 drivers.")
	}
	if err := fe.Err(apperr.Unprocessable, "Check the installation."); err != nil {
		return in, err
	}
	return NewInstallation{Name: name, MaxParticipants: in.MaxParticipants}, nil
}

// InstallationStore is what the installations screen needs from the database. Every method is
// scoped to the company and writes its audit entry in its own transaction.
type InstallationStore interface {
	// Installations lists the company's installations and circuits in creation order.
	Installations(ctx context.Context, companyID int64) ([]InstallationItem, error)
	// CreateInstallation adds an installation with the spec's defaults in the company's time zone.
	// Returns apperr.Conflict when the company has one of that name.
	CreateInstallation(ctx context.Context, companyID int64, in NewInstallation, by Actor, at time.Time) (InstallationItem, error)
	// CreateCircuit adds a circuit and its variant (the next free numeric local id) to an installation.
	// Returns apperr.NotFound when the company has no such installation, apperr.Conflict for a name taken.
	CreateCircuit(ctx context.Context, companyID, installationID int64, name string, by Actor, at time.Time) (CircuitItem, error)
	// RenameCircuit renames a circuit and its variant. Returns apperr.NotFound when the company has no
	// such circuit, apperr.Conflict for a name taken in its installation.
	RenameCircuit(ctx context.Context, companyID, circuitID int64, name string, by Actor, at time.Time) (CircuitItem, error)
}

// Installations runs the installations screen's calls.
type Installations struct {
	store   InstallationStore
	now     func() time.Time
	changed func(companyID int64)
}

// NewInstallations returns the service; changed (may be nil) is told of every change so that cached
// public data of the company is dropped.
func NewInstallations(s InstallationStore, now func() time.Time, changed func(companyID int64)) *Installations {
	return &Installations{store: s, now: now, changed: changed}
}

// List returns the company's installations.
func (s *Installations) List(ctx context.Context, companyID int64) ([]InstallationItem, error) {
	return s.store.Installations(ctx, companyID)
}

// Create checks and adds an installation (see InstallationStore.CreateInstallation).
func (s *Installations) Create(ctx context.Context, companyID int64, in NewInstallation, by Actor) (InstallationItem, error) {
	in, err := CheckNewInstallation(in)
	if err != nil {
		return InstallationItem{}, err
	}
	out, err := s.store.CreateInstallation(ctx, companyID, in, by, s.now())
	s.tell(companyID, err)
	return out, err
}

// AddCircuit checks the name and adds a circuit (see InstallationStore.CreateCircuit).
func (s *Installations) AddCircuit(ctx context.Context, companyID, installationID int64, name string, by Actor) (CircuitItem, error) {
	name, err := PlaceName(name)
	if err != nil {
		return CircuitItem{}, err
	}
	out, err := s.store.CreateCircuit(ctx, companyID, installationID, name, by, s.now())
	s.tell(companyID, err)
	return out, err
}

// RenameCircuit checks the name and renames a circuit (see InstallationStore.RenameCircuit).
func (s *Installations) RenameCircuit(ctx context.Context, companyID, circuitID int64, name string, by Actor) (CircuitItem, error) {
	name, err := PlaceName(name)
	if err != nil {
		return CircuitItem{}, err
	}
	out, err := s.store.RenameCircuit(ctx, companyID, circuitID, name, by, s.now())
	s.tell(companyID, err)
	return out, err
}

func (s *Installations) tell(companyID int64, err error) {
	if err == nil && s.changed != nil {
		s.changed(companyID)
	}
}
