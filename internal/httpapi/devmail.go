package httpapi

import (
	"context"
	"fmt"
	"html/template"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/notify"
)

// DevMailStore reads the e-mail outbox for the dev mail pages; *store.DB implements it.
type DevMailStore interface {
	// RecentEmails returns the newest limit messages, newest first, without bodies.
	RecentEmails(ctx context.Context, limit int) ([]notify.OutboxEntry, error)
	// OutboxEmail returns one message with bodies and attachments; apperr.NotFound if none.
	OutboxEmail(ctx context.Context, id int64) (notify.OutboxEntry, error)
}

// devMailLimit is how many messages the dev mail list shows.
const devMailLimit = 100

// devMailList shows the newest outbox messages (demo mode only): GET /dev/mail.
func (s *Server) devMailList(w http.ResponseWriter, r *http.Request) {
	list, err := s.deps.Outbox.RecentEmails(r.Context(), devMailLimit)
	if err != nil {
		devMailError(w, r, err)
		return
	}
	devMailPage(w, r, devMailListTmpl, list)
}

// devMailShow shows one message's HTML body and its attachments: GET /dev/mail/{id}.
func (s *Server) devMailShow(w http.ResponseWriter, r *http.Request) {
	e, ok := s.devMailEntry(w, r)
	if !ok {
		return
	}
	devMailPage(w, r, devMailShowTmpl, struct {
		E    notify.OutboxEntry
		Body template.HTML
	}{e, template.HTML(bodyOf(e.Message.HTML))}) // #nosec G203 -- rendered by notify's escaping templates
}

// devMailAttachment downloads attachment n (from 0) of a message: GET /dev/mail/{id}/attachments/{n}.
func (s *Server) devMailAttachment(w http.ResponseWriter, r *http.Request) {
	e, ok := s.devMailEntry(w, r)
	if !ok {
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 || n >= len(e.Message.Attachments) {
		http.NotFound(w, r)
		return
	}
	a := e.Message.Attachments[n]
	ct := a.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": a.Name}))
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(a.Data)
}

// devMailEntry reads the message named by the path's id, answering 404 when there is none.
func (s *Server) devMailEntry(w http.ResponseWriter, r *http.Request) (notify.OutboxEntry, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		http.NotFound(w, r)
		return notify.OutboxEntry{}, false
	}
	e, err := s.deps.Outbox.OutboxEmail(r.Context(), id)
	if err != nil {
		devMailError(w, r, err)
		return notify.OutboxEntry{}, false
	}
	return e, true
}

// devMailError answers 404 for a missing message and 500 (logged) for anything else, in plain text.
func devMailError(w http.ResponseWriter, r *http.Request, err error) {
	if apperr.Is(err, apperr.NotFound) {
		http.NotFound(w, r)
		return
	}
	logger(r.Context()).Error("dev mail page", "error", err)
	http.Error(w, "Internal error.", http.StatusInternalServerError)
}

// devMailPage renders a dev mail template as an HTML page that is never cached.
func devMailPage(w http.ResponseWriter, r *http.Request, t *template.Template, data any) {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		devMailError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = fmt.Fprint(w, b.String())
}

// bodyOf returns what lies inside the <body> of an HTML document (the whole text if it has none), so a
// message can be shown inside the dev page.
func bodyOf(html string) string {
	lower := strings.ToLower(html)
	start := strings.Index(lower, "<body")
	if start < 0 {
		return html
	}
	gt := strings.IndexByte(lower[start:], '>')
	end := strings.LastIndex(lower, "</body>")
	if gt < 0 || end < start+gt {
		return html
	}
	return html[start+gt+1 : end]
}

// devMailFuncs are the helpers the dev mail templates use.
var devMailFuncs = template.FuncMap{
	"when": func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05") + " UTC" },
	"size": func(b []byte) string {
		if len(b) < 1024 {
			return strconv.Itoa(len(b)) + " B"
		}
		return strconv.Itoa((len(b)+1023)/1024) + " KB"
	},
}

// devMailStyle is the pages' shared look: readable, plain, inline.
const devMailStyle = `<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:0;background:#f3f4f6;color:#111827}
header{background:#111827;color:#fff;padding:12px 24px}header a{color:#fff}
main{max-width:1100px;margin:0 auto;padding:16px 24px}
.note{background:#fef3c7;border:1px solid #f59e0b;padding:8px 12px;border-radius:6px}
table.list{width:100%;border-collapse:collapse;background:#fff}
.list th,.list td{text-align:start;padding:8px;border-bottom:1px solid #e5e7eb;vertical-align:top;font-size:14px}
.list th{background:#e5e7eb}
.st{display:inline-block;padding:2px 8px;border-radius:10px;font-size:12px;background:#e5e7eb}
.st-sent{background:#d1fae5}.st-failed{background:#fee2e2}.st-pending,.st-sending{background:#dbeafe}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:12px;border-radius:6px}
.meta dt{font-weight:600}.meta dd{margin:0}
.mail{background:#fff;border:1px solid #d1d5db;border-radius:6px;margin-top:16px}
details pre{white-space:pre-wrap;background:#fff;padding:12px;border-radius:6px}
</style>`

var devMailListTmpl = template.Must(template.New("list").Funcs(devMailFuncs).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox – Pitlane dev mail</title>` + devMailStyle + `</head>
<body><header><strong>Pitlane dev mail</strong></header>
<main>
<h1>Outbox</h1>
<p class="note">Demo mode only. Every e-mail the server writes lands here, newest first (the latest ` +
	strconv.Itoa(devMailLimit) + `). Without an SMTP server configured they stay pending.</p>
{{if .}}<table class="list">
<thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Kind</th><th scope="col">Language</th><th scope="col">Status</th></tr></thead>
<tbody>
{{range .}}<tr>
<td>{{when .CreatedAt}}</td>
<td>{{.Message.To}}</td>
<td><a href="/dev/mail/{{.ID}}">{{.Message.Subject}}</a></td>
<td>{{.Message.Kind}}</td>
<td>{{.Message.Culture}}</td>
<td><span class="st st-{{.Status}}">{{.Status}}</span>{{if .Attempts}} ({{.Attempts}} attempt{{if gt .Attempts 1}}s{{end}}){{end}}</td>
</tr>{{end}}
</tbody></table>
{{else}}<p>No e-mails yet. Make a booking and come back.</p>{{end}}
</main></body></html>
`))

var devMailShowTmpl = template.Must(template.New("show").Funcs(devMailFuncs).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.E.Message.Subject}} – Pitlane dev mail</title>` + devMailStyle + `</head>
<body><header><a href="/dev/mail">← Outbox</a></header>
<main>
<h1>{{.E.Message.Subject}}</h1>
<dl class="meta">
<dt>To</dt><dd>{{.E.Message.To}}</dd>
<dt>Kind</dt><dd>{{.E.Message.Kind}}</dd>
<dt>Language</dt><dd>{{.E.Message.Culture}}</dd>
<dt>Status</dt><dd><span class="st st-{{.E.Status}}">{{.E.Status}}</span>{{if .E.Attempts}}, {{.E.Attempts}} attempt(s){{end}}{{with .E.LastError}}: {{.}}{{end}}</dd>
<dt>Created</dt><dd>{{when .E.CreatedAt}}</dd>
{{with .E.SentAt}}<dt>Sent</dt><dd>{{when .}}</dd>{{end}}
<dt>Attachments</dt><dd>{{range $i, $a := .E.Message.Attachments}}<a href="/dev/mail/{{$.E.ID}}/attachments/{{$i}}" download="{{$a.Name}}">{{$a.Name}}</a> ({{size $a.Data}}) {{else}}none{{end}}</dd>
</dl>
<section class="mail" aria-label="Message" lang="{{.E.Message.Culture}}">
{{.Body}}
</section>
<details><summary>Plain text version</summary><pre>{{.E.Message.Text}}</pre></details>
</main></body></html>
`))
