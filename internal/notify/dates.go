package notify

import (
	"strconv"
	"strings"
	"time"
)

// dateStyle is how a language writes a date inside a sentence, with its weekday and the month in words,
// as the pages' formatLongDate does (web/src/lib/format.ts: Intl.DateTimeFormat with weekday, day, month
// and year long, hours h23, and Latin digits in every language, Arabic included). The words and patterns
// are Intl's (CLDR 48, as Node 20 and Chromium write them); TestLongDate holds the two side by side.
type dateStyle struct {
	weekdays [7]string  // Sunday first, as time.Weekday counts
	months   [12]string // January first, in the form a date uses (Spanish "de diciembre": lower case)
	// date is the pattern of the date: {wd}, {d}, {m} and {y}; at joins it to the hour ({h}:{min}).
	date, at string
}

// dateStyles are the seven languages' long dates; any other language writes as English does.
var dateStyles = map[string]dateStyle{
	"en": {
		weekdays: [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
		months: [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September",
			"October", "November", "December"},
		date: "{wd}, {d} {m} {y}", at: "{date} at {h}:{min}",
	},
	"es": {
		weekdays: [7]string{"domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"},
		months: [12]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
			"octubre", "noviembre", "diciembre"},
		date: "{wd}, {d} de {m} de {y}", at: "{date}, {h}:{min}",
	},
	"da": {
		weekdays: [7]string{"søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"},
		months: [12]string{"januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september",
			"oktober", "november", "december"},
		date: "{wd} den {d}. {m} {y}", at: "{date} kl. {h}.{min}",
	},
	"ar": {
		weekdays: [7]string{"الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"},
		months: [12]string{"يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر",
			"أكتوبر", "نوفمبر", "ديسمبر"},
		date: "{wd}، {d} {m} {y}", at: "{date} في {h}:{min}",
	},
	"de": {
		weekdays: [7]string{"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"},
		months: [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
			"Oktober", "November", "Dezember"},
		date: "{wd}, {d}. {m} {y}", at: "{date} um {h}:{min}",
	},
	"nb": {
		weekdays: [7]string{"søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"},
		months: [12]string{"januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september",
			"oktober", "november", "desember"},
		date: "{wd} {d}. {m} {y}", at: "{date} kl. {h}:{min}",
	},
	"sv": {
		weekdays: [7]string{"söndag", "måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag"},
		months: [12]string{"januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september",
			"oktober", "november", "december"},
		date: "{wd} {d} {m} {y}", at: "{date} kl. {h}:{min}",
	},
}

// longDate writes a circuit-local date ("YYYY-MM-DD") and, when given, hour ("HH:mm[:ss]") as a person
// reads them in a sentence of the translator's language: "Wednesday, 2 December 2026 at 12:00",
// "miércoles, 2 de diciembre de 2026, 12:00". The wall-clock time at the circuit is written as it is
// (it is already in the company's time zone). A date that is not YYYY-MM-DD is returned as given.
func (t translator) longDate(ymd, hm string) string {
	day, err := time.Parse(time.DateOnly, ymd)
	if err != nil {
		return strings.TrimSpace(ymd + " " + hm)
	}
	lang, _, _ := strings.Cut(strings.ToLower(t.culture), "-")
	st, ok := dateStyles[lang]
	if !ok {
		st = dateStyles["en"]
	}
	date := strings.NewReplacer("{wd}", st.weekdays[day.Weekday()], "{d}", strconv.Itoa(day.Day()),
		"{m}", st.months[day.Month()-1], "{y}", strconv.Itoa(day.Year())).Replace(st.date)
	h, m, ok := hourMinute(hm)
	if !ok {
		return date
	}
	return strings.NewReplacer("{date}", date, "{h}", h, "{min}", m).Replace(st.at)
}

// hourMinute splits "HH:mm" or "HH:mm:ss" into its two-digit hour and minute.
func hourMinute(hm string) (h, m string, ok bool) {
	if len(hm) < 5 || hm[2] != ':' {
		return "", "", false
	}
	if _, err := time.Parse("15:04", hm[:5]); err != nil {
		return "", "", false
	}
	return hm[:2], hm[3:5], true
}

// longDateTime is longDate of a circuit-local "YYYY-MM-DD HH:mm[:ss]" (or a bare date).
func (t translator) longDateTime(local string) string {
	d, hm, _ := strings.Cut(strings.TrimSpace(local), " ")
	return t.longDate(d, hm)
}
