package httpapi

import (
	"context"
	"errors"
	"html/template"
	"log/slog"
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/payment/simulated"
)

// SimPayService is the simulated payment provider's hosted card page (GET and POST /pay/sim/{ref}).
// Like a real provider's page it is server-rendered HTML, not part of the JSON API.
type SimPayService interface {
	// Page returns what the page shows of a checkout. Returns apperr.NotFound.
	Page(ctx context.Context, ref string) (simulated.View, error)
	// Pay decides a checkout with a card. Returns apperr.NotFound, apperr.Gone (expired) and
	// apperr.Unprocessable with field errors for a card the form rejects.
	Pay(ctx context.Context, ref string, card simulated.Card) (simulated.Result, error)
	// Cancel declines a checkout because the visitor gave up. Errors as Pay.
	Cancel(ctx context.Context, ref string) (simulated.Result, error)
}

// simPayMaxBody caps the card form's body.
const simPayMaxBody = 16 << 10

// simPage is the data of the hosted page's template.
type simPage struct {
	Kind   string // form, result, expired, missing or broken
	View   simulated.View
	Card   simulated.Card // the values typed, shown again after an error (never the CVC)
	Errors map[string]string
	List   []fieldError // the errors in the form's order, for the summary
	First  string       // the first field with an error, focused on load
	T      *simText     // the page's language
}

// fieldError is one line of the error summary, linking to its field.
type fieldError struct{ Field, Message string }

// getSimPay answers GET /pay/sim/{ref}: the card form, or what became of the checkout.
func (s *Server) getSimPay(w http.ResponseWriter, r *http.Request) {
	if s.deps.SimPay == nil {
		renderSimPage(w, r, http.StatusNotFound, simPage{Kind: "missing"})
		return
	}
	v, err := s.deps.SimPay.Page(r.Context(), r.PathValue("ref"))
	switch {
	case err != nil:
		simPayError(w, r, err, v)
	case v.Status == "expired":
		renderSimPage(w, r, http.StatusGone, simPage{Kind: "expired", View: v})
	case v.Status == simulated.StatusPending:
		renderSimPage(w, r, http.StatusOK, simPage{Kind: "form", View: v})
	default:
		renderSimPage(w, r, http.StatusOK, simPage{Kind: "result", View: v})
	}
}

// postSimPay answers POST /pay/sim/{ref}: pay with the card typed or cancel, then send the visitor
// back to the shop with 303; a form error shows the form again with 422.
func (s *Server) postSimPay(w http.ResponseWriter, r *http.Request) {
	if s.deps.SimPay == nil {
		renderSimPage(w, r, http.StatusNotFound, simPage{Kind: "missing"})
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, simPayMaxBody)
	if err := r.ParseForm(); err != nil {
		renderSimPage(w, r, http.StatusBadRequest, simPage{Kind: "broken"})
		return
	}
	ref := r.PathValue("ref")
	card := simulated.Card{Number: r.PostForm.Get(simulated.FieldNumber), Expiry: r.PostForm.Get(simulated.FieldExpiry),
		CVC: r.PostForm.Get(simulated.FieldCVC), Name: r.PostForm.Get(simulated.FieldName)}
	var res simulated.Result
	var err error
	if r.PostForm.Get("action") == "cancel" {
		res, err = s.deps.SimPay.Cancel(r.Context(), ref)
	} else {
		res, err = s.deps.SimPay.Pay(r.Context(), ref, card)
	}
	var appErr *apperr.Error
	switch {
	case errors.As(err, &appErr) && appErr.Code == apperr.Unprocessable:
		card.CVC = ""
		page := simPage{Kind: "form", View: res.View, Card: card, Errors: appErr.Fields}
		for _, f := range []string{simulated.FieldNumber, simulated.FieldExpiry, simulated.FieldCVC, simulated.FieldName} {
			if msg, bad := appErr.Fields[f]; bad {
				page.List = append(page.List, fieldError{f, msg})
			}
		}
		if len(page.List) > 0 {
			page.First = page.List[0].Field
		}
		renderSimPage(w, r, http.StatusUnprocessableEntity, page)
	case err != nil:
		simPayError(w, r, err, res.View)
	case res.Decided:
		http.Redirect(w, r, res.View.ReturnURL, http.StatusSeeOther)
	default:
		renderSimPage(w, r, http.StatusOK, simPage{Kind: "result", View: res.View})
	}
}

// simPayError shows the page for a failed call: not found, expired, or an internal error (logged).
func simPayError(w http.ResponseWriter, r *http.Request, err error, v simulated.View) {
	switch apperr.CodeOf(err) {
	case apperr.NotFound:
		renderSimPage(w, r, http.StatusNotFound, simPage{Kind: "missing"})
	case apperr.Gone:
		renderSimPage(w, r, http.StatusGone, simPage{Kind: "expired", View: v})
	default:
		logger(r.Context()).LogAttrs(r.Context(), slog.LevelError, "simulated payment page failed", slog.String("error", err.Error()))
		renderSimPage(w, r, http.StatusInternalServerError, simPage{Kind: "broken"})
	}
}

// renderSimPage writes the page in the language simPageText picks for the request and the checkout.
func renderSimPage(w http.ResponseWriter, r *http.Request, status int, p simPage) {
	p.T = simPageText(r, p.View.Culture)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex")
	w.WriteHeader(status)
	_ = simPageTemplate.Execute(w, p)
}

// simPageTemplate is the hosted page. Every visible string comes from .T; amounts and card numbers are
// marked left-to-right so they keep their Latin digits in order on a right-to-left page.
var simPageTemplate = template.Must(template.New("simpay").Parse(`<!doctype html>
<html lang="{{.T.Lang}}" dir="{{.T.Dir}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{if eq .Kind "form"}}{{.T.Pay}} {{.View.Amount}}{{else if eq .Kind "result"}}{{if eq .View.Status "approved"}}{{.T.Approved}}{{else}}{{.T.NotMade}}{{end}}{{else if eq .Kind "expired"}}{{.T.ExpiredTitle}}{{else if eq .Kind "missing"}}{{.T.MissingTitle}}{{else}}{{.T.BrokenTitle}}{{end}} · {{with .View.CompanyName}}{{.}} · {{end}}{{.T.TestPayments}}</title>
<style>
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; background: #f3f4f6; color: #111827; }
.banner { background: #7c2d12; color: #fff; padding: .75rem 1rem; text-align: center; }
.company { display: block; font-size: 1.3rem; font-weight: 700; }
.notice { display: block; font-weight: 600; }
main { max-inline-size: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: .75rem; box-shadow: 0 1px 3px #0003; }
h1 { font-size: 1.4rem; margin-block: 0 1rem; }
.amount { font-size: 1.8rem; font-weight: 700; margin: 0; }
.muted { color: #4b5563; }
label { display: block; font-weight: 600; margin-block: 1rem .25rem; }
input { box-sizing: border-box; inline-size: 100%; font-size: 1.1rem; padding: .6rem; border: 2px solid #6b7280; border-radius: .4rem; }
input[aria-invalid="true"] { border-color: #b91c1c; }
.row { display: flex; gap: 1rem; } .row > div { flex: 1; }
.field-error { color: #b91c1c; margin: .25rem 0 0; }
.errors { border: 2px solid #b91c1c; border-radius: .4rem; padding: .5rem 1rem; margin-block-end: 1rem; }
.errors a { color: #b91c1c; }
.actions { display: flex; flex-direction: column; gap: .75rem; margin-block-start: 1.5rem; }
button, .button { font-size: 1.1rem; padding: .75rem; border-radius: .4rem; border: 2px solid #1d4ed8; cursor: pointer; text-align: center; text-decoration: none; }
.pay { background: #1d4ed8; color: #fff; } .cancel, .button { background: #fff; color: #1d4ed8; }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.tests { margin-block-start: 1.5rem; font-size: .95rem; }
code { font-size: 1rem; }
</style>
</head>
<body>
<header class="banner" role="banner">{{with .View.CompanyName}}<span class="company">{{.}}</span>{{end}}<span class="notice">{{.T.NoMoney}}</span></header>
<main id="main">
{{- if eq .Kind "form"}}
<h1>{{.T.PayTitle}}</h1>
<p class="amount"><bdi dir="ltr">{{.View.Amount}}</bdi></p>
<p class="muted">{{.View.Description}}{{with .View.Reference}} · {{$.T.Booking}} <bdi>{{.}}</bdi>{{end}}</p>
<form method="post" novalidate>
{{- with .List}}
<div class="errors" role="alert" aria-labelledby="errors-title">
<h2 id="errors-title">{{$.T.ErrorsTitle}}</h2>
<ul>{{range .}}<li><a href="#{{.Field}}">{{$.T.Message .Message}}</a></li>{{end}}</ul>
</div>
{{- end}}
<label for="number">{{.T.Number}}</label>
<input id="number" name="number" value="{{.Card.Number}}" dir="ltr" inputmode="numeric" autocomplete="cc-number" maxlength="23" required{{if index .Errors "number"}} aria-invalid="true" aria-describedby="number-error"{{end}}{{if eq .First "number"}} autofocus{{end}}>
{{with index .Errors "number"}}<p id="number-error" class="field-error">{{$.T.Message .}}</p>{{end}}
<div class="row">
<div>
<label for="expiry">{{.T.Expiry}}</label>
<input id="expiry" name="expiry" value="{{.Card.Expiry}}" dir="ltr" inputmode="numeric" autocomplete="cc-exp" maxlength="7" required{{if index .Errors "expiry"}} aria-invalid="true" aria-describedby="expiry-error"{{end}}{{if eq .First "expiry"}} autofocus{{end}}>
{{with index .Errors "expiry"}}<p id="expiry-error" class="field-error">{{$.T.Message .}}</p>{{end}}
</div>
<div>
<label for="cvc">{{.T.CVC}}</label>
<input id="cvc" name="cvc" dir="ltr" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required{{if index .Errors "cvc"}} aria-invalid="true" aria-describedby="cvc-error"{{end}}{{if eq .First "cvc"}} autofocus{{end}}>
{{with index .Errors "cvc"}}<p id="cvc-error" class="field-error">{{$.T.Message .}}</p>{{end}}
</div>
</div>
<label for="name">{{.T.Name}}</label>
<input id="name" name="name" value="{{.Card.Name}}" autocomplete="cc-name" maxlength="100" required{{if index .Errors "name"}} aria-invalid="true" aria-describedby="name-error"{{end}}{{if eq .First "name"}} autofocus{{end}}>
{{with index .Errors "name"}}<p id="name-error" class="field-error">{{$.T.Message .}}</p>{{end}}
<div class="actions">
<button class="pay" type="submit" name="action" value="pay">{{.T.Pay}} <bdi dir="ltr">{{.View.Amount}}</bdi></button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>{{.T.CancelReturn}}</button>
</div>
</form>
<section class="tests" aria-labelledby="tests-title">
<h2 id="tests-title">{{.T.TestCards}}</h2>
<ul>
<li><code dir="ltr">4242 4242 4242 4242</code>: {{.T.Approves}}</li>
<li><code dir="ltr">4000 0000 0000 0002</code>: {{.T.Declines}}</li>
<li>{{.T.Any}}</li>
</ul>
</section>
{{- else if eq .Kind "result"}}
<h1>{{if eq .View.Status "approved"}}{{.T.Approved}}{{else}}{{.T.NotMade}}{{end}}</h1>
<p class="amount"><bdi dir="ltr">{{.View.Amount}}</bdi></p>
<p>{{if eq .View.Status "approved"}}{{.T.Made}}{{else if .View.DeclineReason}}{{.T.Message .View.DeclineReason}}{{else}}{{.T.Declined}}{{end}}</p>
<p><a class="button" href="{{.View.ReturnURL}}">{{.T.Return}}</a></p>
{{- else if eq .Kind "expired"}}
<h1>{{.T.ExpiredTitle}}</h1>
<p>{{.T.ExpiredText}}</p>
{{with .View.CancelURL}}<p><a class="button" href="{{.}}">{{$.T.Return}}</a></p>{{end}}
{{- else if eq .Kind "missing"}}
<h1>{{.T.MissingTitle}}</h1>
<p>{{.T.MissingText}}</p>
{{- else}}
<h1>{{.T.BrokenTitle}}</h1>
<p>{{.T.BrokenText}}</p>
{{- end}}
</main>
</body>
</html>
`))
