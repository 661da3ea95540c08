package event

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
)

func TestNormalizePhone(t *testing.T) {
	cases := []struct {
		raw, country, want string
	}{
		{"+34 600 123 456", "ES", "+34600123456"},
		{"600123456", "ES", "+34600123456"},
		{"+45 20 12 34 56", "ES", "+4520123456"},
		{"20123456", "DK", "+4520123456"},
		{"+44 7911 123456", "", "+447911123456"},
		{"12345", "ES", ""},           // too short
		{"+34 123", "ES", ""},         // too short
		{"+34 000 000 000", "ES", ""}, // not a valid Spanish number
		{"abcdefghij", "ES", ""},
		{"", "ES", ""},
	}
	for _, c := range cases {
		got, ok := NormalizePhone(c.raw, c.country)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("NormalizePhone(%q, %q) = %q, %v; want %q", c.raw, c.country, got, ok, c.want)
		}
	}
}

func TestNickWithCategories(t *testing.T) {
	cases := []struct {
		nick   string
		shorts []string
		want   string
	}{
		{"Ana", nil, "Ana"},
		{"  Ana  ", nil, "Ana"},
		{"Ana", []string{"JR"}, "Ana - JR"},
		{"Los Rápidos", []string{"SR", "NOC"}, "Los Rápidos - SR - NOC"},
		{"Ana - JR", []string{"JR"}, "Ana - JR"}, // the web form appended it already
		{"Ana - JR", []string{"SR"}, "Ana - JR - SR"},
	}
	for _, c := range cases {
		if got := NickWithCategories(c.nick, c.shorts); got != c.want {
			t.Errorf("NickWithCategories(%q, %q) = %q, want %q", c.nick, c.shorts, got, c.want)
		}
	}
}

func TestChooseOptions(t *testing.T) {
	exclusive := Category{Title: "Categoría", Excluding: true, Options: []Option{
		{Name: "Junior", ShortName: "JR"}, {Name: "Senior", ShortName: "SR"}, {Name: "Master", ShortName: "MS", Disabled: true}}}
	extras := Category{Title: "Extras", Options: []Option{{Name: "Comida", ShortName: "CO"}, {Name: "Foto", ShortName: "FO"}}}
	cases := []struct {
		name    string
		cats    []Category
		chosen  []string
		want    []string
		problem string // what the categories field error says; empty when valid
	}{
		{"no categories, none chosen", nil, nil, nil, ""},
		{"exclusive: one", []Category{exclusive}, []string{"SR"}, []string{"SR"}, ""},
		{"exclusive: none", []Category{exclusive}, nil, nil, "choose exactly one option of Categoría"},
		{"exclusive: two", []Category{exclusive}, []string{"JR", "SR"}, nil, "choose exactly one"},
		{"exclusive: disabled option", []Category{exclusive}, []string{"MS"}, nil, "cannot be chosen"},
		{"unknown option", []Category{exclusive}, []string{"SR", "XX"}, nil, "unknown option XX"},
		{"options of no category", nil, []string{"JR"}, nil, "unknown option JR"},
		{"subset: none", []Category{extras}, nil, nil, ""},
		{"subset: both, in option order", []Category{extras}, []string{"FO", "CO"}, []string{"CO", "FO"}, ""},
		{"repeats count once", []Category{exclusive}, []string{"JR", "JR"}, []string{"JR"}, ""},
		{"two categories", []Category{exclusive, extras}, []string{"FO", "JR"}, []string{"JR", "FO"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fe := apperr.FieldErrors{}
			got := ChooseOptions(c.cats, c.chosen, fe)
			if c.problem != "" {
				if !strings.Contains(fe["categories"], c.problem) {
					t.Errorf("problem %q, want %q", fe["categories"], c.problem)
				}
				return
			}
			if len(fe) > 0 || !slices.Equal(got, c.want) {
				t.Errorf("chose %q (%v), want %q", got, fe, c.want)
			}
		})
	}
}

func TestValidateForm(t *testing.T) {
	team := Detail{Event: Event{Team: true, StartsAt: time.Now().Add(time.Hour)},
		Categories: []Category{{Title: "Categoría", Excluding: true, Options: []Option{{Name: "Junior", ShortName: "JR"}, {Name: "Senior", ShortName: "SR"}}}},
		Ticket:     Ticket{Data: `{"checkboxText":"Todos son mayores de edad."}`}}
	individual := Detail{Event: Event{Data: Data{CheckboxText: "Tengo 16 años o más."}}}
	plain := Detail{}
	yes, no := true, false
	str := func(s string) *string { return &s }
	valid := func() SaveRequest {
		return SaveRequest{Nick: "Ana", Phone: "+34 600 123 456", Email: "ana@example.com", EmailConfirmation: str("ANA@example.com"),
			Event: EventRef{ID: 1}, Token: "cart", IdentifiersPrebooking: []string{"hold"}, AgeConfirmed: &yes}
	}
	cases := []struct {
		name   string
		d      Detail
		edit   func(r *SaveRequest)
		nick   string // the stored nick when valid
		field  string // the field a 422 names
		isTeam bool
	}{
		{name: "individual", d: individual, nick: "Ana"},
		{name: "plain event needs no age confirmation", d: plain, edit: func(r *SaveRequest) { r.AgeConfirmed = nil }, nick: "Ana"},
		{name: "team with category", d: team, edit: func(r *SaveRequest) { r.Nick = "Los Rápidos"; r.Categories = []string{"JR"} }, nick: "Los Rápidos - JR", isTeam: true},
		{name: "team name field wins", d: team, edit: func(r *SaveRequest) { r.TeamName = str("Equipo Rayo"); r.Categories = []string{"SR"} }, nick: "Equipo Rayo - SR", isTeam: true},
		{name: "team without category", d: team, field: "categories"},
		{name: "team name on an individual event", d: individual, edit: func(r *SaveRequest) { r.TeamName = str("X") }, field: "teamName"},
		{name: "age not confirmed", d: individual, edit: func(r *SaveRequest) { r.AgeConfirmed = &no }, field: "ageConfirmed"},
		{name: "age missing, checkbox from the ticket", d: team, edit: func(r *SaveRequest) { r.AgeConfirmed = nil; r.Categories = []string{"JR"} }, field: "ageConfirmed"},
		{name: "blank nick", d: individual, edit: func(r *SaveRequest) { r.Nick = "   " }, field: "nick"},
		{name: "nick with a slash", d: individual, edit: func(r *SaveRequest) { r.Nick = "Ana/Luis" }, field: "nick"},
		{name: "nick in CJK", d: individual, edit: func(r *SaveRequest) { r.Nick = "赛车手" }, field: "nick"},
		{name: "Arabic nick is fine", d: individual, edit: func(r *SaveRequest) { r.Nick = "سائق" }, nick: "سائق"},
		{name: "nick too long", d: individual, edit: func(r *SaveRequest) { r.Nick = strings.Repeat("a", 101) }, field: "nick"},
		{name: "bad phone", d: individual, edit: func(r *SaveRequest) { r.Phone = "12345" }, field: "phone"},
		{name: "no phone", d: individual, edit: func(r *SaveRequest) { r.Phone = "" }, field: "phone"},
		{name: "bad email", d: individual, edit: func(r *SaveRequest) { r.Email = "ana@"; r.EmailConfirmation = nil }, field: "email"},
		{name: "emails differ", d: individual, edit: func(r *SaveRequest) { r.EmailConfirmation = str("ana@example.org") }, field: "emailConfirmation"},
		{name: "no confirmation is fine", d: individual, edit: func(r *SaveRequest) { r.EmailConfirmation = nil }, nick: "Ana"},
		{name: "no hold", d: individual, edit: func(r *SaveRequest) { r.IdentifiersPrebooking = nil }, field: "identifiersPrebooking"},
		{name: "two holds", d: individual, edit: func(r *SaveRequest) { r.IdentifiersPrebooking = []string{"a", "b"} }, field: "identifiersPrebooking"},
		{name: "no cart", d: individual, edit: func(r *SaveRequest) { r.Token = "" }, field: "token"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := valid()
			if c.edit != nil {
				c.edit(&r)
			}
			f, err := ValidateForm(r, c.d, "ES")
			if c.field != "" {
				var e *apperr.Error
				if !errors.As(err, &e) || e.Code != apperr.Unprocessable || e.Fields[c.field] == "" {
					t.Fatalf("err %v, want 422 naming %s", err, c.field)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f.Nick != c.nick || f.IsTeam != c.isTeam || f.Phone != "+34600123456" || f.Email != "ana@example.com" ||
				f.Identifier != "hold" || f.CartToken != "cart" {
				t.Errorf("form %+v", f)
			}
		})
	}
}

func FuzzNormalizePhone(f *testing.F) {
	for _, s := range []string{"+34 600 123 456", "600123456", "+45 20 12 34 56", "", "++++", "+0000000", "(+34) 600-12-34-56"} {
		f.Add(s, "ES")
	}
	f.Fuzz(func(t *testing.T, raw, country string) {
		got, ok := NormalizePhone(raw, country)
		if ok != (got != "") {
			t.Fatalf("NormalizePhone(%q, %q) = %q, %v", raw, country, got, ok)
		}
		if ok {
			if again, ok2 := NormalizePhone(got, ""); !ok2 || again != got {
				t.Fatalf("E.164 %q of %q does not read back: %q %v", got, raw, again, ok2)
			}
		}
	})
}
