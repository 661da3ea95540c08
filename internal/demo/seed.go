package demo

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"pitlane/internal/catalog"
	"pitlane/internal/company"
	"pitlane/internal/store"
	"pitlane/internal/waitlist"
)

// seeder writes one company spec inside a transaction.
type seeder struct {
	ctx   context.Context
	tx    *store.Tx
	now   time.Time
	loc   *time.Location
	today time.Time // local midnight of the seeding day

	// What the history generator needs of the catalogue just written.
	refs       map[string]int64 // product ids by ref; events' ticket products are "event1", "event2"…
	circuits   []int64          // circuit ids by index
	eventIDs   []int64          // event ids by index
	closedDate string           // the special schedule's closed day
	capacity   int              // places per session
}

// seedCompany finds the demo company named s.company.Name or creates it with all its data; the seeder
// it returns (nil when the company existed) writes the company's history once the admins exist.
func seedCompany(ctx context.Context, tx *store.Tx, s companySpec, now time.Time) (CompanyResult, *seeder, error) {
	ids, err := tx.CompanyIDsByName(ctx, s.company.Name)
	if err != nil {
		return CompanyResult{}, nil, err
	}
	if len(ids) > 0 {
		c, err := tx.CompanyByID(ctx, ids[0])
		if err != nil {
			return CompanyResult{}, nil, err
		}
		return CompanyResult{ID: c.ID, Name: c.Name, PublicKey: c.PublicKey, Culture: c.DefaultCulture}, nil, nil
	}
	loc, err := time.LoadLocation(s.company.TimeZone)
	if err != nil {
		return CompanyResult{}, nil, err
	}
	local := now.In(loc)
	sd := &seeder{ctx: ctx, tx: tx, now: now, loc: loc,
		today: time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)}
	c := s.company
	c.PublicKey, c.Token = company.NewPublicKey(), company.NewToken()
	publi := withGeneratedPubli(&c) // active advertising without images gets generated ones
	if err := tx.InsertCompany(ctx, &c, now); err != nil {
		return CompanyResult{}, nil, err
	}
	if err := storePubli(ctx, tx, c.ID, publi, now); err != nil {
		return CompanyResult{}, nil, err
	}
	// Demo companies show the waiting list on their full sessions; real ones opt in from Settings.
	if err := tx.SetWaitlist(ctx, c.ID, true, waitlist.DefaultOfferMinutes); err != nil {
		return CompanyResult{}, nil, err
	}
	if err := sd.all(c, s); err != nil {
		return CompanyResult{}, nil, err
	}
	return CompanyResult{ID: c.ID, Name: c.Name, PublicKey: c.PublicKey, Culture: c.DefaultCulture, Created: true}, sd, nil
}

// date is the local date n days after the seeding day, "YYYY-MM-DD".
func (sd *seeder) date(n int) string { return sd.today.AddDate(0, 0, n).Format(time.DateOnly) }

// at is the instant of the local wall time hhmm ("HH:MM") n days after the seeding day.
func (sd *seeder) at(n int, hhmm string) time.Time {
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		panic(fmt.Sprintf("demo: bad time %q", hhmm))
	}
	d := sd.today.AddDate(0, 0, n)
	return time.Date(d.Year(), d.Month(), d.Day(), t.Hour(), t.Minute(), 0, 0, sd.loc)
}

func (sd *seeder) all(c company.Company, s companySpec) error {
	ctx, tx, now := sd.ctx, sd.tx, sd.now
	in := s.installation
	instID, err := tx.InsertInstallation(ctx, store.SeedInstallation{CompanyID: c.ID, Name: in.name,
		TimeZone: c.TimeZone, Interval: in.interval, Opening: in.opening, Closing: in.closing,
		MaxParticipants: in.maxParticipants, MaxDaysBooking: in.maxDaysBooking,
		GeneralSchedule: jsonText(in.schedule), Rules: in.rules}, now)
	if err != nil {
		return err
	}
	sd.capacity = in.maxParticipants
	closed := s.closedInDays
	for slices.Contains(s.closedWeekdays, weekdayKey(sd.today.AddDate(0, 0, closed))) {
		closed++
	}
	sd.closedDate = sd.date(closed)
	if _, err := tx.InsertSpecialSchedule(ctx, store.SeedSpecialSchedule{InstallationID: instID,
		DateFrom: sd.date(closed), DateTo: sd.date(closed), Closed: true, Periods: "[]"}, now); err != nil {
		return err
	}
	variants := make([]int64, len(s.circuits))
	for i, ci := range s.circuits {
		circuitID, err := tx.InsertCircuit(ctx, instID, ci.name)
		if err != nil {
			return err
		}
		sd.circuits = append(sd.circuits, circuitID)
		if variants[i], err = tx.InsertVariant(ctx, c.ID, circuitID, ci.variantLocal, ci.variantName); err != nil {
			return err
		}
	}
	categoryID, err := tx.InsertCategory(ctx, c.ID, s.category, now)
	if err != nil {
		return err
	}
	refs, err := sd.products(c.ID, s, variants, categoryID)
	if err != nil {
		return err
	}
	sd.refs = refs
	eventKeys, err := sd.events(c, s, variants, len(refs)+1)
	if err != nil {
		return err
	}
	if l := s.licence; l.name != "" {
		// Licences are sold at the desk and by the federation's form, never on the booking page.
		position := len(refs) + len(s.events) + 1
		image, err := sd.picture(c.ID, s, picLicence, l.name, 0, position)
		if err != nil {
			return err
		}
		if refs["licence"], err = tx.InsertProduct(ctx, store.SeedProduct{CompanyID: c.ID, Kind: catalog.KindProduct,
			IDLocal: l.idLocal, Name: l.name, Description: str(l.description), Image: image, PriceCents: l.priceCents,
			Inactive: true, Data: "{}", Position: position}, now); err != nil {
			return err
		}
	}
	for _, d := range s.discounts {
		code := store.SeedDiscountCode{CompanyID: c.ID, Code: d.code, Kind: d.kind, Value: d.value}
		if d.usageLimit > 0 {
			code.UsageLimit = &d.usageLimit
		}
		if d.expiredDaysAgo > 0 {
			code.ExpiresOn = str(sd.date(-d.expiredDaysAgo))
		}
		if _, err := tx.InsertDiscountCode(ctx, code, now); err != nil {
			return err
		}
	}
	return sd.pages(c, s, eventKeys)
}

// products inserts the products and the pack (when it has items); it returns the ids by ref (the pack's
// ref is "pack").
func (sd *seeder) products(companyID int64, s companySpec, variants []int64, categoryID int64) (map[string]int64, error) {
	refs := map[string]int64{}
	for i, p := range s.products {
		data := map[string]any{}
		for k, v := range p.data {
			data[k] = v
		}
		row := store.SeedProduct{CompanyID: companyID, Kind: catalog.KindProduct, IDLocal: p.idLocal, Name: p.name,
			Description: str(p.description), PriceCents: p.priceCents,
			VariantID: &variants[p.circuit], Position: i + 1}
		var err error
		if row.Image, err = sd.picture(companyID, s, pictureKind(p.ref), p.name, 0, row.Position); err != nil {
			return nil, err
		}
		if p.dynamicPrice != nil {
			dyn := map[string]any{}
			for k, v := range p.dynamicPrice {
				dyn[k] = v
			}
			dyn["exceptionalDays"] = map[string]any{sd.date(p.exceptionalDay): dayPrices(p.exceptional...)["prices"]}
			data["dynamicPrice"] = dyn
			row.IsDynamicPrice = true
		}
		row.Data = jsonText(data)
		if p.maxStock > 0 {
			row.MaxStock = &p.maxStock
		}
		if p.inCategory {
			row.CategoryID = &categoryID
		}
		if p.expiredDaysAgo > 0 {
			row.ExpirationDate = str(sd.date(-p.expiredDaysAgo))
		}
		id, err := sd.tx.InsertProduct(sd.ctx, row, sd.now)
		if err != nil {
			return nil, err
		}
		refs[p.ref] = id
	}
	pk := s.pack
	if len(pk.items) == 0 {
		return refs, nil
	}
	position := len(s.products) + 1
	image, err := sd.picture(companyID, s, picPack, pk.name, len(pk.items), position)
	if err != nil {
		return nil, err
	}
	packID, err := sd.tx.InsertProduct(sd.ctx, store.SeedProduct{CompanyID: companyID, Kind: catalog.KindPack,
		IDLocal: pk.idLocal, Name: pk.name, Description: str(pk.description), Image: image,
		PriceCents: pk.priceCents, Data: jsonText(pk.data), VariantID: &variants[pk.circuit],
		CategoryID: &categoryID, Position: position}, sd.now)
	if err != nil {
		return nil, err
	}
	items := make([]int64, len(pk.items))
	for i, ref := range pk.items {
		items[i] = refs[ref]
	}
	if err := sd.tx.InsertPackItems(sd.ctx, packID, items); err != nil {
		return nil, err
	}
	refs["pack"] = packID
	return refs, nil
}

// picture draws the picture of a product of the company (renderProductPicture), stores it as a
// product image and returns its address. The company is new, so the image is too: seeding twice adds
// no media row (seedCompany seeds an existing company's catalogue no more).
func (sd *seeder) picture(companyID int64, s companySpec, kind, name string, items, number int) (*string, error) {
	pic := renderProductPicture(hexColour(s.company.PrimaryColor), hexColour(s.company.SecondaryColor),
		kind, pictureLabel(kind, name, items), number)
	if err := sd.tx.InsertProductImage(sd.ctx, companyID, pic.name, pic.sha, pic.png, sd.now); err != nil {
		return nil, err
	}
	return str(pic.path()), nil
}

// weekdayKey is the MO..SU key of t's weekday.
func weekdayKey(t time.Time) string { return weekdays[(int(t.Weekday())+6)%7] }

// links replaces the placeholders of a landing link (see companySpec).
func links(companyKey string, eventKeys []string) *strings.Replacer {
	pairs := []string{"{key}", companyKey}
	for i, k := range eventKeys {
		pairs = append(pairs, fmt.Sprintf("{event%d}", i+1), k)
	}
	return strings.NewReplacer(pairs...)
}
