package adminapi

import (
	"strings"

	"pitlane/internal/checkout"
)

// exportLabels are the texts of a bookings export in one language: the column headings (in the order
// of exportColumns), the totals row's label and the booking states.
type exportLabels struct {
	Columns [13]string
	Total   string
	States  map[string]string
}

// exportLanguages are the back office's seven languages; English is the fallback.
var exportLanguages = map[string]exportLabels{
	"en": {
		Columns: [13]string{"ID", "Reference", "Booking", "Created", "Session date", "Customer", "Phone", "Email", "Price", "Drivers", "Sessions", "Status", "Track"},
		Total:   "Total",
		States:  states("Paid", "Cancelled", "Partially paid", "Pending"),
	},
	"es": {
		Columns: [13]string{"ID", "Referencia", "Reserva", "Creada", "Fecha de sesión", "Cliente", "Teléfono", "Email", "Precio", "Pilotos", "Sesiones", "Estado", "Circuito"},
		Total:   "Total",
		States:  states("Pagada", "Cancelada", "Parcialmente pagada", "Pendiente"),
	},
	"da": {
		Columns: [13]string{"ID", "Reference", "Booking", "Oprettet", "Sessionsdato", "Kunde", "Telefon", "E-mail", "Pris", "Kørere", "Sessioner", "Status", "Bane"},
		Total:   "I alt",
		States:  states("Betalt", "Annulleret", "Delvist betalt", "Afventer"),
	},
	"ar": {
		Columns: [13]string{"المعرف", "المرجع", "الحجز", "تاريخ الإنشاء", "تاريخ الجلسة", "العميل", "الهاتف", "البريد الإلكتروني", "السعر", "السائقون", "الجلسات", "الحالة", "الحلبة"},
		Total:   "المجموع",
		States:  states("مدفوع", "ملغى", "مدفوع جزئيًا", "قيد الانتظار"),
	},
	"de": {
		Columns: [13]string{"ID", "Referenz", "Buchung", "Erstellt", "Sitzungsdatum", "Kunde", "Telefon", "E-Mail", "Preis", "Fahrer", "Sitzungen", "Status", "Strecke"},
		Total:   "Summe",
		States:  states("Bezahlt", "Storniert", "Teilweise bezahlt", "Ausstehend"),
	},
	"nb": {
		Columns: [13]string{"ID", "Referanse", "Bestilling", "Opprettet", "Øktdato", "Kunde", "Telefon", "E-post", "Pris", "Førere", "Økter", "Status", "Bane"},
		Total:   "Totalt",
		States:  states("Betalt", "Kansellert", "Delvis betalt", "Venter"),
	},
	"sv": {
		Columns: [13]string{"ID", "Referens", "Bokning", "Skapad", "Passdatum", "Kund", "Telefon", "E-post", "Pris", "Förare", "Pass", "Status", "Bana"},
		Total:   "Totalt",
		States:  states("Betald", "Avbokad", "Delvis betald", "Väntar"),
	},
}

func states(paid, cancelled, partPaid, pending string) map[string]string {
	return map[string]string{checkout.StatusPaid: paid, checkout.StatusCancelled: cancelled,
		checkout.StatusPartPaid: partPaid, checkout.StatusPending: pending}
}

// labelsFor returns the labels of a language tag ("es", "es-ES", "nb_NO"), English when unknown.
func labelsFor(lang string) exportLabels {
	base, _, _ := strings.Cut(strings.ToLower(strings.ReplaceAll(lang, "_", "-")), "-")
	if base == "no" || base == "nn" {
		base = "nb"
	}
	if l, ok := exportLanguages[base]; ok {
		return l
	}
	return exportLanguages["en"]
}

// state is a booking state in the labels' language (the stored value when unknown).
func (l exportLabels) state(s string) string {
	if v, ok := l.States[s]; ok {
		return v
	}
	return s
}
