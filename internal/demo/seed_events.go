package demo

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"pitlane/internal/catalog"
	"pitlane/internal/company"
	"pitlane/internal/store"
)

// eventLayout is how an event's local start and end are written in date_start and date_end.
const eventLayout = "2006-01-02 15:04:05"

// events inserts the company's events, each with its ticket product (at positions from position on)
// and its category; it returns the events' public keys in order.
func (sd *seeder) events(c company.Company, s companySpec, variants []int64, position int) ([]string, error) {
	keys := make([]string, 0, len(s.events))
	for i, e := range s.events {
		key := company.NewPublicKey()
		starts, ends := sd.at(e.daysAhead, e.start), sd.at(e.daysAhead, e.end)
		if !ends.After(starts) {
			ends = ends.AddDate(0, 0, 1)
		}
		data := map[string]any{"companyWebUrl": deref(c.WebURL), "newsletterUrl": deref(c.NewsletterURL),
			"checkboxText": e.checkboxText}
		eventID, err := sd.tx.InsertEvent(sd.ctx, store.SeedEvent{CompanyID: c.ID, PublicKey: key, Name: e.name,
			Team: e.team, DateStart: starts.Format(eventLayout), DateEnd: ends.Format(eventLayout),
			StartsAt: starts, EndsAt: ends, TemplateHTML: e.templateHTML, Data: jsonText(data),
			AddToLanding: true, LandingLink: str("/event/" + key), LandingIsNew: e.landingIsNew}, sd.now)
		if err != nil {
			return nil, err
		}
		if cat := e.category; cat != nil {
			opts := make([]store.SeedEventOption, len(cat.options))
			for j, o := range cat.options {
				opts[j] = store.SeedEventOption{Name: o[0], ShortName: o[1]}
			}
			if _, err := sd.tx.InsertEventCategory(sd.ctx, eventID, cat.title, cat.excluding, opts); err != nil {
				return nil, err
			}
		}
		stock := e.maxStock
		productData := map[string]any{"checkboxText": e.checkboxText}
		sd.eventIDs = append(sd.eventIDs, eventID)
		image, err := sd.picture(c.ID, s, picEvent, e.productName, 0, position+i)
		if err != nil {
			return nil, err
		}
		productID, err := sd.tx.InsertProduct(sd.ctx, store.SeedProduct{CompanyID: c.ID, Kind: catalog.KindEvent,
			IDLocal: e.idLocal, Name: e.productName, Description: str(e.name), Image: image,
			PriceCents: e.priceCents, MaxStock: &stock, Data: jsonText(productData),
			VariantID: &variants[e.circuit], EventID: &eventID, Position: position + i}, sd.now)
		if err != nil {
			return nil, err
		}
		sd.refs[fmt.Sprintf("event%d", i+1)] = productID
		keys = append(keys, key)
	}
	return keys, nil
}

// pages inserts the landing buttons, the terms and the advertising images of the company.
func (sd *seeder) pages(c company.Company, s companySpec, eventKeys []string) error {
	r := links(c.PublicKey, eventKeys)
	for _, l := range s.landing {
		b := company.LandingButton{Title: l.title, Link: r.Replace(l.link), IsNew: l.isNew, IsDisabled: l.isDisabled}
		if l.category != "" {
			b.Category = str(l.category)
		}
		if l.options != nil {
			b.Options = json.RawMessage(jsonText(l.options))
		}
		if err := sd.tx.InsertLandingButton(sd.ctx, c.ID, b, l.position); err != nil {
			return err
		}
	}
	for _, culture := range slices.Sorted(maps.Keys(s.terms)) {
		if err := sd.tx.InsertTerms(sd.ctx, c.ID, culture, s.terms[culture], sd.now); err != nil {
			return err
		}
	}
	// One advertising_images row per image of the publi settings, so the two agree.
	p := c.Publi
	for _, img := range []struct {
		side, lang string
		url, link  *string
	}{
		{"left", "default", p.ImgLeftDefault, p.HyperlinkLeft},
		{"right", "default", p.ImgRightDefault, p.HyperlinkRight},
		{"left", "eng", p.ImgLeftENG, p.HyperlinkLeft},
		{"right", "eng", p.ImgRightENG, p.HyperlinkRight},
	} {
		if img.url == nil {
			continue
		}
		if err := sd.tx.InsertAdvertisingImage(sd.ctx, c.ID, img.side, img.lang, *img.url, img.link); err != nil {
			return err
		}
	}
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
