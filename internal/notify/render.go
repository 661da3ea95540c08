package notify

import (
	"bytes"
	"html/template"
	"regexp"
	"strings"
)

// doc is a message's content, independent of its form: render turns it into the HTML and the plain
// text of the same e-mail, so the two never say different things.
type doc struct {
	Lang     string
	Company  Company
	Title    string
	Greeting string
	Intro    []string
	Blocks   []block
	Outro    []string
	Footer   string
	WebLabel string
	// Unsubscribe, when set, closes the footer: why the reader gets news and offers, and the link
	// that stops them.
	Unsubscribe *unsubscribe
}

// unsubscribe is the footer's unsubscribe line: its reason and the link.
type unsubscribe struct {
	Text string
	Link link
}

// block is one part of a message body; the fields that are set are shown in this order.
type block struct {
	Heading string
	Items   []item   // booked lines
	Rows    []row    // label: value
	List    []string // a bullet list
	Code    string   // a code shown large (a voucher)
	Image   *mailImage
	Quote   string // a personal message
	Text    string // a paragraph
	Link    *link  // a button
}

// row is a label and its value; Strong rows (the total) stand out; LTR values (amounts, codes) keep
// left-to-right order inside right-to-left text.
type row struct {
	Label, Value string
	Strong, LTR  bool
}

// item is a booked line: what, how much, and when.
type item struct {
	Title, Amount string
	Details       []string
}

// mailImage is a picture of a block (the check-in QR code): Src is trusted (a cid: reference).
type mailImage struct {
	Src  template.URL
	Alt  string
	Size int // width and height in CSS pixels
}

// link is a button to a URL.
type link struct{ Label, URL string }

// defaultColor is the accent of a company that has not set a valid one.
const defaultColor = "#c62828"

var hexColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// htmlView is what the HTML template reads.
type htmlView struct {
	doc
	Dir, Align, Color string
}

// render returns the HTML and plain-text forms of d.
func render(d doc) (html, text string, err error) {
	v := htmlView{doc: d, Dir: "ltr", Align: "left", Color: defaultColor}
	if d.Lang == "ar-SA" {
		v.Dir, v.Align = "rtl", "right"
	}
	if hexColor.MatchString(d.Company.Color) {
		v.Color = d.Company.Color
	}
	var b bytes.Buffer
	if err := htmlTemplate.Execute(&b, v); err != nil {
		return "", "", err
	}
	return b.String(), renderText(d), nil
}

// renderText writes d as plain text.
func renderText(d doc) string {
	var b strings.Builder
	line := func(s string) { b.WriteString(s + "\n") }
	para := func(s string) { line(s); line("") }
	line(d.Title)
	para(strings.Repeat("=", max(len([]rune(d.Title)), 3)))
	if d.Greeting != "" {
		para(d.Greeting)
	}
	for _, p := range d.Intro {
		para(p)
	}
	for _, bl := range d.Blocks {
		if bl.Heading != "" {
			line(bl.Heading)
			line(strings.Repeat("-", max(len([]rune(bl.Heading)), 3)))
		}
		for _, it := range bl.Items {
			s := "* " + it.Title
			if it.Amount != "" {
				s += " — " + it.Amount
			}
			line(s)
			for _, dt := range it.Details {
				line("    " + dt)
			}
		}
		for _, r := range bl.Rows {
			line(r.Label + ": " + r.Value)
		}
		for _, l := range bl.List {
			line("- " + l)
		}
		if bl.Code != "" {
			line("    " + bl.Code)
		}
		if bl.Quote != "" {
			for _, q := range strings.Split(bl.Quote, "\n") {
				line("> " + q)
			}
		}
		if bl.Text != "" {
			line(bl.Text)
		}
		if bl.Link != nil {
			line(bl.Link.Label + ": " + bl.Link.URL)
		}
		line("")
	}
	for _, p := range d.Outro {
		para(p)
	}
	line("-- ")
	line(d.Footer)
	if d.Company.WebURL != "" {
		line(d.Company.WebURL)
	}
	if u := d.Unsubscribe; u != nil {
		line("")
		line(u.Text)
		line(u.Link.Label + ": " + u.Link.URL)
	}
	return b.String()
}

// htmlTemplate lays a doc out for mail clients: tables and inline styles only, the company's colour
// in the header band, headings and button, its logo on top. html/template escapes every value and
// refuses unsafe URLs.
var htmlTemplate = template.Must(template.New("mail").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}" dir="{{.Dir}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{.Title}}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div dir="{{.Dir}}" style="background:#f3f4f6;padding:24px 12px;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1f2937;text-align:{{.Align}};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-collapse:collapse;border-radius:8px;">
<tr><td style="background:{{.Color}};padding:20px 24px;color:#ffffff;">
{{- if .Company.Logo}}<img src="{{.Company.Logo}}" alt="{{.Company.Name}}" height="48" style="display:block;height:48px;max-width:220px;border:0;margin-bottom:8px;">{{end -}}
<div style="font-size:18px;font-weight:bold;">{{.Company.Name}}</div></td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 16px;font-size:22px;color:{{.Color}};">{{.Title}}</h1>
{{- with .Greeting}}<p style="margin:0 0 12px;">{{.}}</p>{{end}}
{{- range .Intro}}<p style="margin:0 0 12px;line-height:1.5;">{{.}}</p>{{end}}
{{- range .Blocks}}
<div style="margin:20px 0 0;">
{{- with .Heading}}<h2 style="margin:0 0 8px;font-size:16px;color:{{$.Color}};border-bottom:1px solid #e5e7eb;padding-bottom:4px;">{{.}}</h2>{{end}}
{{- if .Items}}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">
{{- range .Items}}<tr><td style="padding:6px 0;vertical-align:top;"><strong>{{.Title}}</strong>
{{- range .Details}}<div style="color:#4b5563;font-size:14px;">{{.}}</div>{{end}}</td>
<td style="padding:6px 0;vertical-align:top;text-align:{{if eq $.Dir "rtl"}}left{{else}}right{{end}};white-space:nowrap;"><span dir="ltr">{{.Amount}}</span></td></tr>{{end}}
</table>{{end}}
{{- if .Rows}}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">
{{- range .Rows}}<tr><td style="padding:4px 0;color:#4b5563;">{{.Label}}</td><td style="padding:4px 0;text-align:{{if eq $.Dir "rtl"}}left{{else}}right{{end}};{{if .Strong}}font-weight:bold;font-size:17px;{{end}}">{{if .LTR}}<span dir="ltr">{{.Value}}</span>{{else}}{{.Value}}{{end}}</td></tr>{{end}}
</table>{{end}}
{{- if .List}}<ul style="margin:0;padding-inline-start:20px;">{{range .List}}<li style="margin:2px 0;">{{.}}</li>{{end}}</ul>{{end}}
{{- with .Image}}<p style="margin:8px 0;text-align:{{$.Align}};"><img src="{{.Src}}" alt="{{.Alt}}" width="{{.Size}}" height="{{.Size}}" style="display:inline-block;width:{{.Size}}px;height:{{.Size}}px;border:0;"></p>{{end}}
{{- with .Code}}<p dir="ltr" style="margin:8px 0;font-size:24px;font-weight:bold;letter-spacing:2px;font-family:'Courier New',monospace;text-align:{{$.Align}};">{{.}}</p>{{end}}
{{- with .Quote}}<blockquote style="margin:8px 0;padding:8px 12px;border-inline-start:4px solid {{$.Color}};background:#f9fafb;white-space:pre-line;font-style:italic;">{{.}}</blockquote>{{end}}
{{- with .Text}}<p style="margin:8px 0;line-height:1.5;">{{.}}</p>{{end}}
{{- with .Link}}<p style="margin:12px 0;"><a href="{{.URL}}" style="display:inline-block;background:{{$.Color}};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold;">{{.Label}}</a></p>{{end}}
</div>{{end}}
{{- range .Outro}}<p style="margin:20px 0 0;line-height:1.5;">{{.}}</p>{{end}}
</td></tr>
<tr><td style="padding:16px 24px;background:#f9fafb;font-size:12px;color:#6b7280;">{{.Footer}}
{{- with .Company.WebURL}} <a href="{{.}}" style="color:{{$.Color}};">{{$.WebLabel}}</a>{{end}}
{{- with .Unsubscribe}}<p style="margin:8px 0 0;">{{.Text}} <a href="{{.Link.URL}}" style="color:{{$.Color}};">{{.Link.Label}}</a></p>{{end}}</td></tr>
</table>
</div>
</body>
</html>
`))
