package adminapi_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"pitlane/internal/billing"
	"pitlane/internal/store"
)

// billingAnswer is the part of BillingResponse the tests read.
type billingAnswer struct {
	Payments []struct {
		ID             string   `json:"id"`
		IDBooking      int64    `json:"idBooking"`
		Token          string   `json:"token"`
		Type           string   `json:"type"`
		Name           string   `json:"name"`
		PriceConverted float64  `json:"priceConverted"`
		Refundable     float64  `json:"refundable"`
		Methods        []string `json:"methods"`
		Paid           float64  `json:"paid"`
		Refunded       float64  `json:"refunded"`
		By             *string  `json:"by"`
		Reason         *string  `json:"reason"`
		Credit         float64  `json:"credit"`
		CreditCode     *string  `json:"creditCode"`
		RefundBlocked  string   `json:"refundBlocked"`
		ShoppingCart   struct {
			Source string `json:"source"`
			State  string `json:"state"`
		} `json:"shopping_cart"`
		Details []struct {
			Quantity       int      `json:"quantity"`
			Drivers        int      `json:"drivers"`
			UnitPrice      float64  `json:"unitPriceConverted"`
			DiscountPrice  float64  `json:"discountPrice"`
			PriceConverted float64  `json:"priceConverted"`
			Sessions       []string `json:"sessions"`
		} `json:"details"`
	} `json:"payments"`
	NumSells            int     `json:"numSells"`
	TotalPriceConverted float64 `json:"totalPriceConverted"`
	TotalProducts       int     `json:"totalProducts"`
	BySource            map[string]struct {
		Count int     `json:"count"`
		Total float64 `json:"total"`
	} `json:"bySource"`
	SimbolCoinType string `json:"simbolCoinType"`
}

func cents(v float64) int64 { return int64(math.Round(v * 100)) }

// local is a Madrid wall-clock instant.
func local(y int, m time.Month, d, hh, mm, ss int) time.Time {
	return time.Date(y, m, d, hh, mm, ss, 0, madrid)
}

func TestBillingBetweenDates(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, nil)
		march := func(d, hh int) time.Time { return local(2026, 3, d, hh, 0, 0) }
		// In March, company A: one sale per source, a cash sale settled at the desk, a partly
		// refunded sale, and the range's edges in Madrid time.
		booking := e.seedSale(t, sale{company: e.a, cents: 4000, qty: 2, chargedAt: march(2, 10)})
		event := e.seedSale(t, sale{company: e.a, source: "EVENT", cents: 2500, chargedAt: march(3, 10)})
		e.seedSale(t, sale{company: e.a, source: "LICENSING", cents: 6000, chargedAt: march(4, 10)})
		e.seedSale(t, sale{company: e.a, source: "EXTERNAL", cents: 1000, qty: 1, chargedAt: march(5, 10)})
		cash := e.seedSale(t, sale{company: e.a, provider: billing.CashProvider, cents: 3000, qty: 3, chargedAt: march(6, 18)})
		partly := e.seedSale(t, sale{company: e.a, cents: 5000, chargedAt: march(7, 10), refunds: []refund{{1500, march(8, 10)}}})
		first := e.seedSale(t, sale{company: e.a, cents: 100, chargedAt: local(2026, 3, 1, 0, 0, 0)})    // first instant: in
		last := e.seedSale(t, sale{company: e.a, cents: 200, chargedAt: local(2026, 3, 31, 23, 59, 59)}) // last second: in
		e.seedSale(t, sale{company: e.a, cents: 700, chargedAt: local(2026, 2, 28, 23, 59, 59)})         // before: out
		e.seedSale(t, sale{company: e.a, cents: 900, chargedAt: local(2026, 4, 1, 0, 0, 0)})             // after: out
		// A February sale refunded in March: its refund row is in March's billing, its sale is not.
		feb := e.seedSale(t, sale{company: e.a, cents: 8000, chargedAt: local(2026, 2, 10, 10, 0, 0),
			refunds: []refund{{800, march(20, 10)}, {200, local(2026, 2, 11, 10, 0, 0)}}})
		// Company B's March sale must never show.
		other := e.seedSale(t, sale{company: e.b, cents: 99900, chargedAt: march(10, 10)})

		e.exec(t, `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date, local_time, product_id, places)
			SELECT id, 0, ?, ?, '2026-03-12', '18:30:00', product_id, 2 FROM booking_lines WHERE booking_id = ?`,
			e.a.Circuit, local(2026, 3, 12, 18, 30, 0).UnixMilli(), booking.bookingID)
		res := e.api.Do("POST", "/api/admin/retrieveBillingBetweenDates",
			fmt.Sprintf(`{"idCompany":%d,"dateIni":"2026-03-01","dateEnd":"2026-03-31","details":true}`, e.a.CompanyID), e.auth...)
		if res.Status != http.StatusOK {
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
		var got billingAnswer
		res.JSON(t, &got)

		// What a person would count by hand.
		wantSales := int64(4000 + 2500 + 6000 + 1000 + 3000 + 5000 + 100 + 200)
		wantRefunds := int64(1500 + 800)
		if got.NumSells != 8 || cents(got.TotalPriceConverted) != wantSales-wantRefunds || got.TotalProducts != 2+1+1+1+3+1+1+1 {
			t.Errorf("totals: numSells %d total %.2f products %d; want 8, %.2f, 11", got.NumSells, got.TotalPriceConverted,
				got.TotalProducts, float64(wantSales-wantRefunds)/100)
		}
		// The same with plain SQL over the ledger: sales whose first charge is in March, less March refunds.
		from, to := local(2026, 3, 1, 0, 0, 0).UnixMilli(), local(2026, 4, 1, 0, 0, 0).UnixMilli()
		sqlSales := e.count(t, `SELECT COALESCE(SUM(e.amount_cents), 0) FROM payment_entries e JOIN bookings b ON b.id = e.booking_id
			WHERE b.company_id = ? AND e.kind = 'charge' AND e.created_at >= ? AND e.created_at < ?`, e.a.CompanyID, from, to)
		sqlRefunds := e.count(t, `SELECT COALESCE(SUM(-e.amount_cents), 0) FROM payment_entries e JOIN bookings b ON b.id = e.booking_id
			WHERE b.company_id = ? AND e.kind = 'refund' AND e.created_at >= ? AND e.created_at < ?`, e.a.CompanyID, from, to)
		if cents(got.TotalPriceConverted) != sqlSales-sqlRefunds {
			t.Errorf("total %.2f, SQL recount %d", got.TotalPriceConverted, sqlSales-sqlRefunds)
		}
		// BOOKING: the card sale, the cash sale, the partly refunded one and the two edges, less both refunds.
		boxes := map[string][2]int64{"BOOKING": {5, 4000 + 3000 + 5000 - 1500 + 100 + 200 - 800}, "EVENT": {1, 2500},
			"LICENSING": {1, 6000}, "EXTERNAL": {1, 1000}}
		for src, want := range boxes {
			b := got.BySource[src]
			if int64(b.Count) != want[0] || cents(b.Total) != want[1] {
				t.Errorf("%s box: %d sales, %.2f; want %d, %.2f", src, b.Count, b.Total, want[0], float64(want[1])/100)
			}
		}
		if got.SimbolCoinType != "€" {
			t.Errorf("symbol %q", got.SimbolCoinType)
		}

		rows := map[string]int{}
		for _, p := range got.Payments {
			rows[p.Token+" "+p.Type]++
			if p.Token == other.identifier {
				t.Errorf("company B's sale %s is in company A's billing", other.identifier)
			}
			if p.Type == billing.TypeRefund {
				if p.PriceConverted >= 0 || p.ShoppingCart.State != billing.StateRefund || p.Refundable != 0 {
					t.Errorf("refund row %+v", p)
				}
				if len(p.Details) != 1 || p.Details[0].PriceConverted >= 0 {
					t.Errorf("refund row details %+v", p.Details)
				}
			}
		}
		for key, n := range map[string]int{
			booking.identifier + " SALE": 1, event.identifier + " SALE": 1, cash.identifier + " SALE": 1,
			partly.identifier + " SALE": 1, partly.identifier + " REFUND": 1, first.identifier + " SALE": 1,
			last.identifier + " SALE": 1, feb.identifier + " SALE": 0, feb.identifier + " REFUND": 1,
		} {
			if rows[key] != n {
				t.Errorf("%d rows for %s, want %d", rows[key], key, n)
			}
		}
		if len(got.Payments) != 10 {
			t.Errorf("%d rows, want 8 sales and 2 refunds", len(got.Payments))
		}
		for _, p := range got.Payments {
			if p.Token == partly.identifier && p.Type == billing.TypeSale {
				if cents(p.Refundable) != 3500 || p.ShoppingCart.State != billing.StatePartiallyRefunded || cents(p.PriceConverted) != 5000 {
					t.Errorf("partly refunded sale %+v", p)
				}
			}
			if p.Token == booking.identifier && (len(p.Details) != 1 || p.Details[0].Quantity != 2 || p.Name != "Adult 10 min" ||
				len(p.Details[0].Sessions) != 1 || p.Details[0].Sessions[0] != "2026-03-12 18:30") {
				t.Errorf("sale details %+v", p)
			}
		}

		// Without details the rows carry no lines but the totals stay.
		res = e.api.Do("POST", "/api/admin/retrieveBillingBetweenDates",
			fmt.Sprintf(`{"idCompany":%d,"dateIni":"2026-03-01","dateEnd":"2026-03-31","details":false}`, e.a.CompanyID), e.auth...)
		var bare billingAnswer
		res.JSON(t, &bare)
		if bare.TotalProducts != got.TotalProducts || len(bare.Payments) != 10 || len(bare.Payments[0].Details) != 0 {
			t.Errorf("without details: %d products, %d rows, %d details", bare.TotalProducts, len(bare.Payments), len(bare.Payments[0].Details))
		}
	})
}

func TestBillingStatuses(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, nil)
		q := func(ini, end string) string {
			return fmt.Sprintf(`{"idCompany":%d,"dateIni":%q,"dateEnd":%q}`, e.a.CompanyID, ini, end)
		}
		for _, c := range []struct {
			name   string
			body   string
			auth   []string
			status int
		}{
			{"one day", q("2026-03-15", "2026-03-15"), e.auth, 200},
			{"366 days", q("2024-01-01", "2024-12-31"), e.auth, 200},
			{"367 days", q("2024-01-01", "2025-01-01"), e.auth, 422},
			{"start after end", q("2026-03-02", "2026-03-01"), e.auth, 422},
			{"malformed date", q("2026-3-1", "2026-03-01"), e.auth, 400},
			{"unknown field", `{"idCompany":` + fmt.Sprint(e.a.CompanyID) + `,"dateIni":"2026-03-01","dateEnd":"2026-03-01","x":1}`, e.auth, 400},
			{"no session", q("2026-03-01", "2026-03-01"), nil, 401},
			{"another company", fmt.Sprintf(`{"idCompany":%d,"dateIni":"2026-03-01","dateEnd":"2026-03-01"}`, e.b.CompanyID), e.auth, 403},
		} {
			res := e.api.Do("POST", "/api/admin/retrieveBillingBetweenDates", c.body, c.auth...)
			if res.Status != c.status {
				t.Errorf("%s: status %d, want %d: %s", c.name, res.Status, c.status, res.Body)
			}
		}
	})
}

func TestExportBilling(t *testing.T) {
	t.Parallel()
	e := newEnv(t, store.SQLite, nil)
	e.seedSale(t, sale{company: e.a, cents: 4000, qty: 2, chargedAt: local(2026, 3, 2, 10, 0, 0),
		refunds: []refund{{1000, local(2026, 3, 3, 10, 0, 0)}}})
	evil := e.seedSale(t, sale{company: e.a, cents: 1234, chargedAt: local(2026, 3, 4, 10, 0, 0), email: "=HYPERLINK(\"http://x\")@e.com"})
	e.exec(t, `UPDATE bookings SET contact_name = '@SUM(A1:A9)', phone = '+34600123456', reference = 'KXR7PM42' WHERE id = ?`, evil.bookingID)
	e.exec(t, `UPDATE bookings SET contact_name = '=1+1', phone = '-1+1' WHERE id <> ? AND company_id = ?`, evil.bookingID, e.a.CompanyID)
	target := func(format string) string {
		return fmt.Sprintf("/api/admin/export-billing?idCompany=%d&dateIni=2026-03-01&dateEnd=2026-03-31&format=%s&lang=es-ES", e.a.CompanyID, format)
	}

	res := e.api.Do("GET", target("csv"), nil, e.auth...)
	if res.Status != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), "detalles-facturacion.csv") {
		t.Fatalf("csv: %d %v", res.Status, res.Header)
	}
	records, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(res.Body, []byte("\ufeff")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 5 || records[0][0] != "Fecha" || records[0][1] != "Referencia" || records[0][10] != "Método" ||
		records[0][11] != "Importe (EUR)" || records[0][12] != "Reembolsable (EUR)" {
		t.Fatalf("csv: %q", records)
	}
	total := records[len(records)-1]
	if total[0] != "Total" || total[11] != "42.34" { // 40.00 + 12.34 - 10.00
		t.Errorf("totals row %q", total)
	}
	// Source, type, state and how the money moved read in the export's language (these sales were paid
	// online; the first was refunded in part the next day).
	for i, want := range [][4]string{
		{"Reservas", "Venta", "Reembolsada en parte", "En línea"},
		{"Reservas", "Reembolso", "Reembolso", "En línea"},
		{"Reservas", "Venta", "Pagada", "En línea"},
	} {
		if got := [4]string(records[1+i][7:11]); got != want {
			t.Errorf("line %d: source, type, state, method %q, want %q", i+1, got, want)
		}
	}
	for _, rec := range records[1:4] {
		for i, cell := range rec[:10] {
			if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
				t.Errorf("column %d starts a formula: %q", i, cell)
			}
		}
	}
	if refs := referencesOf(records[1:4]); refs != "|KXR7-PM42|" && refs != "KXR7-PM42||" && refs != "||KXR7-PM42" {
		t.Errorf("csv references %q: the evil sale's shown form, the others none", refs)
	}
	if v, _ := evilReference(e, t); v != "KXR7-PM42" {
		t.Errorf("billing row reference %q", v)
	}
	if !strings.Contains(string(res.Body), "'@SUM(A1:A9)") || !strings.Contains(string(res.Body), "'-1+1") ||
		!strings.Contains(string(res.Body), "'+34600123456") || !strings.Contains(string(res.Body), "'=1+1") {
		t.Errorf("the customer's cells are not neutralised:\n%s", res.Body)
	}

	res = e.api.Do("GET", target("xlsx"), nil, e.auth...)
	if res.Status != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), "detalles-facturacion.xlsx") {
		t.Fatalf("xlsx: %d %v", res.Status, res.Header)
	}
	f, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	sheet := f.GetSheetName(0)
	xrows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	if len(xrows) != 5 || xrows[4][0] != "Total" {
		t.Fatalf("xlsx rows %q", xrows)
	}
	for r := 1; r <= len(xrows); r++ {
		for c := 1; c <= 13; c++ {
			cell, _ := excelize.CoordinatesToCellName(c, r)
			if formula, _ := f.GetCellFormula(sheet, cell); formula != "" {
				t.Errorf("cell %s holds a formula %q", cell, formula)
			}
		}
	}
	// In XLSX a string cell is already safe: the customer's texts read exactly as typed, as strings,
	// with no quote added (the quote belongs to CSV only).
	found := map[string]bool{}
	for r, row := range xrows {
		for c, v := range row {
			cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
			if strings.HasPrefix(v, "'") {
				t.Errorf("cell %s reads %q: a quote became part of the text", cell, v)
			}
			switch v {
			case "+34600123456", "=1+1", "@SUM(A1:A9)", "-1+1", `=HYPERLINK("http://x")@e.com`:
				if typ, _ := f.GetCellType(sheet, cell); typ != excelize.CellTypeSharedString && typ != excelize.CellTypeInlineString {
					t.Errorf("cell %s %q is of type %v, want a string cell", cell, v, typ)
				}
				found[v] = true
			}
		}
	}
	if len(found) != 5 {
		t.Errorf("texts read exactly as typed: %v, want the phone +34600123456, =1+1, @SUM(A1:A9), -1+1 and the e-mail", found)
	}
	if v, _ := f.GetCellValue(sheet, "L5"); v != "42.34" {
		t.Errorf("xlsx total %q", v)
	}
	if typ, _ := f.GetCellType(sheet, "L2"); typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
		t.Errorf("amounts are written as text")
	}

	for _, c := range []struct {
		target string
		status int
	}{
		{strings.Replace(target("csv"), "format=csv", "format=pdf", 1), 400},
		{strings.Replace(target("csv"), "dateEnd=2026-03-31", "dateEnd=2027-03-31", 1), 422},
	} {
		if res := e.api.Do("GET", c.target, nil, e.auth...); res.Status != c.status {
			t.Errorf("%s: %d, want %d", c.target, res.Status, c.status)
		}
	}
}

// referencesOf joins the reference column of export records with "|".
func referencesOf(records [][]string) string {
	refs := make([]string, len(records))
	for i, r := range records {
		refs[i] = r[1]
	}
	return strings.Join(refs, "|")
}

// evilReference is the reference the billing list shows for the sale with the evil e-mail of TestExportBilling.
func evilReference(e *env, t *testing.T) (string, error) {
	res := e.api.Do("POST", "/api/admin/retrieveBillingBetweenDates",
		fmt.Sprintf(`{"idCompany":%d,"dateIni":"2026-03-01","dateEnd":"2026-03-31"}`, e.a.CompanyID), e.auth...)
	var out struct {
		Payments []struct {
			Email     string `json:"email"`
			Reference string `json:"reference"`
		} `json:"payments"`
	}
	res.JSON(t, &out)
	for _, p := range out.Payments {
		if strings.HasPrefix(p.Email, "=HYPERLINK") {
			return p.Reference, nil
		}
	}
	return "", fmt.Errorf("no such row")
}
