package demo_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// configKeys is the required property list of the Config schema in docs/openapi.yaml.
var configKeys = []string{"idCompany", "companyName", "logo", "maxParticipants", "isPaymentsActive", "voucherMode",
	"enableGroupedProducts", "showEventsInBooking", "showEmails", "emailOptional", "showUsersAvailable",
	"maxSlotsBooking", "cancelBookingMaxDays", "defaultCulture", "token", "landing", "theme", "footerImage",
	"country", "simbolCoinType", "currency", "features", "publi", "waitlistEnabled"}

func TestConfigOfDemoCompanies(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r, _ := seed(t, db)
		svc := company.NewService(db.Companies())
		companies := byName(r)

		norte, err := svc.Config(ctx, companies["Circuito Norte"].PublicKey)
		if err != nil {
			t.Fatal(err)
		}
		if norte.IDCompany != companies["Circuito Norte"].ID || norte.CompanyName != "Circuito Norte" ||
			norte.Theme != (company.Theme{PrimaryColor: "#c92a2a", SecondaryColor: "#212529"}) ||
			norte.IsPaymentsActive != 1 || norte.DefaultCulture != "es-ES" || norte.Country != "ES" ||
			norte.Currency != "EUR" || norte.SimbolCoinType != "€" || !norte.Features.Licences ||
			norte.MaxParticipants != 12 || norte.CancelBookingMaxDays != 2 || !norte.ShowEmails || norte.EmailOptional ||
			norte.Logo != "/demo/norte-logo.svg" || norte.FooterImage == nil || *norte.FooterImage != "/demo/norte-footer.svg" {
			t.Errorf("Circuito Norte config: %+v", norte)
		}
		if len(norte.Token) < 22 || norte.Token == companies["Circuito Norte"].PublicKey {
			t.Errorf("Circuito Norte token %q: want a random token distinct from the public key", norte.Token)
		}
		var titles []string
		for _, b := range norte.Landing {
			titles = append(titles, b.Title)
		}
		wantTitles := []string{"Reservar tanda", "Copa Norte Nocturna", "Calendario de eventos", "Bonos regalo (muy pronto)", "Nuestra web"}
		if !slices.Equal(titles, wantTitles) {
			t.Errorf("landing in order %q, want %q", titles, wantTitles)
		}
		if b := norte.Landing[0]; b.Link != "/"+companies["Circuito Norte"].PublicKey || b.Category == nil || *b.Category != "Reservas" {
			t.Errorf("first landing button %+v", b)
		}
		if !norte.Landing[1].IsNew || !norte.Landing[3].IsDisabled || norte.Landing[2].IsNew || !strings.HasPrefix(norte.Landing[1].Link, "/event/") {
			t.Errorf("landing flags: %+v", norte.Landing)
		}
		p := norte.Publi
		// Its four advertising images are generated at seed time and stored: four different addresses.
		seen := map[string]bool{}
		for _, img := range []*string{p.ImgLeftDefault, p.ImgRightDefault, p.ImgLeftENG, p.ImgRightENG} {
			if img == nil || !strings.HasPrefix(*img, "/api/publi/image/") || seen[*img] {
				t.Errorf("Circuito Norte publi image %v: want four distinct stored images", img)
				continue
			}
			seen[*img] = true
		}
		if !p.IsActive || p.HyperlinkLeft == nil {
			t.Errorf("Circuito Norte publi: %+v", p)
		}

		fjord, err := svc.Config(ctx, companies["Fjord Karting"].PublicKey)
		if err != nil {
			t.Fatal(err)
		}
		if fjord.IsPaymentsActive != 0 || fjord.SimbolCoinType != "kr." || fjord.Currency != "DKK" ||
			fjord.Theme.PrimaryColor != "#0b7285" || fjord.Theme.SecondaryColor != "#102a43" ||
			fjord.DefaultCulture != "da-DK" || !fjord.EnableGroupedProducts || !fjord.ShowEventsInBooking ||
			!fjord.ShowUsersAvailable || fjord.Features.Licences || fjord.FooterImage != nil || fjord.MaxParticipants != 10 {
			t.Errorf("Fjord Karting config: %+v", fjord)
		}
		if fjord.Publi != (company.Publi{}) {
			t.Errorf("Fjord Karting publi %+v, want inactive with no images", fjord.Publi)
		}
		if len(fjord.Landing) != 4 || fjord.Landing[0].Title != "Book et heat" {
			t.Errorf("Fjord Karting landing %+v", fjord.Landing)
		}

		// The JSON has exactly the schema's properties, and publi's absent images are null.
		raw, err := json.Marshal(fjord)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		if slices.Sort(keys); !slices.Equal(keys, slices.Sorted(slices.Values(configKeys))) {
			t.Errorf("config JSON keys %q, want %q", keys, configKeys)
		}
		if string(m["footerImage"]) != "null" || !strings.Contains(string(m["publi"]), `"imgLeftDefault":null`) ||
			string(m["isPaymentsActive"]) != "0" || string(m["waitlistEnabled"]) != "true" {
			t.Errorf("config JSON: %s", raw)
		}
	})
}

// The third demo company sells gift vouchers: voucher mode on, paid at the circuit, in Swedish, with
// its own colours and no events.
func TestConfigOfVoucherCompany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r, _ := seed(t, db)
		v := byName(r)["Vättern Karting"]
		if !v.Created || v.Culture != "sv-SE" {
			t.Fatalf("Vättern Karting result %+v", v)
		}
		cfg, err := company.NewService(db.Companies()).Config(ctx, v.PublicKey)
		if err != nil {
			t.Fatal(err)
		}
		if !cfg.VoucherMode || cfg.IsPaymentsActive != 0 || cfg.DefaultCulture != "sv-SE" || cfg.Country != "SE" ||
			cfg.Currency != "SEK" || cfg.SimbolCoinType != "kr" || cfg.Logo != "/demo/vattern-logo.svg" ||
			cfg.Theme != (company.Theme{PrimaryColor: "#5f3dc4", SecondaryColor: "#1b1b3a"}) || cfg.ShowEventsInBooking {
			t.Errorf("Vättern Karting config: %+v", cfg)
		}
		if len(cfg.Landing) != 2 || cfg.Landing[0].Link != "/"+v.PublicKey {
			t.Errorf("Vättern Karting landing %+v", cfg.Landing)
		}
		for name, c := range byName(r) {
			if other, _ := company.NewService(db.Companies()).Config(ctx, c.PublicKey); name != "Vättern Karting" && other.VoucherMode {
				t.Errorf("%s is in voucher mode", name)
			}
		}
	})
}

func TestConfigOfUnknownKeyIsNotFound(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		seed(t, db)
		svc := company.NewService(db.Companies())
		for _, key := range []string{"AAAAAAAAAAAAAAAAAAAAAA", "", "../etc/passwd", "key with spaces", strings.Repeat("a", 201)} {
			_, err := svc.Config(context.Background(), key)
			if !apperr.Is(err, apperr.NotFound) {
				t.Errorf("Config(%q) = %v, want not found", key, err)
			}
		}
	})
}

func TestCompaniesAreListedByID(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r, _ := seed(t, db)
		svc := company.NewService(db.Companies())
		list, err := svc.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 3 || list[0].ID >= list[1].ID || list[1].ID >= list[2].ID || list[0].Name != "Circuito Norte" ||
			list[2].Name != "Vättern Karting" {
			t.Fatalf("List: %+v", list)
		}
		c, err := svc.ByID(ctx, r.Companies[1].ID)
		if err != nil || c.Name != "Fjord Karting" || c.TimeZone != "Europe/Copenhagen" || c.PaymentsActive {
			t.Errorf("ByID: %+v, %v", c, err)
		}
		if _, err := svc.ByID(ctx, 9999); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("ByID(9999) = %v, want not found", err)
		}
	})
}
