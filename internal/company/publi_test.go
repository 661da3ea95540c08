package company_test

import (
	"encoding/json"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
)

func str(s string) *string { return &s }

func TestPubliCulture(t *testing.T) {
	for in, want := range map[string]string{
		"es-ES": "es", "es": "es", "ES-mx": "es", "da-DK": "dk", "da": "dk", "sv-SE": "sv-SE", "sv": "sv-SE",
		"ar-SA": "sa", "ar": "sa", "de-DE": "de", "de-AT": "de", "en-GB": "gb", "en": "gb", "nb-NO": "gb",
		"": "gb", "xx": "gb", "sv-FI": "gb",
	} {
		if got := company.PubliCulture(in); got != want {
			t.Errorf("PubliCulture(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAdvertisingForCulture(t *testing.T) {
	c := company.Company{DefaultCulture: "es-ES", Publi: company.Publi{IsActive: true,
		ImgLeftDefault: str("/l-es"), ImgRightDefault: str("/r-es"), ImgLeftENG: str("/l-en"), ImgRightENG: nil,
		HyperlinkLeft: str("https://karts.example/a"), HyperlinkRight: str("javascript:alert(1)")}}
	es := company.AdvertisingFor(c, "es-ES")
	if es == nil || es.Culture != "es" || *es.ImgLeft != "/l-es" || *es.ImgRight != "/r-es" {
		t.Fatalf("Spanish on a Spanish company: %+v, want the default images", es)
	}
	if es.HyperlinkRight != nil || *es.HyperlinkLeft != "https://karts.example/a" {
		t.Errorf("links %v %v: the unsafe one must be dropped", es.HyperlinkLeft, es.HyperlinkRight)
	}
	de := company.AdvertisingFor(c, "de-DE")
	if de.Culture != "de" || *de.ImgLeft != "/l-en" || *de.ImgRight != "/r-es" {
		t.Errorf("German: %+v, want the English variant, the missing right one falling back to the default", de)
	}
	c.Publi.IsActive = false
	if got := company.AdvertisingFor(c, "es-ES"); got != nil {
		t.Errorf("inactive advertising: %+v, want none", got)
	}
}

func TestPublicOfCarriesKioskSettingsAndCloudData(t *testing.T) {
	c := company.Company{ID: 7, Name: "Norte", DefaultCulture: "es-ES", Logo: "/logo.svg",
		Publi: company.Publi{IsActive: true, ImgLeftENG: str("/l-en")}}
	p := company.PublicOf(c, nil, "")
	if p.Kiosk.DefaultLanguage != "es-ES" || p.Kiosk.IdleSeconds != 90 {
		t.Errorf("kiosk defaults %+v, want the company's culture and 90 s", p.Kiosk)
	}
	var data company.CloudData
	if err := json.Unmarshal([]byte(p.Data), &data); err != nil {
		t.Fatalf("data is not JSON text: %v", err)
	}
	if data.Logo != "/logo.svg" || data.DefaultKioskLanguage != "es-ES" || data.KioskIdleSeconds != 90 || !data.Publi.IsActive ||
		data.Landing == nil {
		t.Errorf("cloud data %+v", data)
	}
	c.KioskLanguage, c.KioskIdleSeconds = "sv-SE", 30
	p = company.PublicOf(c, nil, "")
	if p.Kiosk.DefaultLanguage != "sv-SE" || p.Kiosk.IdleSeconds != 30 || p.Advertising.Culture != "sv-SE" || *p.Advertising.ImgLeft != "/l-en" {
		t.Errorf("kiosk in Swedish: %+v %+v", p.Kiosk, p.Advertising)
	}
}

func TestHTTPLink(t *testing.T) {
	for link, want := range map[string]bool{
		"https://karts.example/promo": true, "http://karts.example": true, "https://karts.example/a?b=c#d": true,
		"/promo": false, "//evil.example": false, "javascript:alert(1)": false, "JaVaScRiPt:alert(1)": false,
		" https://karts.example": false, "java\tscript:alert(1)": false, "data:text/html,hi": false,
		"ftp://karts.example": false, "https://user:pw@karts.example": false, "https://": false, "mailto:a@b.c": false,
		"https://karts.example/" + string(make([]byte, 2001)): false,
	} {
		if got := company.HTTPLink(link); got != want {
			t.Errorf("HTTPLink(%.40q) = %v, want %v", link, got, want)
		}
	}
}

func TestApplyPubliUpdate(t *testing.T) {
	sum := "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	img := "/api/publi/image/" + sum + ".jpg"
	c := company.Company{ID: 3, DefaultCulture: "da-DK", Publi: company.Publi{IsActive: true}}
	ch, err := company.ApplyPubliUpdate(c, company.PubliUpdate{ImgLeftDefault: str(img), ImgRightENG: str(""),
		HyperlinkLeft: str(" https://karts.example/x "), HyperlinkRight: str("")})
	if err != nil {
		t.Fatal(err)
	}
	if *ch.Publi.ImgLeftDefault != img || ch.Publi.ImgRightENG != nil || *ch.Publi.HyperlinkLeft != "https://karts.example/x" ||
		ch.Publi.HyperlinkRight != nil || !ch.Publi.IsActive || ch.Images["imgLeftDefault"] != sum || ch.KioskIdleSeconds != 90 {
		t.Errorf("change %+v", ch)
	}
	off, idle, lang := false, 14, "xx-XX"
	_, err = company.ApplyPubliUpdate(c, company.PubliUpdate{ImgLeftENG: str("https://cdn.example/a.jpg"), HyperlinkLeft: str("javascript:alert(1)"),
		HyperlinkRight: str("/relative"), IsActive: &off, KioskIdleSeconds: &idle, KioskLanguage: &lang})
	var e *apperr.Error
	if !apperr.Is(err, apperr.Unprocessable) || !asErr(err, &e) {
		t.Fatalf("bad update: %v, want 422", err)
	}
	for _, f := range []string{"imgLeftENG", "hyperlinkLeft", "hyperlinkRight", "kioskIdleSeconds", "defaultKioskLanguage"} {
		if e.Fields[f] == "" {
			t.Errorf("no field error for %s: %v", f, e.Fields)
		}
	}
}
