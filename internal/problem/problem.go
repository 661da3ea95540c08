// Package problem takes the problem reports visitors send from the footer of the booking pages: it
// checks them and their captcha, stores them, and e-mails them to the company's problem addresses.
package problem

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/company"
	"pitlane/internal/member"
	"pitlane/internal/notify"
)

// Limits of a report, in characters.
const (
	MaxSubject = 200
	MaxText    = 500
	MaxPage    = 500
)

// Request is the body of POST /api/emails/sendProblemReport.
type Request struct {
	Subject    string `json:"subject"`
	Text       string `json:"text"`
	ReplyEmail string `json:"replyEmail"`
	Captcha    string `json:"captcha"` // the ALTCHA widget's payload
	IDCompany  int64  `json:"idCompany"`
	Page       string `json:"page"`
}

// Report is a checked problem report.
type Report struct {
	CompanyID  int64 // 0 when the report names no company
	Subject    string
	Text       string
	ReplyEmail string
	Page       string
}

// Validate checks a request and returns the report it makes: subject and text required, at most
// MaxSubject and MaxText characters once trimmed; the reply address, when given, an e-mail address;
// the page at most MaxPage characters; the captcha present (whether it passes is checked later, and
// only when everything else is right, so a mistake does not use it up). Returns apperr.Unprocessable
// naming every field at fault.
func Validate(r Request) (Report, error) {
	rep := Report{CompanyID: r.IDCompany, Subject: strings.TrimSpace(r.Subject), Text: strings.TrimSpace(r.Text),
		ReplyEmail: strings.TrimSpace(r.ReplyEmail), Page: strings.TrimSpace(r.Page)}
	f := apperr.FieldErrors{}
	limit := func(field, v string, max int) {
		switch {
		case !utf8.ValidString(v):
			f.Add(field, "must be text")
		case v == "":
			f.Add(field, "required")
		case utf8.RuneCountInString(v) > max:
			f.Add(field, fmt.Sprintf("at most %d characters", max))
		}
	}
	limit("subject", rep.Subject, MaxSubject)
	limit("text", rep.Text, MaxText)
	if rep.ReplyEmail != "" && !member.ValidEmail(rep.ReplyEmail) {
		f.Add("replyEmail", "must be an e-mail address")
	}
	if rep.Page != "" {
		limit("page", rep.Page, MaxPage)
	}
	if r.IDCompany < 0 {
		f.Add("idCompany", "must be a positive integer")
	}
	if strings.TrimSpace(r.Captcha) == "" {
		f.Add("captcha", "required")
	}
	return rep, f.Err(apperr.Unprocessable, "The report is not valid.")
}

// Captcha verifies the widget's payload and spends it.
type Captcha interface {
	// Verify returns apperr.Unprocessable (field captcha) unless the payload solves an unused,
	// unexpired challenge of ours.
	Verify(ctx context.Context, payload string) error
}

// Store is what a Service needs from the database.
type Store interface {
	// CompanyByID returns the company. Returns apperr.NotFound if there is none.
	CompanyByID(ctx context.Context, id int64) (company.Company, error)
	// ProblemAddresses returns the company's notification addresses for problem reports; none is an
	// empty list.
	ProblemAddresses(ctx context.Context, companyID int64) ([]string, error)
	// SaveProblemReport stores the report and enqueues the messages in one transaction.
	SaveProblemReport(ctx context.Context, r Report, mails []notify.Message, now time.Time) error
	PageTokens
}

// Service takes problem reports.
type Service struct {
	store   Store
	captcha Captcha
	clock   clock.Clock
}

// NewService returns a Service.
func NewService(s Store, c Captcha, clk clock.Clock) *Service {
	return &Service{store: s, captcha: c, clock: clk}
}

// Send checks a report and its captcha, stores it, and e-mails it to each of the company's problem
// addresses (a report without a company, or to a company without such addresses, is stored only).
// The company is the one whose booking or member the page's token names when the report comes from a
// cancellation or unsubscribe page (those pages know no company), else req.IDCompany. Returns
// apperr.Unprocessable (field errors, captcha included) and apperr.NotFound for an unknown company.
func (s *Service) Send(ctx context.Context, req Request) error {
	rep, err := Validate(req)
	if err != nil {
		return err
	}
	owner, err := pageCompany(ctx, s.store, rep.Page)
	if err != nil {
		return err
	}
	if owner != 0 {
		rep.CompanyID = owner
	}
	var c company.Company
	var addrs []string
	if rep.CompanyID != 0 {
		if c, err = s.store.CompanyByID(ctx, rep.CompanyID); err != nil {
			if apperr.Is(err, apperr.NotFound) {
				return apperr.New(apperr.NotFound, "No company with that id.")
			}
			return err
		}
		if addrs, err = s.store.ProblemAddresses(ctx, rep.CompanyID); err != nil {
			return err
		}
	}
	if err := s.captcha.Verify(ctx, req.Captcha); err != nil {
		return err
	}
	mails := make([]notify.Message, 0, len(addrs))
	for _, to := range addrs {
		m, err := notify.ProblemReportMessage(to, notify.ProblemReport{Company: mailCompany(c),
			Subject: rep.Subject, Text: rep.Text, ReplyEmail: rep.ReplyEmail, Page: rep.Page})
		if err != nil {
			return err
		}
		m.CompanyID = rep.CompanyID
		mails = append(mails, m)
	}
	return s.store.SaveProblemReport(ctx, rep, mails, s.clock.Now())
}

// mailCompany is what the report e-mail shows of the company.
func mailCompany(c company.Company) notify.Company {
	n := notify.Company{Name: c.Name, Color: c.PrimaryColor, Currency: c.Currency, Symbol: c.CurrencySymbol,
		TimeZone: c.TimeZone}
	n.Logo = notify.MailLogo("", c.Logo) // absolute and raster, or left out
	if c.WebURL != nil {
		n.WebURL = *c.WebURL
	}
	return n
}
