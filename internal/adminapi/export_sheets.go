package adminapi

import (
	"bufio"
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// neutralise makes customer-typed text safe to open in a spreadsheet (OWASP CSV injection): a cell
// that starts with = + - @ tab or carriage return is prefixed with a single quote, so no spreadsheet
// reads it as a formula. Phone numbers written "+34 …" are customer-typed too and get the quote
// (spreadsheets show the quote only in the cell's editor).
func neutralise(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// csvSheet writes an export as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read the
// accents right) through encoding/csv's buffer straight to the response.
type csvSheet struct {
	buf *bufio.Writer
	w   *csv.Writer
}

func newCSVSheet(w io.Writer) *csvSheet {
	buf := bufio.NewWriterSize(w, 32<<10)
	_, _ = buf.WriteString("\ufeff")
	return &csvSheet{buf: buf, w: csv.NewWriter(buf)}
}

// Header implements bookingsSheet.
func (s *csvSheet) Header(cols []string) error { return s.w.Write(cols) }

// Row implements bookingsSheet.
func (s *csvSheet) Row(cells []exportCell) error {
	rec := make([]string, len(cells))
	for i, c := range cells {
		switch {
		case c.IsNum && c.Money:
			rec[i] = strconv.FormatFloat(c.Number, 'f', 2, 64)
		case c.IsNum:
			rec[i] = strconv.FormatFloat(c.Number, 'f', -1, 64)
		case c.Typed:
			rec[i] = neutralise(c.Text)
		default:
			rec[i] = c.Text
		}
	}
	return s.w.Write(rec)
}

// Close implements bookingsSheet.
func (s *csvSheet) Close() error {
	s.w.Flush()
	if err := s.w.Error(); err != nil {
		return err
	}
	return s.buf.Flush()
}

// xlsxSheet writes an export as XLSX with excelize's StreamWriter: rows go to its buffer, which spills
// to a temporary file past a few megabytes, so the sheet is never whole in memory; Close writes the
// zip to the response and removes the temporary files. Text is always written as text (inline
// strings), never as a formula, whatever it starts with.
type xlsxSheet struct {
	out   io.Writer
	f     *excelize.File
	sw    *excelize.StreamWriter
	row   int
	money int // style id: two decimals
	bold  int // style id: headings and totals
	buf   []any
}

func newXLSXSheet(out io.Writer, cols []string) (*xlsxSheet, error) {
	f := excelize.NewFile()
	s := &xlsxSheet{out: out, f: f}
	sheet := "Bookings"
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		_ = f.Close()
		return nil, err
	}
	var err error
	if s.money, err = f.NewStyle(&excelize.Style{NumFmt: 2}); err != nil {
		_ = f.Close()
		return nil, err
	}
	if s.bold, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err != nil {
		_ = f.Close()
		return nil, err
	}
	if s.sw, err = f.NewStreamWriter(sheet); err != nil {
		_ = f.Close()
		return nil, err
	}
	widths := []float64{8, 34, 17, 17, 24, 16, 28, 10, 8, 9, 16, 18}
	for i := range cols {
		w := 14.0
		if i < len(widths) {
			w = widths[i]
		}
		if err := s.sw.SetColWidth(i+1, i+1, w); err != nil {
			_ = f.Close()
			return nil, err
		}
	}
	return s, nil
}

// Header implements bookingsSheet.
func (s *xlsxSheet) Header(cols []string) error {
	cells := make([]exportCell, len(cols))
	for i, c := range cols {
		cells[i] = exportCell{Text: c}
	}
	return s.write(cells, s.bold)
}

// Row implements bookingsSheet.
func (s *xlsxSheet) Row(cells []exportCell) error { return s.write(cells, 0) }

func (s *xlsxSheet) write(cells []exportCell, style int) error {
	s.row++
	cell, err := excelize.CoordinatesToCellName(1, s.row)
	if err != nil {
		return err
	}
	s.buf = s.buf[:0]
	for _, c := range cells {
		v := excelize.Cell{StyleID: style}
		switch {
		case c.IsNum:
			v.Value = c.Number
			if c.Money {
				v.StyleID = s.money
			}
		case c.Text != "":
			v.Value = xmlSafe(c.Text)
		}
		s.buf = append(s.buf, v)
	}
	return s.sw.SetRow(cell, s.buf)
}

// Close implements bookingsSheet.
func (s *xlsxSheet) Close() error {
	defer func() { _ = s.f.Close() }()
	if err := s.sw.Flush(); err != nil {
		return err
	}
	return s.f.Write(s.out)
}

// xmlSafe drops the control characters XML 1.0 cannot hold (all but tab, line feed and carriage
// return), which would make the file unreadable.
func xmlSafe(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return strings.Map(func(r rune) rune {
				if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
					return -1
				}
				return r
			}, s)
		}
	}
	return s
}
