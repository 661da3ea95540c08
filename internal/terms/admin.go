package terms

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/richtext"
)

// MaxTextLength bounds one language's terms, in characters.
const MaxTextLength = 50_000

// Edit is one language's terms written (or deleted, Text empty) by a staff member.
type Edit struct {
	CompanyID int64
	Culture   string
	Text      string
	UserID    int64
	Email     string
	Now       time.Time
}

// AdminStore is what Admin needs from the database (store.Companies implements it).
type AdminStore interface {
	Store
	// SaveTerms writes e.Text as the company's terms in e.Culture, or deletes them when it is empty, and
	// records it in the company's audit log. Returns apperr.NotFound if there is no such company.
	SaveTerms(ctx context.Context, e Edit) error
}

// Admin edits a company's terms and conditions (Settings → Terms): one text per language, rich text
// written as HTML and stored sanitised (richtext.Sanitize: what the terms page renders can run nothing);
// a plain text sent is stored as its paragraphs. Texts are listed as HTML.
type Admin struct {
	store AdminStore
	clock clock.Clock
}

// NewAdmin returns the terms editor over the store.
func NewAdmin(s AdminStore, clk clock.Clock) *Admin { return &Admin{store: s, clock: clk} }

// Cultures are the languages terms can be written in: the app's seven.
func Cultures() []string {
	out := make([]string, 0, len(starterCulture))
	for _, c := range starterCulture {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// List returns the company's terms, by culture.
func (a *Admin) List(ctx context.Context, companyID int64) (Company, error) {
	c, err := a.store.CompanyTerms(ctx, companyID)
	if err != nil {
		return Company{}, err
	}
	slices.SortFunc(c.Terms, func(x, y Terms) int { return strings.Compare(x.Culture, y.Culture) })
	for i := range c.Terms {
		c.Terms[i] = AsHTML(c.Terms[i])
	}
	return c, nil
}

// Save writes the company's terms in culture (deletes them when text is empty) and returns them all.
// Returns apperr.Unprocessable with fields (culture, text).
func (a *Admin) Save(ctx context.Context, companyID int64, culture, text string, userID int64, email string) (Company, error) {
	text = cleanText(text)
	if text != "" {
		// Stored as safe HTML; a text that sanitises to nothing (only a script, say) is no text.
		text = richtext.HTML(text)
		if strings.TrimSpace(stripTags.ReplaceAllString(text, "")) == "" {
			text = ""
		}
	}
	fe := apperr.FieldErrors{}
	if !slices.Contains(Cultures(), culture) {
		fe.Add("culture", "Choose one of the app's languages.")
	}
	if n := len([]rune(text)); n > MaxTextLength {
		fe.Add("text", "The terms may have at most 50,000 characters.")
	}
	if err := fe.Err(apperr.Unprocessable, "Check the highlighted fields."); err != nil {
		return Company{}, err
	}
	if err := a.store.SaveTerms(ctx, Edit{CompanyID: companyID, Culture: culture, Text: text, UserID: userID, Email: email,
		Now: a.clock.Now()}); err != nil {
		return Company{}, err
	}
	return a.List(ctx, companyID)
}

// Starter returns the neutral terms in culture's language, with the company's name.
func (a *Admin) Starter(ctx context.Context, companyID int64, culture string) (Terms, error) {
	c, err := a.store.CompanyTerms(ctx, companyID)
	if err != nil {
		return Terms{}, err
	}
	t, _ := Starter(culture, c.Name)
	return AsHTML(t), nil
}

// stripTags matches an HTML tag, to tell a text that shows nothing.
var stripTags = regexp.MustCompile(`<[^>]*>`)

// cleanText trims the text, writes line ends as \n and drops control characters other than newlines
// and tabs.
func cleanText(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		return -1
	}, s)
	return strings.TrimSpace(s)
}
