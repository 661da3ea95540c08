package checkout_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/xuri/excelize/v2"

	"pitlane/internal/checkout"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// The contract's validator has no decoder for XLSX bodies: read them as the binary files they are.
func init() { openapi3filter.RegisterBodyDecoder(xlsxType, openapi3filter.FileBodyDecoder) }

// injections are customer-typed values a spreadsheet would run as formulas (OWASP CSV injection).
var injections = []string{`=HYPERLINK("http://x","y")`, "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"}

// seedInjections writes one November booking per payload, the payload as name, e-mail and phone.
func (d *desk) seedInjections(t *testing.T) {
	for i, p := range injections {
		d.seedBooking(t, seed{company: d.fix.CompanyID, circuit: d.fix.Circuit, product: d.fix.Product,
			start: fmt.Sprintf("2026-11-%02d 10:00", i+2), created: "2026-10-20 10:00", name: p, phone: p, email: p,
			drivers: 2, cents: 2000})
	}
	// Company B's booking in the same month never shows.
	d.seedBooking(t, seed{company: d.b.CompanyID, circuit: d.b.Circuit, product: d.b.Product, start: "2026-11-10 10:00",
		created: "2026-10-20 10:00", name: "Company B", drivers: 9, cents: 9900})
	// Seeded rows get their references as old bookings do, from the start-up backfill.
	if _, err := d.db.BackfillReferences(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func (d *desk) export(t *testing.T, query string) ([]byte, string) {
	t.Helper()
	res := d.admin.Do("GET", "/api/admin/export-bookings?idCompany="+fmt.Sprint(d.fix.CompanyID)+"&"+query, nil, as...)
	if res.Status != 200 {
		t.Fatalf("export %s: %d %s", query, res.Status, res.Body)
	}
	return res.Body, res.Header.Get("Content-Disposition")
}

// The CSV export: headings in the asked language, one row per booking, the totals row, the file named
// from name, company and range, and every customer-typed cell that starts like a formula quoted.
func TestStaffExportCSV(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		d.seedInjections(t)
		body, disposition := d.export(t, "dateIni=2026-11-01&dateEnd=2026-11-30&format=csv&lang=es")
		if !strings.Contains(disposition, `filename="bookings_Circuito-Norte_2026-11-01_2026-11-30.csv"`) ||
			!strings.Contains(disposition, `filename*=UTF-8''bookings_Circuito%20Norte_2026-11-01_2026-11-30.csv`) {
			t.Errorf("Content-Disposition %q", disposition)
		}
		recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(body, []byte("\ufeff")))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != len(injections)+2 || recs[0][1] != "Referencia" || recs[0][5] != "Cliente" || recs[0][6] != "Teléfono" {
			t.Fatalf("%d records, header %v", len(recs), recs[0])
		}
		// The price column says what the figures are, as the billing export's amounts do.
		if recs[0][8] != "Precio (EUR)" {
			t.Errorf("price column %q, want %q", recs[0][8], "Precio (EUR)")
		}
		for i, p := range injections {
			r := recs[i+1]
			if checkout.NormalizeReference(r[1]) == "" || r[1][4] != '-' {
				t.Errorf("row %d reference %q", i, r[1])
			}
			for _, col := range []int{5, 6, 7} {
				if r[col] != "'"+p {
					t.Errorf("row %d col %d: %q, want the payload quoted", i, col, r[col])
				}
			}
			if r[8] != "20.00" || r[9] != "2" || r[11] != "Pagada" || r[12] != "Track A" {
				t.Errorf("row %d: %v", i, r)
			}
		}
		total := recs[len(recs)-1]
		if total[0] != "Total" || total[1] != fmt.Sprint(len(injections)) || total[8] != "120.00" || total[9] != "12" || total[10] != "6" {
			t.Errorf("totals row %v", total)
		}
	})
}

// The XLSX export: the same rows and totals, customer text stored as text exactly as typed, and not
// one formula cell in the file.
func TestStaffExportXLSX(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		d.seedInjections(t)
		// A Danish circuit's figures are crowns: the price column's title names the company's currency.
		d.exec(t, `UPDATE companies SET currency = 'DKK', currency_symbol = 'kr.' WHERE id = ?`, d.fix.CompanyID)
		body, disposition := d.export(t, "dateIni=2026-11-01&dateEnd=2026-11-30&format=xlsx")
		if !strings.Contains(disposition, `filename="bookings_Circuito-Norte_2026-11-01_2026-11-30.xlsx"`) {
			t.Errorf("Content-Disposition %q", disposition)
		}
		f, err := excelize.OpenReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := f.GetRows("Bookings")
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != len(injections)+2 || rows[0][1] != "Reference" || rows[0][5] != "Customer" || rows[0][8] != "Price (DKK)" {
			t.Fatalf("%d rows, header %v", len(rows), rows[0])
		}
		for i, p := range injections {
			if checkout.NormalizeReference(rows[i+1][1]) == "" {
				t.Errorf("row %d reference %q", i, rows[i+1][1])
			}
			for _, col := range []int{5, 6, 7} {
				if rows[i+1][col] != p {
					t.Errorf("row %d col %d: %q, want %q", i, col, rows[i+1][col], p)
				}
			}
		}
		total := rows[len(rows)-1]
		if total[0] != "Total" || total[1] != fmt.Sprint(len(injections)) || total[8] != "120.00" || total[9] != "12" {
			t.Errorf("totals row %v", total)
		}
		for r := 1; r <= len(rows); r++ {
			for c := 1; c <= 13; c++ {
				cell, _ := excelize.CoordinatesToCellName(c, r)
				if formula, err := f.GetCellFormula("Bookings", cell); err != nil || formula != "" {
					t.Errorf("%s: formula %q (%v)", cell, formula, err)
				}
				if typ, _ := f.GetCellType("Bookings", cell); typ == excelize.CellTypeFormula {
					t.Errorf("%s is a formula cell", cell)
				}
			}
		}
	})
}

// Export errors are JSON answers sent before any file: a bad format 400, a too long range 422, another
// company 403.
func TestStaffExportErrors(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		for _, c := range []struct {
			query  string
			status int
		}{
			{fmt.Sprintf("idCompany=%d&dateIni=2026-11-01&dateEnd=2026-11-30&format=pdf", d.fix.CompanyID), 400},
			{fmt.Sprintf("idCompany=%d&dateIni=2026-11-01&dateEnd=2027-01-30&format=csv", d.fix.CompanyID), 422},
			{fmt.Sprintf("idCompany=%d&dateIni=2026-11-30&dateEnd=2026-11-01&format=xlsx", d.fix.CompanyID), 422},
			{fmt.Sprintf("idCompany=%d&dateIni=2026-11-01&dateEnd=2026-11-30&format=csv", d.b.CompanyID), 403},
		} {
			res := d.admin.Do("GET", "/api/admin/export-bookings?"+c.query, nil, as...)
			if res.Status != c.status || res.Header.Get("Content-Disposition") != "" {
				t.Errorf("%s: %d %s", c.query, res.Status, res.Body)
			}
		}
	})
}
