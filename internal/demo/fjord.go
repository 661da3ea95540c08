package demo

import "pitlane/internal/company"

// nameFjord is the name that marks the second demo company.
const nameFjord = "Fjord Karting"

// fjord is a Danish indoor centre: kroner, payment at the circuit, grouped products, no advertising.
func fjord() companySpec {
	web := "https://fjordkarting.example"
	return companySpec{
		company: company.Company{
			Name: nameFjord, DefaultCulture: "da-DK", Country: "DK", Currency: "DKK", CurrencySymbol: "kr.",
			TimeZone: "Europe/Copenhagen", Logo: "/demo/fjord-logo.svg",
			PrimaryColor: "#0b7285", SecondaryColor: "#102a43",
			PaymentsActive: false, PaymentProvider: "simulated",
			ShowUsersAvailable: true, EnableGroupedProducts: true, ShowEventsInBooking: true,
			ShowEmails: false, EmailOptional: true,
			MaxParticipants: 10, MaxSlotsBooking: 3, CancelBookingMaxDays: 1,
			Publi:  company.Publi{IsActive: false},
			WebURL: str(web), NewsletterURL: str(web + "/nyhedsbrev"),
			WhatsappInfo: str("Få besked om nye løb på WhatsApp: skriv START til +45 20 12 34 56."),
		},
		installation: installationSpec{
			name: nameFjord, interval: 20, opening: "12:00", closing: "21:00", maxParticipants: 10, maxDaysBooking: 31,
			// Closed on Mondays; a break for track cleaning on weekdays.
			schedule: weekSchedule(
				[]period{{"12:00", "15:00", true}, {"16:00", "21:00", true}},
				[]period{{"12:00", "21:00", true}, {"16:00", "21:00", false}}, []string{"MO"}),
			rules: `{}`,
		},
		circuits: []circuitSpec{
			{"Fjord Ring", "1", "Voksenkart 390 cc"},
			{"Junior Track", "2", "Juniorkart 160 cc"},
		},
		category: "Voksne",
		products: []productSpec{
			{ref: "adult10", idLocal: "101", name: "Voksen – 10 minutter", priceCents: 19900, inCategory: true,
				description:    "Ti minutter på Fjord Ring i elektriske 390 cc karts. Fra 15 år og 150 cm.",
				data:           map[string]any{"durationMinutes": 10},
				dynamicPrice:   weekPrices("12:00", "18:00", "21:00", 199, 219, 249, "MO"),
				exceptionalDay: 21, exceptional: [][3]any{{"12:00", "21:00", 229}}},
			{ref: "adult15", idLocal: "102", name: "Voksen – 15 minutter", priceCents: 25900, inCategory: true,
				description: "Femten minutter med tidtagning og resultatliste sendt på e-mail.",
				data:        map[string]any{"promotionText": "Sommertilbud", "oldPrice": 299, "durationMinutes": 15}},
			{ref: "corporate", idLocal: "103", name: "Firmaløb (min. 6 kørere)", priceCents: 34900, inCategory: true,
				description: "Træning, kvalifikation og finale med podie og champagne til vinderholdet.",
				data:        map[string]any{"minParticipant": 6}},
			{ref: "kids", idLocal: "201", name: "Junior – 8 minutter", priceCents: 12900, maxStock: 40, circuit: 1,
				description: "For kørere fra 8 til 14 år på Junior Track med instruktør.",
				data:        map[string]any{"durationMinutes": 8}},
		},
		pack: packSpec{idLocal: "301", name: "Racerpakke: 3 heats", priceCents: 69900,
			description: "Træning, 15 minutters heat og firmaløb i træk på Fjord Ring.",
			items:       []string{"adult10", "adult15", "corporate"},
			data:        map[string]any{"gapSlots": 1, "promotionText": "Spar 108 kr."}},
		discounts: codes("VELKOMMEN10", "FJORD50", 5000, "SOMMER20"),
		events: []eventSpec{
			raceEvent("Fjord Grand Prix", "18:00", "21:00", "Tilmelding Fjord Grand Prix", 39900,
				fjordGPHTML, "Jeg bekræfter, at jeg er fyldt 15 år."),
			teamEvent("Holdløb – 2 timers endurance", "12:00", "14:00", "Holdtilmelding (2 timer)", 199900,
				fjordTeamHTML, "Alle kørere på holdet er fyldt 15 år.", "Klasse"),
		},
		landing: []landingSpec{
			{position: 1, title: "Book et heat", link: "/{key}", category: "Booking"},
			{position: 2, title: "Fjord Grand Prix", link: "/event/{event1}", category: "Løb", isNew: true},
			{position: 3, title: "Holdløb", link: "/event/{event2}", category: "Løb"},
			{position: 4, title: "Gavekort (kommer snart)", link: "/{key}?voucher=1", category: "Booking", isDisabled: true},
		},
		terms:          map[string]string{"da-DK": fjordTermsDA, "en-GB": fjordTermsEN},
		closedInDays:   10,
		closedWeekdays: []string{"MO"},
	}
}
