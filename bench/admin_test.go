package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestXLSXRowsCountsTheSheetsRowsLessTheHeading(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		t.Fatal(err)
	}
	var sheet strings.Builder
	sheet.WriteString(`<worksheet><sheetData>`)
	for i := 1; i <= 1001; i++ {
		fmt.Fprintf(&sheet, `<row r="%d"><c t="inlineStr"><is><t>x</t></is></c></row>`, i)
	}
	sheet.WriteString(`</sheetData></worksheet>`)
	if _, err := w.Write([]byte(sheet.String())); err != nil {
		t.Fatal(err)
	}
	other, _ := zw.Create("xl/sharedStrings.xml")
	_, _ = other.Write([]byte(`<row r="1"></row>`)) // not a worksheet: not counted
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	n, err := xlsxRows(buf.Bytes())
	if err != nil || n != 1000 {
		t.Fatalf("xlsxRows = %d, %v; want 1000", n, err)
	}
	if _, err := xlsxRows([]byte("id;name\n1;x\n")); err == nil {
		t.Fatal("a CSV body was taken for an XLSX file")
	}
}

func TestP95IsTheNearestRank(t *testing.T) {
	var lat []time.Duration
	for i := 20; i >= 1; i-- {
		lat = append(lat, time.Duration(i)*time.Millisecond)
	}
	if got := p95(lat); got != 19*time.Millisecond {
		t.Fatalf("p95 of 1…20 ms = %v, want 19 ms", got)
	}
	if got := p95([]time.Duration{7 * time.Millisecond}); got != 7*time.Millisecond {
		t.Fatalf("p95 of one = %v", got)
	}
}

func TestExportSpanCountsBothEnds(t *testing.T) {
	if got := exportSpan("2025-11-25", "2026-11-24"); got != 365 {
		t.Fatalf("a year less a day spans %d days, want 365", got)
	}
	if got := exportSpan("2023-11-24", "2024-11-24"); got != 367 {
		t.Fatalf("a leap year and a day span %d days, want 367 (more than the bookings query accepts)", got)
	}
	if exportSpan("2026-01-01", "2026-01-01") != 1 || exportSpan("x", "2026-01-01") != 0 {
		t.Fatal("one day is 1, a malformed date 0")
	}
}

// A guarantee that fails (the export's memory bound) fails the bench; a target missed on a busy
// machine (a latency) is only reported.
func TestBrokenGuaranteesFailTheBench(t *testing.T) {
	slow := adminEngine{name: "sqlite", rows: []adminRow{{measure: "retrieve-bookings, 31 days, p95", figure: "300 ms", target: "≤ 150 ms"}}}
	if err := brokenGuarantees([]adminEngine{slow}); err != nil {
		t.Fatalf("a slow latency failed the bench: %v", err)
	}
	heavy := adminEngine{name: "postgres", rows: []adminRow{{measure: "export-bookings xlsx, server memory growth", figure: "92.0 MB",
		target: "≤ 80 MB", guarantee: true}}}
	err := brokenGuarantees([]adminEngine{slow, heavy})
	if err == nil || !strings.Contains(err.Error(), "postgres: export-bookings xlsx, server memory growth is 92.0 MB, want ≤ 80 MB") {
		t.Fatalf("a broken memory bound: %v", err)
	}
	heavy.rows[0].pass = true
	if err := brokenGuarantees([]adminEngine{heavy}); err != nil {
		t.Fatalf("a kept guarantee failed the bench: %v", err)
	}
}
