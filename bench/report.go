package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"pitlane/internal/sessions"
)

// Targets (issue 3).
const (
	targetRatio        = 0.5                   // (c)/(d)
	targetHotPerSecond = 30000.0 / 60          // holds per second on one session over HTTP
	targetAvailP99     = 25 * time.Millisecond // availability p99 at 100 connections
)

// engineResults are one engine's measurements.
type engineResults struct {
	name                         string
	availIn, availHTTP           result
	hotHTTP, spreadHTTP          result
	hotDirect1, hotDirectN       result
	spreadDirect1, spreadDirectN result
}

// report collects the run and prints the table.
type report struct {
	opts      options
	started   time.Time
	machine   string
	fsync     string
	loadStart string
	versions  []string
	engines   []engineResults
	scaling   []scalingRow
	breakdown []breakdownRow
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }

func verdict(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}

// print writes the one table, its footnotes and any errors the runs met.
func (r *report) print(out io.Writer) {
	fmt.Fprintf(out, "Pitlane sessions engine benchmark — %s\n", r.started.UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(out, "machine: %s\n\n", r.machine)
	tw := newTable(out, true)
	fmt.Fprintln(tw, "engine\tmeasure\t  throughput\tmean\tp50\tp99\tok\t421\terrors\t  cores s/db/all\tcpu/op\t  target\tresult\t")
	var errs []string
	line := func(engine, measure string, res result, unit, target, result string) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\t%s\t%s\t\n", engine, measure,
			fmt.Sprintf("%.0f %s", res.Rate(), unit), ms(res.Mean()), ms(res.Pct(50)), ms(res.Pct(99)),
			res.OK, res.NoStock, res.Errors, res.CPU, ms(res.CPUPerOp()), target, result)
		if res.Errors > 0 {
			errs = append(errs, fmt.Sprintf("%s %s: %d errors, first: %v", engine, measure, res.Errors, res.FirstErr))
		}
	}
	n := r.opts.conns
	for _, e := range r.engines {
		line(e.name, "(a) availability, in-process, 1 caller", e.availIn, "calls/s", "", "")
		line(e.name, fmt.Sprintf("(b) availability, HTTP, %d conns", n), e.availHTTP, "req/s",
			"p99 ≤ "+ms(targetAvailP99), verdict(e.availHTTP.Errors == 0 && e.availHTTP.Pct(99) <= targetAvailP99))
		// The hot-slot target is set for SQLite, the engine a single circuit runs on (issue 3); on
		// PostgreSQL the figure is shown without one.
		hotTarget, hotResult := "", ""
		if e.name == "sqlite" {
			hotTarget = fmt.Sprintf("≥ %.0f/s", targetHotPerSecond)
			hotResult = verdict(e.hotHTTP.Errors == 0 && e.hotHTTP.Rate() >= targetHotPerSecond)
		}
		line(e.name, fmt.Sprintf("(c) holds, HTTP, %d conns, hot slot", n), e.hotHTTP, "holds/s", hotTarget, hotResult)
		line(e.name, fmt.Sprintf("(c) holds, HTTP, %d conns, spread", n), e.spreadHTTP, "holds/s", "", "")
		line(e.name, "(d) holds, direct, 1 goroutine, hot slot", e.hotDirect1, "holds/s", "", "")
		line(e.name, fmt.Sprintf("(d) holds, direct, %d goroutines, hot slot", n), e.hotDirectN, "holds/s", "", "")
		line(e.name, "(d) holds, direct, 1 goroutine, spread", e.spreadDirect1, "holds/s", "", "")
		line(e.name, fmt.Sprintf("(d) holds, direct, %d goroutines, spread", n), e.spreadDirectN, "holds/s", "", "")
		for _, v := range []struct {
			name      string
			c, d1, dN result
		}{{"hot slot", e.hotHTTP, e.hotDirect1, e.hotDirectN}, {"spread", e.spreadHTTP, e.spreadDirect1, e.spreadDirectN}} {
			best := max(v.d1.Rate(), v.dN.Rate())
			ratio := 0.0
			if best > 0 {
				ratio = v.c.Rate() / best
			}
			fmt.Fprintf(tw, "%s\t%s\t%.2f\t\t\t\t\t\t\t\t\t%s\t%s\t\n", e.name, "(c)/(d) "+v.name+", HTTP ÷ best direct", ratio,
				fmt.Sprintf("≥ %.1f", targetRatio), verdict(ratio >= targetRatio))
		}
	}
	tw.flush()
	fmt.Fprintln(out)
	fmt.Fprintf(out, "Runs: each HTTP run %s after a %s warm-up; each direct run %s; (a) %d calls or %s. Closed loop: each\n",
		r.opts.p.measure, r.opts.p.warmup, r.opts.p.measure, r.opts.availCalls, limitAvailInProcess)
	fmt.Fprintln(out, "  connection sends its next request when the previous answer arrives; latency percentiles are of successes.")
	fmt.Fprintln(out, "  Load generator, HTTP server and database share the same cores (loopback only). cores s/db/all: CPU")
	fmt.Fprintln(out, "  cores used during the run by this process (load generator + server + SQLite), by the PostgreSQL")
	fmt.Fprintln(out, "  backends of the bench database, and by the whole machine (other users' work included); cpu/op: CPU")
	fmt.Fprintln(out, "  time of this process and the backends per success, which other load on the machine changes little.")
	fmt.Fprintf(out, "Load average (1/5/15 min) at start: %s; at end: %s.\n", r.loadStart, loadAverage())
	fmt.Fprintf(out, "Fixture: %d circuits × 48 sessions/day, capacity %d places; hold TTL %s; manual clock at %s 09:00 %s.\n",
		benchCircuits, benchCapacity, holdTTL, benchDay, benchTZ)
	fmt.Fprintf(out, "  (a)/(b): product 1 on %s, %d live holds + %d booked places in each of its 48 sessions. (a) computes\n",
		benchDay, busyHolds, busyBooked)
	fmt.Fprintf(out, "  every call afresh (answer reuse off); (b), (c) are the server as wired: answers and offers reused for %s (sessions.ReuseTTL).\n",
		sessions.ReuseTTL)
	fmt.Fprintln(out, "  hot slot: every hold on one session (a fresh one per run, so its ok count is the live holds it ends with);")
	fmt.Fprintln(out, "  spread: products 2–8 × 27 days × 48 sessions, chosen at random. One driver per hold, the holds going round")
	fmt.Fprintf(out, "  %d carts, a new X-Visitor-Id per request. HTTP: the real handler (httpapi.New) with per-client rate limits off.\n", benchCarts)
	fmt.Fprintln(out, "  (d) calls store.DB.InsertHold with holds planned beforehand by sessions.PlanHold; ratio = (c) ÷ max((d) 1, (d) N).")
	for _, v := range r.versions {
		fmt.Fprintf(out, "Engine %s\n", v)
	}
	if r.opts.sqliteSync != "" {
		fmt.Fprintf(out, "  EXPERIMENT: SQLite's synchronous pragma overridden to %s (production: FULL).\n", r.opts.sqliteSync)
	}
	fmt.Fprintln(out, "  Durability differs: SQLite as in production (WAL, synchronous=FULL: an fsync per commit); the throwaway")
	fmt.Fprintln(out, "  PostgreSQL runs with fsync=off, synchronous_commit=off, full_page_writes=off (no disk flush at commit).")
	fmt.Fprintf(out, "Disk: %s\n", r.fsync)
	for _, e := range errs {
		fmt.Fprintln(out, "ERROR", e)
	}
}

// table is a tabwriter whose lines lose their trailing blanks when flushed.
type table struct {
	*tabwriter.Writer
	buf bytes.Buffer
	out io.Writer
}

// newTable starts a table written to out on flush; right reports whether cells align right.
func newTable(out io.Writer, right bool) *table {
	var flags uint
	if right {
		flags = tabwriter.AlignRight
	}
	t := &table{out: out}
	t.Writer = tabwriter.NewWriter(&t.buf, 0, 0, 2, ' ', flags)
	return t
}

// flush aligns the cells and writes the lines without trailing blanks.
func (t *table) flush() {
	_ = t.Writer.Flush()
	for _, l := range strings.SplitAfter(t.buf.String(), "\n") {
		if l == "" {
			continue
		}
		fmt.Fprintln(t.out, strings.TrimRight(l, " \n"))
	}
	t.buf.Reset()
}

// loadAverage is the machine's 1, 5 and 15 minute load averages.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// machineLine names the CPU, cores, Go version and OS.
func machineLine() string {
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	osName := runtime.GOOS
	if b, err := os.ReadFile("/etc/os-release"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "PRETTY_NAME="); ok {
				osName = strings.Trim(v, `"`)
			}
		}
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		osName += ", Linux " + strings.TrimSpace(string(b))
	}
	return fmt.Sprintf("%s, %d cores (GOMAXPROCS %d), %s %s/%s, %s", cpu, runtime.NumCPU(), runtime.GOMAXPROCS(0),
		runtime.Version(), runtime.GOOS, runtime.GOARCH, osName)
}

// fsyncProbe times a 4 KiB write followed by fsync in dir, the cost SQLite pays at every commit with
// synchronous=FULL. The file is written once first and then overwritten in place, as a reused WAL is.
func fsyncProbe(dir string) string {
	f, err := os.Create(filepath.Join(dir, "fsync-probe"))
	if err != nil {
		return "fsync probe failed: " + err.Error()
	}
	defer f.Close()
	const block, blocks, n = 4096, 256, 100
	buf := make([]byte, block)
	for i := 0; i < blocks; i++ {
		if _, err := f.Write(buf); err != nil {
			return "fsync probe failed: " + err.Error()
		}
	}
	if err := f.Sync(); err != nil {
		return "fsync probe failed: " + err.Error()
	}
	var lat []time.Duration
	deadline := time.Now().Add(3 * time.Second)
	for i := 0; i < n && time.Now().Before(deadline); i++ {
		t0 := time.Now()
		if _, err := f.WriteAt(buf, int64(i%blocks)*block); err != nil {
			return "fsync probe failed: " + err.Error()
		}
		if err := f.Sync(); err != nil {
			return "fsync probe failed: " + err.Error()
		}
		lat = append(lat, time.Since(t0))
	}
	res := result{OK: len(lat), lat: lat}
	sortDurations(res.lat)
	return fmt.Sprintf("4 KiB overwrite + fsync in the temp dir: mean %s, p50 %s, p99 %s over %d (≈ %.0f commits/s if one at a time)",
		ms(res.Mean()), ms(res.Pct(50)), ms(res.Pct(99)), len(lat), float64(time.Second)/float64(res.Mean()))
}
