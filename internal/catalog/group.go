package catalog

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"pitlane/internal/apperr"
)

// MaxGroupNameLength bounds a category's name.
const MaxGroupNameLength = 100

// Category is a product category of a company (schema Category; the spec's "group").
type Category struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	IDCompany int64  `json:"idCompany"`
}

// GroupStore keeps a company's categories. Every method is scoped to companyID: another company's
// category is apperr.NotFound. Writes record their audit entry in the same transaction.
type GroupStore interface {
	// Groups returns the company's categories by name.
	Groups(ctx context.Context, companyID int64) ([]Category, error)
	// SaveGroup inserts (id 0) or renames a category. A name the company already uses for another
	// category is apperr.Unprocessable with the field name.
	SaveGroup(ctx context.Context, companyID, id int64, name string, by Actor, atMillis int64) (Category, error)
	// DeleteGroup deletes a category; its products stay, without a category.
	DeleteGroup(ctx context.Context, companyID, id int64, by Actor, atMillis int64) error
}

// Groups returns the company's categories.
func (s *AdminService) Groups(ctx context.Context, companyID int64) ([]Category, error) {
	return s.groups.Groups(ctx, companyID)
}

// SaveGroup creates (create) or renames category id after checking its name: required, at most
// MaxGroupNameLength characters.
func (s *AdminService) SaveGroup(ctx context.Context, companyID int64, create bool, id int64, name string, by Actor) (Category, error) {
	name = strings.TrimSpace(name)
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
		return Category{}, apperr.WithFields(apperr.Unprocessable, "The name is required.", map[string]string{"name": "required"})
	case n > MaxGroupNameLength:
		return Category{}, apperr.WithFields(apperr.Unprocessable, "The name is too long.",
			map[string]string{"name": "at most " + strconv.Itoa(MaxGroupNameLength) + " characters"})
	}
	if create {
		id = 0
	} else if id < 1 {
		return Category{}, apperr.WithFields(apperr.Invalid, "The id is missing.", map[string]string{"id": "required"})
	}
	c, err := s.groups.SaveGroup(ctx, companyID, id, name, by, s.clock.Now().UnixMilli())
	if err == nil {
		s.notify(ctx, companyID)
	}
	return c, err
}

// DeleteGroup deletes a category of the company.
func (s *AdminService) DeleteGroup(ctx context.Context, companyID, id int64, by Actor) error {
	if id < 1 {
		return apperr.WithFields(apperr.Invalid, "The id is missing.", map[string]string{"id": "required"})
	}
	err := s.groups.DeleteGroup(ctx, companyID, id, by, s.clock.Now().UnixMilli())
	if err == nil {
		s.notify(ctx, companyID)
	}
	return err
}
