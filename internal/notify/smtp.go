package notify

import (
	"bytes"
	"context"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// smtpSender delivers messages to an SMTP server with go-mail, one connection per message.
type smtpSender struct {
	client *gomail.Client
	from   string
	// fromAddr is the address of from: a message with a FromName is sent as "FromName <fromAddr>".
	fromAddr string
}

// NewSMTPSender returns a Sender for the server named by smtpURL:
//
//	smtp://user:password@host:587   STARTTLS when the server offers it (opportunistic)
//	smtps://user:password@host:465  TLS from the first byte (implicit TLS)
//
// The port defaults to 587 (smtp) or 465 (smtps); user and password are optional. Query parameters:
// helo=NAME (the name given in EHLO/HELO, default "localhost") and timeout=DURATION (connecting and
// each command, default 15s). from is the sender, e.g. "Pitlane <no-reply@example.com>".
func NewSMTPSender(smtpURL, from string) (Sender, error) {
	u, err := url.Parse(smtpURL)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("SMTP URL must look like smtp://user:password@host:port")
	}
	fromAddr, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mail sender %q is not an e-mail address: %w", from, err)
	}
	q := u.Query()
	helo := q.Get("helo")
	if helo == "" {
		helo = "localhost"
	}
	timeout := 15 * time.Second
	if v := q.Get("timeout"); v != "" {
		if timeout, err = time.ParseDuration(v); err != nil || timeout <= 0 {
			return nil, fmt.Errorf("SMTP URL: timeout=%q is not a positive duration", v)
		}
	}
	opts := []gomail.Option{gomail.WithHELO(helo), gomail.WithTimeout(timeout)}
	port := 587
	switch u.Scheme {
	case "smtp":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	case "smtps":
		port = 465
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("SMTP URL scheme must be smtp or smtps (got %q)", u.Scheme)
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("SMTP URL: port %q is not a number", p)
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if user := u.User.Username(); user != "" {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(user), gomail.WithPassword(pass))
	}
	c, err := gomail.NewClient(u.Hostname(), opts...)
	if err != nil {
		return nil, fmt.Errorf("SMTP client: %w", err)
	}
	return &smtpSender{client: c, from: from, fromAddr: fromAddr.Address}, nil
}

// Send delivers m: a multipart message with the plain text, the HTML alternative and the attachments.
func (s *smtpSender) Send(ctx context.Context, m Message) error {
	msg, err := s.compose(m)
	if err != nil {
		return err
	}
	return s.client.DialAndSendWithContext(ctx, msg)
}

// compose turns m into a go-mail message.
func (s *smtpSender) compose(m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if m.FromName != "" {
		// The circuit's name with the configured address, which the sending domain authenticates.
		if err := msg.FromFormat(m.FromName, s.fromAddr); err != nil {
			return nil, fmt.Errorf("from: %w", err)
		}
	} else if err := msg.From(s.from); err != nil {
		return nil, fmt.Errorf("from: %w", err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return nil, fmt.Errorf("reply-to %q: %w", m.ReplyTo, err)
		}
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("to %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	if m.Culture != "" {
		msg.SetGenHeader(gomail.Header("Content-Language"), m.Culture)
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	for _, a := range m.Attachments {
		ct := a.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		if a.Inline {
			if err := msg.EmbedReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(ct)),
				gomail.WithFileContentID(a.ContentID)); err != nil {
				return nil, fmt.Errorf("embed %s: %w", a.Name, err)
			}
			continue
		}
		if err := msg.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(ct))); err != nil {
			return nil, fmt.Errorf("attach %s: %w", a.Name, err)
		}
	}
	return msg, nil
}
