// Package terms serves a company's terms and conditions in the visitor's language, falling back to
// English and then to whatever the company wrote.
package terms

import (
	"context"
	"regexp"
	"sort"
	"strings"

	"pitlane/internal/apperr"
	"pitlane/internal/richtext"
)

// Terms is one text of a company's terms and conditions, in one culture ("es-ES", "en-GB", "da").
type Terms struct {
	Culture string `json:"culture"`
	Text    string `json:"text"`
}

// Company is what Pick needs to know about a company's terms.
type Company struct {
	Name           string // the company's name (the starter terms name it)
	DefaultCulture string
	Terms          []Terms
}

// language is the language part of a culture: "es" of "es-ES", lower case.
func language(culture string) string {
	l, _, _ := strings.Cut(culture, "-")
	return strings.ToLower(l)
}

// AsHTML is t with its text as safe HTML (see richtext.HTML): sanitised again when served, and a plain
// text written before the rich-text editor made into paragraphs.
func AsHTML(t Terms) Terms {
	t.Text = richtext.HTML(t.Text)
	return t
}

// Pick returns the company's terms that best suit the wanted culture, by the first rule that finds any:
// the same culture (case aside); the same language ("es" for es-ES or es-MX, the shortest culture
// first); en-GB; any English; the company's default culture; the alphabetically first culture. It
// reports false only when the company has no terms at all.
func Pick(c Company, wanted string) (Terms, bool) {
	if len(c.Terms) == 0 {
		return Terms{}, false
	}
	all := append([]Terms(nil), c.Terms...)
	sort.Slice(all, func(i, j int) bool {
		if len(all[i].Culture) != len(all[j].Culture) {
			return len(all[i].Culture) < len(all[j].Culture)
		}
		return all[i].Culture < all[j].Culture
	})
	find := func(match func(culture string) bool) (Terms, bool) {
		for _, t := range all {
			if match(t.Culture) {
				return t, true
			}
		}
		return Terms{}, false
	}
	rules := []func(string) bool{
		func(cu string) bool { return strings.EqualFold(cu, wanted) },
		func(cu string) bool { return language(cu) == language(wanted) },
		func(cu string) bool { return strings.EqualFold(cu, "en-GB") },
		func(cu string) bool { return language(cu) == "en" },
		func(cu string) bool { return c.DefaultCulture != "" && strings.EqualFold(cu, c.DefaultCulture) },
	}
	for _, r := range rules {
		if t, ok := find(r); ok {
			return t, true
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Culture < all[j].Culture })
	return all[0], true
}

// validCulture is a language code with optional subtags: "es", "es-ES", "zh-Hant-TW".
var validCulture = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$`)

// Store is what a Service needs from the database.
type Store interface {
	// CompanyTerms returns the company's default culture and all its terms. Returns apperr.NotFound
	// if there is no such company.
	CompanyTerms(ctx context.Context, companyID int64) (Company, error)
}

// Service answers GET /api/termsAndConditions.
type Service struct{ store Store }

// NewService returns a Service over the store.
func NewService(s Store) *Service { return &Service{store: s} }

// ForCulture returns the company's terms for the culture (see Pick). Returns apperr.Invalid for a
// malformed company id or culture, apperr.NotFound for an unknown company or one without terms.
func (s *Service) ForCulture(ctx context.Context, companyID int64, culture string) (Terms, error) {
	f := apperr.FieldErrors{}
	if companyID < 1 {
		f.Add("idCompany", "must be a positive integer")
	}
	if !validCulture.MatchString(culture) {
		f.Add("culture", "must be a culture such as es-ES or a language code such as es")
	}
	if err := f.Err(apperr.Invalid, "The request is malformed."); err != nil {
		return Terms{}, err
	}
	c, err := s.store.CompanyTerms(ctx, companyID)
	if apperr.Is(err, apperr.NotFound) {
		return Terms{}, apperr.New(apperr.NotFound, "No company with that id.")
	}
	if err != nil {
		return Terms{}, err
	}
	t, ok := Pick(c, culture)
	if !ok {
		return Terms{}, apperr.New(apperr.NotFound, "This company has no terms and conditions.")
	}
	return AsHTML(t), nil
}
