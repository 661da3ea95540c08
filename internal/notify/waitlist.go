package notify

import (
	"errors"
	"strconv"
	"strings"
)

// Outbox kinds of the waiting list's mails (issue 27).
const (
	KindWaitlistJoined = "waitlist_joined"
	KindWaitlistOffer  = "waitlist_offer"
)

// WaitlistMail is what a waiting-list mail says: to whom, which session, and the links.
type WaitlistMail struct {
	To, Culture, Name string
	CompanyName       string
	Session           string // the session as the circuit shows it: "2026-12-01 18:00"
	Drivers           int
	Position          int    // the joined mail: the place in the list
	Minutes           int    // the offer mail: how long the places are held
	Until             string // the offer mail: the local time the hold ends, "18:30"
	OfferURL          string // the offer mail: the link that opens the booking with the places held
	LeaveURL          string // every mail: the link that leaves the list
}

// waitStrings are the waiting-list mails' strings per culture; TestWaitlistStrings checks every culture
// has every key with the same placeholders.
var waitStrings = map[string]messages{
	"en-GB": {
		"joined.subject": "You are on the waiting list for {session}",
		"joined.title":   "You are on the waiting list",
		"joined.intro":   "Hello {name}, you are number {position} on {company}'s waiting list for the session of {session} ({drivers} drivers).",
		"joined.how":     "When places free up, we offer them in the order people joined, to the first entries whose drivers fit. You will get an e-mail with a link.",
		"offer.subject":  "Places free for {session}: they are held for you",
		"offer.title":    "Your places are held",
		"offer.intro":    "Hello {name}, {drivers} places are free in {company}'s session of {session}. We hold them for you for {minutes} minutes, until {until}.",
		"offer.button":   "Book the held places",
		"offer.after":    "After that the places go to the next person on the list.",
		"leave.text":     "No longer interested? Leave the list and the places go to the next person.",
		"leave.button":   "Leave the waiting list",
	},
	"es-ES": {
		"joined.subject": "Estás en la lista de espera para {session}",
		"joined.title":   "Estás en la lista de espera",
		"joined.intro":   "Hola {name}, eres el número {position} en la lista de espera de {company} para la sesión del {session} ({drivers} pilotos).",
		"joined.how":     "Cuando se liberen plazas, las ofrecemos por orden de inscripción, a las primeras entradas cuyos pilotos quepan. Recibirás un correo con un enlace.",
		"offer.subject":  "Plazas libres para {session}: te las reservamos",
		"offer.title":    "Tus plazas están reservadas",
		"offer.intro":    "Hola {name}, hay {drivers} plazas libres en la sesión del {session} de {company}. Te las reservamos durante {minutes} minutos, hasta las {until}.",
		"offer.button":   "Reservar las plazas",
		"offer.after":    "Después, las plazas pasan a la siguiente persona de la lista.",
		"leave.text":     "¿Ya no te interesa? Sal de la lista y las plazas pasarán a la siguiente persona.",
		"leave.button":   "Salir de la lista de espera",
	},
	"da-DK": {
		"joined.subject": "Du står på ventelisten til {session}",
		"joined.title":   "Du står på ventelisten",
		"joined.intro":   "Hej {name}, du er nummer {position} på {company}s venteliste til sessionen {session} ({drivers} kørere).",
		"joined.how":     "Når der bliver pladser fri, tilbyder vi dem i den rækkefølge, folk skrev sig på, til de første, hvis kørere kan være der. Du får en e-mail med et link.",
		"offer.subject":  "Ledige pladser til {session}: de er holdt til dig",
		"offer.title":    "Dine pladser er holdt",
		"offer.intro":    "Hej {name}, der er {drivers} ledige pladser i {company}s session {session}. Vi holder dem til dig i {minutes} minutter, indtil {until}.",
		"offer.button":   "Book de holdte pladser",
		"offer.after":    "Derefter går pladserne til den næste på listen.",
		"leave.text":     "Ikke længere interesseret? Forlad listen, så går pladserne til den næste.",
		"leave.button":   "Forlad ventelisten",
	},
	"ar-SA": {
		"joined.subject": "أنت على قائمة الانتظار لجلسة {session}",
		"joined.title":   "أنت على قائمة الانتظار",
		"joined.intro":   "مرحبًا {name}، ترتيبك {position} على قائمة انتظار {company} لجلسة {session} (عدد السائقين {drivers}).",
		"joined.how":     "عندما تتوفر أماكن نعرضها بترتيب الانضمام على أول المسجلين الذين يتسع لهم عدد السائقين. ستصلك رسالة بريد فيها رابط.",
		"offer.subject":  "أماكن متاحة لجلسة {session}: محجوزة لك",
		"offer.title":    "أماكنك محجوزة",
		"offer.intro":    "مرحبًا {name}، توفرت {drivers} أماكن في جلسة {session} لدى {company}. نحجزها لك لمدة {minutes} دقيقة حتى الساعة {until}.",
		"offer.button":   "احجز الأماكن المحجوزة لك",
		"offer.after":    "بعد ذلك تنتقل الأماكن إلى الشخص التالي في القائمة.",
		"leave.text":     "لم تعد مهتمًا؟ غادر القائمة لتنتقل الأماكن إلى الشخص التالي.",
		"leave.button":   "مغادرة قائمة الانتظار",
	},
	"de-DE": {
		"joined.subject": "Sie stehen auf der Warteliste für {session}",
		"joined.title":   "Sie stehen auf der Warteliste",
		"joined.intro":   "Hallo {name}, Sie sind Nummer {position} auf der Warteliste von {company} für die Session am {session} ({drivers} Fahrer).",
		"joined.how":     "Werden Plätze frei, bieten wir sie in der Reihenfolge der Anmeldung den ersten Einträgen an, deren Fahrer hineinpassen. Sie erhalten eine E-Mail mit einem Link.",
		"offer.subject":  "Freie Plätze für {session}: für Sie reserviert",
		"offer.title":    "Ihre Plätze sind reserviert",
		"offer.intro":    "Hallo {name}, in der Session am {session} bei {company} sind {drivers} Plätze frei. Wir halten sie {minutes} Minuten für Sie, bis {until}.",
		"offer.button":   "Reservierte Plätze buchen",
		"offer.after":    "Danach gehen die Plätze an die nächste Person auf der Liste.",
		"leave.text":     "Kein Interesse mehr? Verlassen Sie die Liste, dann gehen die Plätze an die nächste Person.",
		"leave.button":   "Warteliste verlassen",
	},
	"nb-NO": {
		"joined.subject": "Du står på ventelisten for {session}",
		"joined.title":   "Du står på ventelisten",
		"joined.intro":   "Hei {name}, du er nummer {position} på ventelisten til {company} for økten {session} ({drivers} førere).",
		"joined.how":     "Når plasser blir ledige, tilbyr vi dem i den rekkefølgen folk meldte seg på, til de første som har plass til sine førere. Du får en e-post med en lenke.",
		"offer.subject":  "Ledige plasser for {session}: de holdes av til deg",
		"offer.title":    "Plassene dine er holdt av",
		"offer.intro":    "Hei {name}, det er {drivers} ledige plasser i økten {session} hos {company}. Vi holder dem av til deg i {minutes} minutter, til {until}.",
		"offer.button":   "Bestill de avholdte plassene",
		"offer.after":    "Deretter går plassene til neste person på listen.",
		"leave.text":     "Ikke lenger interessert? Forlat listen, så går plassene til neste person.",
		"leave.button":   "Forlat ventelisten",
	},
	"sv-SE": {
		"joined.subject": "Du står på väntelistan för {session}",
		"joined.title":   "Du står på väntelistan",
		"joined.intro":   "Hej {name}, du är nummer {position} på {company}s väntelista för passet {session} ({drivers} förare).",
		"joined.how":     "När platser blir lediga erbjuder vi dem i den ordning man anmälde sig, till de första vars förare får plats. Du får ett mejl med en länk.",
		"offer.subject":  "Lediga platser för {session}: de hålls åt dig",
		"offer.title":    "Dina platser hålls",
		"offer.intro":    "Hej {name}, det finns {drivers} lediga platser i {company}s pass {session}. Vi håller dem åt dig i {minutes} minuter, till {until}.",
		"offer.button":   "Boka de hållna platserna",
		"offer.after":    "Därefter går platserna till nästa person på listan.",
		"leave.text":     "Inte längre intresserad? Lämna listan så går platserna till nästa person.",
		"leave.button":   "Lämna väntelistan",
	},
}

// waitTranslator returns the culture and a lookup of the waiting-list strings, English for a key a
// culture lacks.
func waitTranslator(c string) (string, func(key string, pairs ...string) string) {
	culture := NormalizeCulture(c)
	t := translator{culture: culture, msgs: waitStrings[culture]}
	fallback := translator{culture: DefaultCulture, msgs: waitStrings[DefaultCulture]}
	return culture, func(key string, pairs ...string) string {
		if _, ok := t.msgs[key]; ok {
			return t.T(key, pairs...)
		}
		return fallback.T(key, pairs...)
	}
}

// WaitlistJoined is the mail that confirms a place on the waiting list: the position, how offers are
// made, and the leave link.
func WaitlistJoined(w WaitlistMail) (Message, error) {
	if strings.TrimSpace(w.To) == "" || w.LeaveURL == "" {
		return Message{}, errors.New("notify: waiting-list mail without an address or a leave link")
	}
	culture, tr := waitTranslator(w.Culture)
	args := []string{"name", w.Name, "company", w.CompanyName, "session", w.Session, "drivers", strconv.Itoa(w.Drivers),
		"position", strconv.Itoa(w.Position)}
	d := doc{Lang: culture, Company: Company{Name: w.CompanyName}, Title: tr("joined.title")}
	d.Intro = []string{tr("joined.intro", args...)}
	d.Blocks = []block{{Text: tr("joined.how")}, {Text: tr("leave.text"), Link: &link{Label: tr("leave.button"), URL: w.LeaveURL}}}
	return waitMessage(KindWaitlistJoined, culture, w, tr("joined.subject", args...), d)
}

// WaitlistOffer is the mail of an offer: the places held, until when, the link that books them and the
// leave link.
func WaitlistOffer(w WaitlistMail) (Message, error) {
	if strings.TrimSpace(w.To) == "" || w.LeaveURL == "" || w.OfferURL == "" {
		return Message{}, errors.New("notify: offer mail without an address or its links")
	}
	culture, tr := waitTranslator(w.Culture)
	args := []string{"name", w.Name, "company", w.CompanyName, "session", w.Session, "drivers", strconv.Itoa(w.Drivers),
		"minutes", strconv.Itoa(w.Minutes), "until", w.Until}
	d := doc{Lang: culture, Company: Company{Name: w.CompanyName}, Title: tr("offer.title")}
	d.Intro = []string{tr("offer.intro", args...)}
	d.Blocks = []block{{Link: &link{Label: tr("offer.button"), URL: w.OfferURL}}, {Text: tr("offer.after")},
		{Text: tr("leave.text"), Link: &link{Label: tr("leave.button"), URL: w.LeaveURL}}}
	return waitMessage(KindWaitlistOffer, culture, w, tr("offer.subject", args...), d)
}

func waitMessage(kind, culture string, w WaitlistMail, subject string, d doc) (Message, error) {
	html, text, err := render(d)
	if err != nil {
		return Message{}, err
	}
	return Message{Kind: kind, Culture: culture, To: strings.TrimSpace(w.To), Subject: subject, Text: text, HTML: html,
		FromName: strings.TrimSpace(w.CompanyName)}, nil
}
