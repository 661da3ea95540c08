package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// kpiCall is one KPI request over the year.
type kpiCall struct {
	name, method, path string
	body               []byte
}

// measureAdmin runs the three scenarios against the signed-in server.
func measureAdmin(ctx context.Context, s *server, fx adminFixture, samples int) ([]adminRow, error) {
	var rows []adminRow
	day := func(t time.Time) string { return t.Format(time.DateOnly) }

	// retrieve-bookings over 31 days, the window moved back a week per call across the year.
	progress("admin: retrieve-bookings over 31 days, %d calls", samples)
	i := 0
	p95, err := sample(ctx, s, samples, func() (string, string, []byte) {
		end := fx.today.AddDate(0, 0, -7*(i%48))
		i++
		body, _ := json.Marshal(map[string]any{"idCompany": fx.companyID, "dateIni": day(end.AddDate(0, 0, -30)),
			"dateEnd": day(end), "filterType": "fechaReserva"})
		return http.MethodPost, "/api/admin/retrieve-bookings", body
	})
	if err != nil {
		return rows, fmt.Errorf("retrieve-bookings: %w", err)
	}
	rows = append(rows, adminRow{"retrieve-bookings, 31 days, p95", withCPU(p95, s), "≤ " + ms(targetRetrieveP95), p95 <= targetRetrieveP95, false})

	// The desk's search over all dates: each term of the fixture in turn (reference, name, e-mail, phone
	// with and without the country code), every one of which must find its booking.
	searches := max(samples, len(fx.searches)) // every term at least once
	progress("admin: retrieve-bookings search over all dates, %d calls over %d terms", searches, len(fx.searches))
	if err := searchesFind(ctx, s, fx); err != nil {
		return rows, fmt.Errorf("retrieve-bookings search: %w", err)
	}
	i = 0
	p95, err = sample(ctx, s, searches, func() (string, string, []byte) {
		term := fx.searches[i%len(fx.searches)]
		i++
		body, _ := json.Marshal(map[string]any{"idCompany": fx.companyID, "search": term})
		return http.MethodPost, "/api/admin/retrieve-bookings", body
	})
	if err != nil {
		return rows, fmt.Errorf("retrieve-bookings search: %w", err)
	}
	rows = append(rows, adminRow{"retrieve-bookings search, all dates, p95", withCPU(p95, s), "≤ " + ms(targetSearchP95), p95 <= targetSearchP95, false})

	// The counter's day (Today): one day's sessions with their bookings and ledger sums, the day moved
	// back one per call across the year of history, after checking that the days asked hold bookings.
	progress("admin: today, one day, %d calls", samples)
	if err := daysHoldBookings(ctx, s, fx); err != nil {
		return rows, fmt.Errorf("today: %w", err)
	}
	i = 0
	p95, err = sample(ctx, s, samples, func() (string, string, []byte) {
		d := fx.today.AddDate(0, 0, -1-(i%300))
		i++
		return http.MethodGet, fmt.Sprintf("/api/admin/today?idCompany=%d&date=%s", fx.companyID, day(d)), nil
	})
	if err != nil {
		return rows, fmt.Errorf("today: %w", err)
	}
	rows = append(rows, adminRow{"today, one day, p95", withCPU(p95, s), "≤ " + ms(targetTodayP95), p95 <= targetTodayP95, false})

	// Every KPI over the last year.
	from, to := day(fx.today.AddDate(-1, 0, 1)), day(fx.today)
	q := url.Values{"company": {fmt.Sprint(fx.companyID)}, "start": {from}, "end": {to}}
	closed := url.Values{"company": {fmt.Sprint(fx.companyID)}, "start": {from}, "end": {to}, "state": {"cerrado"}}
	members := url.Values{"company": {fmt.Sprint(fx.companyID)}, "date": {from}, "end": {to}}
	billing, _ := json.Marshal(map[string]any{"idCompany": fx.companyID, "dateStart": from, "dateEnd": to, "state": "cerrado"})
	calls := []kpiCall{
		{"kpi/ticket/totalBilling", http.MethodPost, "/api/kpi/ticket/totalBilling", billing},
		{"kpi/ticket", http.MethodGet, "/api/kpi/ticket?" + closed.Encode(), nil},
		{"kpi/ticket/average", http.MethodGet, "/api/kpi/ticket/average?" + closed.Encode(), nil},
		{"kpi/member", http.MethodGet, "/api/kpi/member?company=" + fmt.Sprint(fx.companyID), nil},
		{"kpi/member/new", http.MethodGet, "/api/kpi/member/new?" + members.Encode(), nil},
		{"kpi/member/old", http.MethodGet, "/api/kpi/member/old?" + members.Encode(), nil},
		{"kpi/participant", http.MethodGet, "/api/kpi/participant?" + q.Encode(), nil},
		{"kpi/participant?age=true", http.MethodGet, "/api/kpi/participant?age=true&" + q.Encode(), nil},
		{"kpi/participant?session=true", http.MethodGet, "/api/kpi/participant?session=true&" + q.Encode(), nil},
		{"kpi/series", http.MethodGet, "/api/kpi/series?" + q.Encode(), nil},
	}
	for _, c := range calls {
		progress("admin: %s over a year, %d calls", c.name, samples)
		p95, err := sample(ctx, s, samples, func() (string, string, []byte) { return c.method, c.path, c.body })
		if err != nil {
			rows = append(rows, adminRow{c.name + ", 1 year, p95", "error: " + err.Error(), "≤ " + ms(targetKPIP95), false, false})
			continue
		}
		rows = append(rows, adminRow{c.name + ", 1 year, p95", withCPU(p95, s), "≤ " + ms(targetKPIP95), p95 <= targetKPIP95, false})
	}

	// The XLSX export of the range holding 100,000 bookings, timed to its last byte, with the server's memory.
	progress("admin: export-bookings xlsx %s…%s (%d bookings)", fx.exportFrom, fx.exportTo, fx.exportBookings)
	ex, err := exportOnce(ctx, s, fx)
	if err != nil {
		return rows, fmt.Errorf("export-bookings: %w", err)
	}
	rows = append(rows,
		adminRow{fmt.Sprintf("export-bookings xlsx, %d rows (%.1f MB)", ex.rows, float64(ex.bytes)/1e6),
			fmt.Sprintf("%.2f s (server CPU %.2f s)", ex.took.Seconds(), ex.cpu.Seconds()), fmt.Sprintf("≤ %.0f s", targetExport.Seconds()),
			ex.took <= targetExport && ex.rows >= exportRows, false},
		adminRow{"export-bookings xlsx, server memory growth (VmHWM after − VmRSS before)",
			fmt.Sprintf("%.1f MB (RSS %.1f → peak %.1f)", ex.hwmAfter-ex.rssBefore, ex.rssBefore, ex.hwmAfter),
			fmt.Sprintf("≤ %.0f MB", targetExportMemMB), ex.hwmAfter-ex.rssBefore <= targetExportMemMB, true})
	return rows, nil
}

// daysHoldBookings checks that the days the Today scenario asks for hold sessions with bookings (one in
// ten of them, spread over the range; a day's first sessions may be empty), so its figure is the time of real days, not empty ones.
func daysHoldBookings(ctx context.Context, s *server, fx adminFixture) error {
	for back := 1; back <= 300; back += 30 {
		date := fx.today.AddDate(0, 0, -back).Format(time.DateOnly)
		status, body, err := s.do(ctx, http.MethodGet, fmt.Sprintf("/api/admin/today?idCompany=%d&date=%s", fx.companyID, date), nil, io.Discard)
		if err != nil {
			return err
		}
		var view struct {
			Sessions []struct {
				Bookings []json.RawMessage `json:"bookings"`
			} `json:"sessions"`
		}
		if status != http.StatusOK || json.Unmarshal(body, &view) != nil {
			return fmt.Errorf("%s: %d %.200s", date, status, body)
		}
		booked := false
		for _, session := range view.Sessions {
			booked = booked || len(session.Bookings) > 0
		}
		if !booked {
			return fmt.Errorf("%s holds no session with bookings", date)
		}
	}
	return nil
}

// searchesFind checks that every search term of the fixture finds at least one booking, so the figure is
// the time of searches that find something.
func searchesFind(ctx context.Context, s *server, fx adminFixture) error {
	for _, term := range fx.searches {
		body, _ := json.Marshal(map[string]any{"idCompany": fx.companyID, "search": term})
		var out bytes.Buffer
		status, resp, err := s.do(ctx, http.MethodPost, "/api/admin/retrieve-bookings", body, &out)
		if err != nil {
			return err
		}
		if status != http.StatusOK {
			return fmt.Errorf("search %q answered %d: %s", term, status, resp)
		}
		var answer struct {
			Data []json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(out.Bytes(), &answer); err != nil {
			return fmt.Errorf("search %q: %w", term, err)
		}
		if len(answer.Data) == 0 {
			return fmt.Errorf("search %q found no booking", term)
		}
	}
	return nil
}

// sample sends two unrecorded requests, then n recorded ones one after the other, and returns the
// 95th percentile of their latencies (request sent to body read). Any answer but 200 stops it. The
// server's CPU time per recorded call is kept in s.lastCPU.
func sample(ctx context.Context, s *server, n int, next func() (method, path string, body []byte)) (time.Duration, error) {
	var lat []time.Duration
	var cpu0 time.Duration
	for i := range n + 2 {
		if i == 2 {
			cpu0, _ = s.cpu()
		}
		method, path, body := next()
		start := time.Now()
		status, resp, err := s.do(ctx, method, path, body, io.Discard)
		took := time.Since(start)
		if err != nil {
			return 0, err
		}
		if status != http.StatusOK {
			return 0, fmt.Errorf("%s %s answered %d: %s", method, path, status, resp)
		}
		if i >= 2 {
			lat = append(lat, took)
		}
	}
	if cpu1, err := s.cpu(); err == nil && n > 0 {
		s.lastCPU = (cpu1 - cpu0) / time.Duration(n)
	}
	return p95(lat), nil
}

// p95 is the 95th percentile (nearest rank) of latencies; it sorts them.
func p95(lat []time.Duration) time.Duration {
	slices.Sort(lat)
	return lat[(len(lat)*95+99)/100-1]
}

// export is what one export measured.
type export struct {
	took, cpu           time.Duration // to the last byte; the server's CPU time meanwhile
	bytes, rows         int64
	rssBefore, hwmAfter float64
}

// exportOnce downloads the XLSX export, then counts the rows of its sheet.
func exportOnce(ctx context.Context, s *server, fx adminFixture) (export, error) {
	var ex export
	var err error
	if ex.rssBefore, _, err = s.memory(); err != nil {
		return ex, err
	}
	q := url.Values{"idCompany": {fmt.Sprint(fx.companyID)}, "dateIni": {fx.exportFrom}, "dateEnd": {fx.exportTo},
		"filterType": {"fechaReserva"}, "format": {"xlsx"}}
	var file bytes.Buffer
	cpu0, err := s.cpu()
	if err != nil {
		return ex, err
	}
	start := time.Now()
	status, resp, err := s.do(ctx, http.MethodGet, "/api/admin/export-bookings?"+q.Encode(), nil, &file)
	ex.took = time.Since(start)
	if err != nil {
		return ex, err
	}
	cpu1, err := s.cpu()
	if err != nil {
		return ex, err
	}
	ex.cpu = cpu1 - cpu0
	if status != http.StatusOK {
		return ex, fmt.Errorf("answered %d: %s", status, resp)
	}
	if _, ex.hwmAfter, err = s.memory(); err != nil {
		return ex, err
	}
	ex.bytes = int64(file.Len())
	ex.rows, err = xlsxRows(file.Bytes())
	return ex, err
}

// xlsxRows counts the <row> elements of every worksheet of an XLSX file, less one heading row per sheet
// (totals rows, if the export writes them, are counted).
func xlsxRows(b []byte) (int64, error) {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return 0, fmt.Errorf("not an XLSX file: %w", err)
	}
	var n int64
	for _, f := range zr.File {
		if !strings.HasPrefix(f.Name, "xl/worksheets/") || !strings.HasSuffix(f.Name, ".xml") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return 0, err
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return 0, err
		}
		if c := int64(bytes.Count(data, []byte("<row "))) + int64(bytes.Count(data, []byte("<row>"))); c > 0 {
			n += c - 1
		}
	}
	return n, nil
}

// withCPU formats a p95 with the server's mean CPU time per call of the same sample.
func withCPU(p95 time.Duration, s *server) string {
	return fmt.Sprintf("%s (server CPU %.1f ms/call)", ms(p95), float64(s.lastCPU)/1e6)
}
