package problem_test

import (
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/problem"
)

func TestValidate(t *testing.T) {
	ok := problem.Request{Subject: " Payment ", Text: "It fails.", Captcha: "x", ReplyEmail: "a@b.es", IDCompany: 3, Page: "/b"}
	cases := []struct {
		name   string
		edit   func(*problem.Request)
		fields []string
	}{
		{"good", func(*problem.Request) {}, nil},
		{"reply address optional", func(r *problem.Request) { r.ReplyEmail = " " }, nil},
		{"no company", func(r *problem.Request) { r.IDCompany = 0 }, nil},
		{"text of 500 characters", func(r *problem.Request) { r.Text = strings.Repeat("ñ", 500) }, nil},
		{"text of 501 characters", func(r *problem.Request) { r.Text = strings.Repeat("ñ", 501) }, []string{"text"}},
		{"blank text", func(r *problem.Request) { r.Text = " \n " }, []string{"text"}},
		{"subject of 201 characters", func(r *problem.Request) { r.Subject = strings.Repeat("s", 201) }, []string{"subject"}},
		{"bad reply address", func(r *problem.Request) { r.ReplyEmail = "nope" }, []string{"replyEmail"}},
		{"long page", func(r *problem.Request) { r.Page = strings.Repeat("p", 501) }, []string{"page"}},
		{"everything wrong", func(r *problem.Request) { *r = problem.Request{IDCompany: -1} },
			[]string{"subject", "text", "captcha", "idCompany"}},
	}
	for _, c := range cases {
		r := ok
		c.edit(&r)
		rep, err := problem.Validate(r)
		if len(c.fields) == 0 {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			} else if rep.Subject != strings.TrimSpace(r.Subject) {
				t.Errorf("%s: subject %q not trimmed", c.name, rep.Subject)
			}
			continue
		}
		var e *apperr.Error
		if err == nil || apperr.CodeOf(err) != apperr.Unprocessable {
			t.Errorf("%s: %v, want unprocessable", c.name, err)
			continue
		}
		e = err.(*apperr.Error)
		for _, f := range c.fields {
			if _, ok := e.Fields[f]; !ok {
				t.Errorf("%s: fields %v lack %q", c.name, e.Fields, f)
			}
		}
		if len(e.Fields) != len(c.fields) {
			t.Errorf("%s: fields %v, want only %v", c.name, e.Fields, c.fields)
		}
	}
}
