package demo

import (
	"slices"

	"pitlane/internal/company"
)

// nameNorte is the name that marks the first demo company.
const nameNorte = "Circuito Norte"

// norte is a Spanish outdoor circuit: euros, online payment, side advertising, licences.
func norte() companySpec {
	web := "https://circuitonorte.example"
	return companySpec{
		company: company.Company{
			Name: nameNorte, DefaultCulture: "es-ES", Country: "ES", Currency: "EUR", CurrencySymbol: "€",
			TimeZone: "Europe/Madrid", Logo: "/demo/norte-logo.svg", FooterImage: str("/demo/norte-footer.svg"),
			PrimaryColor: "#c92a2a", SecondaryColor: "#212529",
			FeatureLicences: true, PaymentsActive: true, PaymentProvider: "simulated",
			ShowEmails: true, EmailOptional: false, ShowUsersAvailable: false,
			MaxParticipants: 12, MaxSlotsBooking: 3, CancelBookingMaxDays: 2, IsRefundEnabled: true,
			// Active advertising; its four images are drawn at seed time (publi.go). The kiosk goes back to
			// its start after a minute without a touch.
			Publi: company.Publi{
				HyperlinkLeft: str(web + "/cumpleanos"), HyperlinkRight: str(web + "/empresas"), IsActive: true,
			},
			KioskIdleSeconds: 60,
			WebURL:           str(web), NewsletterURL: str(web + "/newsletter"),
			WhatsappInfo: str("Recibe las novedades del circuito por WhatsApp: escribe ALTA al +34 600 123 456."),
		},
		installation: installationSpec{
			name: nameNorte, interval: 15, opening: "10:00", closing: "22:00", maxParticipants: 12, maxDaysBooking: 45,
			schedule: weekSchedule(
				[]period{{"10:00", "14:00", true}, {"16:00", "22:00", true}},
				[]period{{"10:00", "22:00", true}, {"16:00", "22:00", false}}, nil),
			// Track maintenance on Saturdays at noon.
			rules: `{"SA":{"excludedHours":[{"from":"14:00","to":"14:30"}],"excludedDays":[]}}`,
		},
		circuits: []circuitSpec{
			{"Pista Grande", "1", "Karts 270 cc"},
			{"Pista Infantil", "2", "Karts infantiles 120 cc"},
		},
		category: "Karts adultos",
		products: []productSpec{
			{ref: "adult10", idLocal: "101", name: "Tanda adultos 10 minutos", priceCents: 2200, inCategory: true,
				description:    "Diez minutos en la Pista Grande con karts de 270 cc. A partir de 16 años y 1,50 m.",
				data:           map[string]any{"durationMinutes": 10},
				dynamicPrice:   weekPrices("10:00", "18:00", "22:00", 22, 24, 27),
				exceptionalDay: 21, exceptional: [][3]any{{"10:00", "22:00", 25}}},
			{ref: "adult15", idLocal: "102", name: "Tanda adultos 15 minutos", priceCents: 2900, inCategory: true,
				description: "Quince minutos para afinar la trazada. Incluye casco, sotocasco y cronometraje.",
				data:        map[string]any{"promotionText": "¡Oferta de temporada!", "oldPrice": 34, "durationMinutes": 15}},
			{ref: "gp", idLocal: "103", name: "Gran Premio (mínimo 4 pilotos)", priceCents: 3900, inCategory: true,
				description: "Clasificación y carrera con parrilla de salida, podio y trofeo para el ganador.",
				data:        map[string]any{"minParticipant": 4}},
			{ref: "kids", idLocal: "201", name: "Tanda infantil 8 minutos", priceCents: 1500, maxStock: 40, circuit: 1,
				description: "Para pilotos de 7 a 12 años en la Pista Infantil, con monitor en pista.",
				data:        map[string]any{"durationMinutes": 8}},
			{ref: "xmas", idLocal: "901", name: "Promoción Navidad", priceCents: 1800, inCategory: true, expiredDaysAgo: 3,
				description: "Tanda de 10 minutos a precio navideño.",
				data:        map[string]any{"durationMinutes": 10}},
		},
		pack: packSpec{idLocal: "301", name: "Pack Campeón: 3 tandas", priceCents: 7900,
			description: "Entrenamiento de 10 minutos, tanda de 15 y Gran Premio seguidos en la Pista Grande.",
			items:       []string{"adult10", "adult15", "gp"},
			data:        map[string]any{"gapSlots": 1, "promotionText": "Ahorra 11 €"}},
		discounts: codes("BIENVENIDO10", "NORTE5", 500, "VERANO20"),
		events: []eventSpec{
			raceEvent("Copa Norte Nocturna", "20:00", "23:00", "Inscripción Copa Norte Nocturna", 4500,
				norteNightHTML, "Confirmo que tengo 16 años o más."),
			teamEvent("Resistencia 3 Horas por Equipos", "10:00", "13:00", "Inscripción de equipo (3 Horas)", 24000,
				norteTeamHTML, "Todos los pilotos del equipo son mayores de edad.", "Categoría"),
		},
		landing: []landingSpec{
			{position: 3, title: "Calendario de eventos", link: "/events/{key}", category: "Eventos"},
			{position: 1, title: "Reservar tanda", link: "/{key}", category: "Reservas"},
			{position: 2, title: "Copa Norte Nocturna", link: "/event/{event1}", category: "Eventos", isNew: true},
			{position: 4, title: "Bonos regalo (muy pronto)", link: "/{key}?voucher=1", category: "Reservas", isDisabled: true},
			{position: 5, title: "Nuestra web", link: web, options: map[string]any{"icon": "world"}},
		},
		terms:        map[string]string{"es-ES": norteTermsES, "en-GB": norteTermsEN},
		closedInDays: 10,
		licence: licenceSpec{idLocal: "L-01", name: "Licencia anual", priceCents: 6000,
			description: "Licencia anual de piloto del circuito: seguro y tarifas de socio durante un año."},
	}
}

// weekSchedule is a weekly schedule with the same two periods on weekdays and at weekends, and the
// listed weekdays closed (both periods off).
func weekSchedule(weekday, weekend []period, closed []string) map[string][]period {
	out := map[string][]period{}
	for i, k := range weekdays {
		switch {
		case slices.Contains(closed, k):
			out[k] = []period{{weekday[0].From, weekday[0].To, false}, {weekday[1].From, weekday[1].To, false}}
		case i >= 5:
			out[k] = weekend
		default:
			out[k] = weekday
		}
	}
	return out
}
