package adminapi

import (
	"encoding/csv"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/checkout"
	"pitlane/internal/httpx"
)

// billingExportName is the spec's file name of the sales export.
const billingExportName = "detalles-facturacion"

// billingHeaders are the export's column titles by language (the lang query parameter's first two
// letters); English when the language is unknown.
var billingHeaders = map[string][]string{
	"en": {"Date", "Reference", "Booking", "Customer", "Phone", "E-mail", "Products", "Source", "Type", "State", "Method", "Amount", "Refundable"},
	"es": {"Fecha", "Referencia", "Reserva", "Cliente", "Teléfono", "Correo", "Productos", "Origen", "Tipo", "Estado", "Método", "Importe", "Reembolsable"},
	"da": {"Dato", "Reference", "Booking", "Kunde", "Telefon", "E-mail", "Produkter", "Kilde", "Type", "Status", "Betalingsmåde", "Beløb", "Kan refunderes"},
	"ar": {"التاريخ", "المرجع", "الحجز", "العميل", "الهاتف", "البريد الإلكتروني", "المنتجات", "المصدر", "النوع", "الحالة", "طريقة الدفع", "المبلغ", "قابل للاسترداد"},
	"de": {"Datum", "Referenz", "Buchung", "Kunde", "Telefon", "E-Mail", "Produkte", "Quelle", "Art", "Status", "Zahlungsart", "Betrag", "Erstattbar"},
	"nb": {"Dato", "Referanse", "Bestilling", "Kunde", "Telefon", "E-post", "Produkter", "Kilde", "Type", "Status", "Betalingsmåte", "Beløp", "Kan refunderes"},
	"sv": {"Datum", "Referens", "Bokning", "Kund", "Telefon", "E-post", "Produkter", "Källa", "Typ", "Status", "Betalsätt", "Belopp", "Återbetalningsbart"},
}

// billingCodes names the export's codes (source, type, state, payment method) in each language, with the
// back office's own words (the billing screen's texts): a sheet says "Reembolso", not "REFUND".
type billingCodes struct {
	Sources, Types, States, Methods map[string]string
}

var billingCodeNames = map[string]billingCodes{
	"en": {
		Sources: map[string]string{"BOOKING": "Booking", "EVENT": "Events", "LICENSING": "Licences", "EXTERNAL": "Others"},
		Types:   map[string]string{"SALE": "Sale", "REFUND": "Refund", "PAYMENT": "Payment", "CORRECTION": "Correction", "CREDIT": "Credit issued"},
		States:  map[string]string{"PAID": "Paid", "PARTIALLY_REFUNDED": "Partially refunded", "REFUNDED": "Refunded", "REFUND": "Refund", "PAYMENT": "Payment", "CORRECTION": "Correction", "CREDIT_ISSUED": "Credit issued"},
		Methods: map[string]string{"cash": "Cash", "card_terminal": "Card terminal", "voucher": "Voucher", "other": "Other", "online": "Online", "credit": "Credit note"},
	},
	"es": {
		Sources: map[string]string{"BOOKING": "Reservas", "EVENT": "Eventos", "LICENSING": "Licencias", "EXTERNAL": "Otros"},
		Types:   map[string]string{"SALE": "Venta", "REFUND": "Reembolso", "PAYMENT": "Pago", "CORRECTION": "Corrección", "CREDIT": "Saldo emitido"},
		States:  map[string]string{"PAID": "Pagada", "PARTIALLY_REFUNDED": "Reembolsada en parte", "REFUNDED": "Reembolsada", "REFUND": "Reembolso", "PAYMENT": "Pago", "CORRECTION": "Corrección", "CREDIT_ISSUED": "Saldo emitido"},
		Methods: map[string]string{"cash": "Efectivo", "card_terminal": "Datáfono", "voucher": "Bono", "other": "Otro", "online": "En línea", "credit": "Vale de saldo"},
	},
	"da": {
		Sources: map[string]string{"BOOKING": "Bookinger", "EVENT": "Arrangementer", "LICENSING": "Licenser", "EXTERNAL": "Andre"},
		Types:   map[string]string{"SALE": "Salg", "REFUND": "Refusion", "PAYMENT": "Betaling", "CORRECTION": "Rettelse", "CREDIT": "Tilgodehavende udstedt"},
		States:  map[string]string{"PAID": "Betalt", "PARTIALLY_REFUNDED": "Delvist refunderet", "REFUNDED": "Refunderet", "REFUND": "Refusion", "PAYMENT": "Betaling", "CORRECTION": "Rettelse", "CREDIT_ISSUED": "Tilgodehavende udstedt"},
		Methods: map[string]string{"cash": "Kontant", "card_terminal": "Kortterminal", "voucher": "Gavekort", "other": "Andet", "online": "Online", "credit": "Tilgodebevis"},
	},
	"ar": {
		Sources: map[string]string{"BOOKING": "الحجوزات", "EVENT": "الفعاليات", "LICENSING": "التراخيص", "EXTERNAL": "أخرى"},
		Types:   map[string]string{"SALE": "بيع", "REFUND": "استرداد", "PAYMENT": "دفعة", "CORRECTION": "تصحيح", "CREDIT": "رصيد صادر"},
		States:  map[string]string{"PAID": "مدفوع", "PARTIALLY_REFUNDED": "مسترد جزئيًا", "REFUNDED": "مسترد", "REFUND": "استرداد", "PAYMENT": "دفعة", "CORRECTION": "تصحيح", "CREDIT_ISSUED": "رصيد صادر"},
		Methods: map[string]string{"cash": "نقدًا", "card_terminal": "جهاز البطاقات", "voucher": "قسيمة", "other": "أخرى", "online": "عبر الإنترنت", "credit": "إشعار رصيد"},
	},
	"de": {
		Sources: map[string]string{"BOOKING": "Buchungen", "EVENT": "Veranstaltungen", "LICENSING": "Lizenzen", "EXTERNAL": "Sonstiges"},
		Types:   map[string]string{"SALE": "Verkauf", "REFUND": "Erstattung", "PAYMENT": "Zahlung", "CORRECTION": "Korrektur", "CREDIT": "Guthaben ausgestellt"},
		States:  map[string]string{"PAID": "Bezahlt", "PARTIALLY_REFUNDED": "Teilweise erstattet", "REFUNDED": "Erstattet", "REFUND": "Erstattung", "PAYMENT": "Zahlung", "CORRECTION": "Korrektur", "CREDIT_ISSUED": "Guthaben ausgestellt"},
		Methods: map[string]string{"cash": "Bar", "card_terminal": "Kartenterminal", "voucher": "Gutschein", "other": "Sonstiges", "online": "Online", "credit": "Gutschrift"},
	},
	"nb": {
		Sources: map[string]string{"BOOKING": "Bestillinger", "EVENT": "Arrangementer", "LICENSING": "Lisenser", "EXTERNAL": "Andre"},
		Types:   map[string]string{"SALE": "Salg", "REFUND": "Refusjon", "PAYMENT": "Betaling", "CORRECTION": "Rettelse", "CREDIT": "Tilgodehavende utstedt"},
		States:  map[string]string{"PAID": "Betalt", "PARTIALLY_REFUNDED": "Delvis refundert", "REFUNDED": "Refundert", "REFUND": "Refusjon", "PAYMENT": "Betaling", "CORRECTION": "Rettelse", "CREDIT_ISSUED": "Tilgodehavende utstedt"},
		Methods: map[string]string{"cash": "Kontant", "card_terminal": "Kortterminal", "voucher": "Gavekort", "other": "Annet", "online": "Nett", "credit": "Tilgodelapp"},
	},
	"sv": {
		Sources: map[string]string{"BOOKING": "Bokningar", "EVENT": "Evenemang", "LICENSING": "Licenser", "EXTERNAL": "Övrigt"},
		Types:   map[string]string{"SALE": "Försäljning", "REFUND": "Återbetalning", "PAYMENT": "Betalning", "CORRECTION": "Rättelse", "CREDIT": "Tillgodohavande utfärdat"},
		States:  map[string]string{"PAID": "Betald", "PARTIALLY_REFUNDED": "Delvis återbetald", "REFUNDED": "Återbetald", "REFUND": "Återbetalning", "PAYMENT": "Betalning", "CORRECTION": "Rättelse", "CREDIT_ISSUED": "Tillgodohavande utfärdat"},
		Methods: map[string]string{"cash": "Kontant", "card_terminal": "Kortterminal", "voucher": "Presentkort", "other": "Annat", "online": "Online", "credit": "Tillgodokvitto"},
	},
}

// name is a code in the language; a code without a name (none today) is written as it is.
func name(names map[string]string, code string) string {
	if n, ok := names[code]; ok {
		return n
	}
	return code
}

// methodNames writes a row's methods in the export's language, in the row's order.
func methodNames(methods []string, lang string) string {
	names := make([]string, len(methods))
	for i, m := range methods {
		names[i] = name(billingCodeNames[lang].Methods, m)
	}
	return strings.Join(names, ", ")
}

// billingHead is the export's header row: the titles in the language, the two amount columns naming the
// company's currency ("Amount (EUR)") so a sheet read later or elsewhere says what the figures are.
func billingHead(lang, currency string) []string {
	head := slices.Clone(billingHeaders[lang])
	if currency != "" {
		head[billingAmountColumn] += " (" + currency + ")"
		head[billingAmountColumn+1] += " (" + currency + ")"
	}
	return head
}

// billingAmountColumn is the index of the amount column, under which the totals row writes the total.
const billingAmountColumn = 11

// billingTotalLabel is the first cell of the totals row, by language.
var billingTotalLabel = map[string]string{"en": "Total", "es": "Total", "da": "I alt", "ar": "الإجمالي", "de": "Gesamt", "nb": "Totalt", "sv": "Totalt"}

// exportLang is the export's language from the lang parameter ("es-ES", "sv", "no" → "nb"…).
func exportLang(raw string) string {
	l := strings.ToLower(strings.TrimSpace(raw))
	if len(l) > 2 {
		l = l[:2]
	}
	if l == "no" || l == "nn" {
		l = "nb"
	}
	if _, ok := billingHeaders[l]; ok {
		return l
	}
	return "en"
}

// exportCells is one row of the export: its text cells as stored, and its two amounts. Cells 2 to 6
// (booking, customer, phone, e-mail, products; cell 1 is the short reference) are customer-typed: CSV neutralises them (see neutralise);
// XLSX writes them as string cells, which no spreadsheet reads as a formula, so they stay exactly as
// typed there ("+34600123456", not "'+34600123456").
func exportCells(rep billing.Report, row billing.Row, lang string) ([]string, [2]float64) {
	at := row.At.In(rep.From.Location()).Format("2006-01-02 15:04")
	text := []string{at, checkout.FormatReference(row.Reference), row.Identifier, row.ContactName, row.Phone, row.Email, row.Name(),
		name(billingCodeNames[lang].Sources, row.Source), name(billingCodeNames[lang].Types, row.Type),
		name(billingCodeNames[lang].States, row.State), methodNames(row.Methods, lang)}
	return text, [2]float64{decimal(row.AmountCents), decimal(row.RefundableCents)}
}

// billingTyped reports whether column i of exportCells is customer-typed text.
func billingTyped(i int) bool { return i >= 2 && i <= 6 }

func (s *Server) exportBilling(w http.ResponseWriter, r *http.Request, sc Scope) {
	q := r.URL.Query()
	format := q.Get("format")
	if format != "csv" && format != "xlsx" {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "The export format is csv or xlsx.", map[string]string{"format": "csv or xlsx"}))
		return
	}
	rep, err := s.deps.Billing.Sales(r.Context(), sc.CompanyID, q.Get("dateIni"), q.Get("dateEnd"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	lang := exportLang(q.Get("lang"))
	if format == "csv" {
		s.billingCSV(w, r, rep, lang)
		return
	}
	s.billingXLSX(w, r, rep, lang)
}

// billingCSV streams the export as UTF-8 CSV (with a byte-order mark, so spreadsheets read accents).
func (s *Server) billingCSV(w http.ResponseWriter, r *http.Request, rep billing.Report, lang string) {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+billingExportName+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte("\ufeff"))
	cw := csv.NewWriter(w)
	head := billingHead(lang, rep.Currency)
	_ = cw.Write(head)
	for _, row := range rep.Rows {
		text, amounts := exportCells(rep, row, lang)
		for i := range text {
			if billingTyped(i) {
				text[i] = neutralise(text[i])
			}
		}
		_ = cw.Write(append(text, formatAmount(amounts[0]), formatAmount(amounts[1])))
	}
	total := make([]string, len(head))
	total[0], total[billingAmountColumn] = billingTotalLabel[lang], formatAmount(decimal(rep.TotalCents))
	_ = cw.Write(total)
	cw.Flush()
	if err := cw.Error(); err != nil {
		s.deps.Logger.Warn("billing export interrupted", "error", err)
	}
}

// formatAmount writes an amount with two decimals and a dot.
func formatAmount(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// billingXLSX streams the export as an XLSX workbook: text cells are strings (never formulas), amounts
// numbers, and a totals row.
func (s *Server) billingXLSX(w http.ResponseWriter, r *http.Request, rep billing.Report, lang string) {
	f := excelize.NewFile()
	defer func() { _ = f.Close() }()
	sheet := f.GetSheetName(0)
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	head := billingHead(lang, rep.Currency)
	cells := make([]any, len(head))
	for i, h := range head {
		cells[i] = h
	}
	if err := sw.SetRow("A1", cells); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	line := 2
	for _, row := range rep.Rows {
		text, amounts := exportCells(rep, row, lang)
		cells := make([]any, 0, len(text)+2)
		for _, t := range text {
			cells = append(cells, excelize.Cell{Value: xmlSafe(t)})
		}
		cells = append(cells, amounts[0], amounts[1])
		cell, _ := excelize.CoordinatesToCellName(1, line)
		if err := sw.SetRow(cell, cells); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		line++
	}
	total := make([]any, len(head))
	total[0], total[billingAmountColumn] = billingTotalLabel[lang], decimal(rep.TotalCents)
	cell, _ := excelize.CoordinatesToCellName(1, line)
	if err := sw.SetRow(cell, total); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := sw.Flush(); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", `attachment; filename="`+billingExportName+`.xlsx"`)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if _, err := f.WriteTo(w); err != nil {
		s.deps.Logger.Warn("billing export interrupted", "error", err)
	}
}
