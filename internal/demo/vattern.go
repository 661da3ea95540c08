package demo

import "pitlane/internal/company"

// nameVattern is the name that marks the third demo company.
const nameVattern = "Vättern Karting"

// vattern is a Swedish gift-voucher shop in voucher mode: the customer buys a voucher (an open ticket
// redeemed later, with no session), in kronor, paid at the circuit when it is redeemed.
func vattern() companySpec {
	web := "https://vatternkarting.example"
	return companySpec{
		company: company.Company{
			Name: nameVattern, DefaultCulture: "sv-SE", Country: "SE", Currency: "SEK", CurrencySymbol: "kr",
			TimeZone: "Europe/Stockholm", Logo: "/demo/vattern-logo.svg",
			PrimaryColor: "#5f3dc4", SecondaryColor: "#1b1b3a",
			PaymentsActive: false, PaymentProvider: "simulated", VoucherMode: true,
			ShowEmails: false, EmailOptional: true,
			MaxParticipants: 8, MaxSlotsBooking: 3, CancelBookingMaxDays: 14,
			Publi:  company.Publi{IsActive: false},
			WebURL: str(web), NewsletterURL: str(web + "/nyhetsbrev"),
		},
		installation: installationSpec{
			name: nameVattern, interval: 15, opening: "11:00", closing: "20:00", maxParticipants: 8, maxDaysBooking: 60,
			schedule: weekSchedule(
				[]period{{"11:00", "15:00", true}, {"16:00", "20:00", true}},
				[]period{{"11:00", "20:00", true}, {"16:00", "20:00", false}}, nil),
			rules: `{}`,
		},
		circuits: []circuitSpec{{"Vätternbanan", "1", "Elkart 300 cc"}},
		category: "Presentkort",
		products: []productSpec{
			{ref: "gift10", idLocal: "501", name: "Presentkort – 10 minuter", priceCents: 25000, inCategory: true,
				description: "Tio minuter på Vätternbanan i elkart, när mottagaren vill. Gäller i ett år.",
				data:        map[string]any{"durationMinutes": 10}},
			{ref: "giftNight", idLocal: "502", name: "Presentkort – Racerkväll (3 heat)", priceCents: 59000, inCategory: true,
				description: "Träning, kval och final samma kväll, med tidtagning och pokal. Gäller i ett år.",
				data:        map[string]any{"promotionText": "Populärast"}},
		},
		landing: []landingSpec{
			{position: 1, title: "Köp presentkort", link: "/{key}", category: "Presentkort"},
			{position: 2, title: "Vår webbplats", link: web, options: map[string]any{"icon": "world"}},
		},
		terms:        map[string]string{"sv-SE": vatternTermsSV, "en-GB": vatternTermsEN},
		closedInDays: 10,
	}
}

const vatternTermsSV = `Villkor för presentkort – Vättern Karting

1. Presentkort. Ett presentkort gäller i ett år från köpet för det antal förare och den aktivitet som står på kortet.
2. Betalning. Presentkortet betalas i kassan när det löses in. Alla priser är inklusive moms.
3. Inlösen. Boka tid genom att ringa eller besöka oss och uppge presentkortets kod.
4. Ångerrätt. Du kan avboka ett oanvänt presentkort från länken i bekräftelsen inom 14 dagar.
5. Personuppgifter. Vi använder dina uppgifter för att hantera köpet och, om du vill, för att skicka nyheter. Kontakta integritet@vatternkarting.example.`

const vatternTermsEN = `Gift voucher terms – Vättern Karting

1. Vouchers. A voucher is valid for one year from purchase, for the number of drivers and the activity it names.
2. Payment. The voucher is paid at the desk when it is redeemed. All prices include VAT.
3. Redeeming. Book a time by calling or visiting us and giving the voucher's code.
4. Cancellation. You can cancel an unused voucher from the link in the confirmation within 14 days.
5. Personal data. We use your details to handle the purchase and, if you wish, to send you news. Contact integritet@vatternkarting.example.`
