package company

import (
	"context"
	"net/url"
	"strings"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
)

// MaxHyperlinkLength bounds an advertising hyperlink.
const MaxHyperlinkLength = 2000

// PubliUpdate is the body of POST /api/company/updatePubli: the advertising images and hyperlinks,
// and optionally the switch and the kiosk's settings (nil: unchanged).
type PubliUpdate struct {
	ImgLeftDefault, ImgRightDefault *string
	ImgLeftENG, ImgRightENG         *string
	HyperlinkLeft, HyperlinkRight   *string
	IsActive                        *bool
	KioskLanguage                   *string
	KioskIdleSeconds                *int
}

// PubliChange is a checked PubliUpdate applied to a company's settings: what the store writes.
type PubliChange struct {
	CompanyID        int64
	Publi            Publi
	KioskLanguage    string
	KioskIdleSeconds int
	Images           map[string]string // field → SHA-256 of every image the publi names; each must be the company's
	By               account.Staff
	At               time.Time
}

// PubliStore is what the advertising calls need from the database.
type PubliStore interface {
	// CompanyByID returns the company with the id. Returns apperr.NotFound if there is none.
	CompanyByID(ctx context.Context, id int64) (Company, error)
	// SavePubliPhoto stores a checked image for the company (once: storing the same image again
	// changes nothing), recording who uploaded it under what name in the audit log.
	SavePubliPhoto(ctx context.Context, companyID int64, name string, p Photo, by account.Staff, at time.Time) error
	// PubliPhoto returns the JPEG whose SHA-256 is sum. Returns apperr.NotFound if none is stored.
	PubliPhoto(ctx context.Context, sum string) ([]byte, error)
	// UpdatePubli writes ch and its audit entry in one transaction. Returns apperr.Unprocessable naming
	// the field when one of ch.Images is not an image of the company.
	UpdatePubli(ctx context.Context, ch PubliChange) error
}

// HTTPLink reports whether link may be an advertising hyperlink: an absolute http(s) URL with a host,
// no credentials, at most MaxHyperlinkLength characters, and a SafeLink.
func HTTPLink(link string) bool {
	if len(link) > MaxHyperlinkLength || strings.HasPrefix(link, "/") || !SafeLink(link) {
		return false
	}
	u, err := url.Parse(link)
	return err == nil && u.User == nil && u.Host != ""
}

// ApplyPubliUpdate checks u against the rules of updatePubli and applies it to c: hyperlinks are nil,
// empty (both stored as nil) or HTTPLink; images are nil or a PhotoPath address (whether the image is
// the company's is checked by the store); the kiosk language is one of Cultures; the idle period
// within its bounds. Returns apperr.Unprocessable with a field per broken rule.
func ApplyPubliUpdate(c Company, u PubliUpdate) (PubliChange, error) {
	fields := map[string]string{}
	ch := PubliChange{CompanyID: c.ID, Publi: c.Publi, KioskLanguage: c.KioskLanguage, KioskIdleSeconds: KioskIdleOf(c),
		Images: map[string]string{}}
	link := func(name string, v *string) *string {
		if v == nil || strings.TrimSpace(*v) == "" {
			return nil
		}
		s := strings.TrimSpace(*v)
		if !HTTPLink(s) {
			fields[name] = "must be an http(s) address"
			return nil
		}
		return &s
	}
	ch.Publi.HyperlinkLeft = link("hyperlinkLeft", u.HyperlinkLeft)
	ch.Publi.HyperlinkRight = link("hyperlinkRight", u.HyperlinkRight)
	img := func(name string, v *string) *string {
		if v == nil || *v == "" {
			return nil
		}
		sum, ok := SumOfPhotoPath(*v)
		if !ok {
			fields[name] = "must be an address answered by POST /api/publi/photo"
			return nil
		}
		ch.Images[name] = sum
		path := PhotoPath(sum)
		return &path
	}
	ch.Publi.ImgLeftDefault = img("imgLeftDefault", u.ImgLeftDefault)
	ch.Publi.ImgRightDefault = img("imgRightDefault", u.ImgRightDefault)
	ch.Publi.ImgLeftENG = img("imgLeftENG", u.ImgLeftENG)
	ch.Publi.ImgRightENG = img("imgRightENG", u.ImgRightENG)
	if u.IsActive != nil {
		ch.Publi.IsActive = *u.IsActive
	}
	if u.KioskLanguage != nil {
		if !KnownCulture(*u.KioskLanguage) {
			fields["defaultKioskLanguage"] = "must be one of " + strings.Join(Cultures, ", ")
		}
		ch.KioskLanguage = *u.KioskLanguage
	}
	if u.KioskIdleSeconds != nil {
		if n := *u.KioskIdleSeconds; n < MinKioskIdleSeconds || n > MaxKioskIdleSeconds {
			fields["kioskIdleSeconds"] = "must be between 15 and 3600"
		}
		ch.KioskIdleSeconds = *u.KioskIdleSeconds
	}
	if len(fields) > 0 {
		return PubliChange{}, apperr.WithFields(apperr.Unprocessable, "The advertising settings break a rule.", fields)
	}
	return ch, nil
}

// PubliService runs the advertising calls of the back office and the public company data.
type PubliService struct {
	store   PubliStore
	landing func(ctx context.Context, companyID int64) ([]LandingButton, error)
	now     func() time.Time
}

// NewPubliService returns a PubliService over the store; landing loads a company's landing buttons
// (Store.LandingButtons) and now tells the time.
func NewPubliService(s PubliStore, landing func(ctx context.Context, companyID int64) ([]LandingButton, error), now func() time.Time) *PubliService {
	return &PubliService{store: s, landing: landing, now: now}
}

// Public returns the public data of the company with the id, its advertising resolved for culture.
// Returns apperr.NotFound if there is no such company.
func (s *PubliService) Public(ctx context.Context, id int64, culture string) (Public, error) {
	c, err := s.store.CompanyByID(ctx, id)
	if apperr.Is(err, apperr.NotFound) {
		return Public{}, apperr.New(apperr.NotFound, "No company with that id.")
	}
	if err != nil {
		return Public{}, err
	}
	landing, err := s.landing(ctx, id)
	if err != nil {
		return Public{}, err
	}
	return PublicOf(c, landing, culture), nil
}

// UploadPhoto checks and stores an advertising image (base64 text) for the company and returns its
// address. Returns apperr.Invalid for text that is not base64 and apperr.Unprocessable for a refused
// image or name.
func (s *PubliService) UploadPhoto(ctx context.Context, companyID int64, name, photo string, by account.Staff) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || len([]rune(name)) > 200 {
		return "", apperr.WithFields(apperr.Unprocessable, "The image needs a name.", map[string]string{"name": "required, at most 200 characters"})
	}
	raw, err := DecodePhotoBase64(photo)
	if err != nil {
		return "", err
	}
	p, err := CheckPubliPhoto(raw)
	if err != nil {
		return "", err
	}
	if err := s.store.SavePubliPhoto(ctx, companyID, name, p, by, s.now()); err != nil {
		return "", err
	}
	return PhotoPath(p.SHA256), nil
}

// Photo returns the stored JPEG named by file (PhotoFile's form). Returns apperr.NotFound otherwise.
func (s *PubliService) Photo(ctx context.Context, file string) ([]byte, error) {
	sum, ok := SumOfPhotoFile(file)
	if !ok {
		return nil, apperr.New(apperr.NotFound, "No such image.")
	}
	return s.store.PubliPhoto(ctx, sum)
}

// UpdatePubli applies u to the company's advertising and kiosk settings (audited) and returns them as
// stored. Returns apperr.Unprocessable with field errors for a broken rule.
func (s *PubliService) UpdatePubli(ctx context.Context, companyID int64, u PubliUpdate, by account.Staff) (PubliChange, error) {
	c, err := s.store.CompanyByID(ctx, companyID)
	if err != nil {
		return PubliChange{}, err
	}
	ch, err := ApplyPubliUpdate(c, u)
	if err != nil {
		return PubliChange{}, err
	}
	ch.By, ch.At = by, s.now()
	if err := s.store.UpdatePubli(ctx, ch); err != nil {
		return PubliChange{}, err
	}
	if ch.KioskLanguage == "" {
		ch.KioskLanguage = KioskLanguageOf(c)
	}
	return ch, nil
}
