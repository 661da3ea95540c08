// Command bench measures the sessions engine — availability and holds (pre-bookings), in-process,
// over HTTP and directly on the database — on SQLite and on a throwaway PostgreSQL, and prints one
// table with the targets next to the figures; then the back office (admin*.go): the built binary
// serving a year of history, its bookings list, KPIs and export; then the on-sale rush against the
// built binary (rush*.go). -only picks one part. `make bench` runs it; see docs/performance.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"pitlane/internal/store/storetest"
)

var stderr io.Writer = os.Stderr

// limitAvailInProcess bounds the in-process availability loop by time (it is also bounded by count).
const limitAvailInProcess = 10 * time.Second

// phases are the durations of a load run: an unrecorded warm-up, then the measured run.
type phases struct {
	warmup, measure time.Duration
}

// options are the command-line settings.
type options struct {
	engines    []string
	conns      int
	p          phases
	availCalls int
	profileDir string
	sqliteSync string
	scaling    bool         // run the -scaling investigation instead of the table
	only       string       // "sessions" or "admin": run that part alone (default: both)
	admin      adminOptions // the back office's part (admin*.go)
}

func main() {
	var o options
	engines := flag.String("engines", "sqlite,postgres", "engines to measure, comma-separated")
	flag.IntVar(&o.conns, "conns", 100, "concurrent HTTP connections (and goroutines of the concurrent direct runs)")
	flag.DurationVar(&o.p.warmup, "warmup", time.Second, "unrecorded warm-up before each HTTP run")
	flag.DurationVar(&o.p.measure, "duration", 5*time.Second, "length of each measured load run")
	flag.IntVar(&o.availCalls, "avail-calls", 2000, "in-process availability calls")
	flag.StringVar(&o.profileDir, "cpuprofile", "", "write a CPU profile of every measured HTTP and direct run into this directory")
	flag.StringVar(&o.sqliteSync, "sqlite-synchronous", "", "experiment: override SQLite's synchronous pragma (production: FULL)")
	flag.BoolVar(&o.scaling, "scaling", false, "investigation: hold rate against live holds already in the session, availability piece by piece, HTTP floor")
	flag.StringVar(&o.only, "only", os.Getenv("BENCH_ONLY"), "run one part alone: sessions, admin, rush or crowd [$BENCH_ONLY]")
	flag.StringVar(&o.admin.bin, "bin", "bin/pitlane", "admin part: the built server it starts")
	flag.IntVar(&o.admin.bookings, "admin-bookings", envInt("BENCH_ADMIN_BOOKINGS", 200_000), "admin part: bookings of the history it seeds [$BENCH_ADMIN_BOOKINGS]")
	flag.IntVar(&o.admin.samples, "admin-samples", 20, "admin part: recorded calls per endpoint")
	flag.Parse()
	o.engines = strings.Split(*engines, ",")
	o.admin.engines = o.engines
	if o.only != "" && o.only != "sessions" && o.only != "admin" && o.only != "rush" && o.only != "crowd" {
		fmt.Fprintln(stderr, "bench: -only sessions, admin, rush or crowd")
		os.Exit(2)
	}
	if o.p.measure > 20*time.Second || o.p.warmup > 5*time.Second || o.conns < 1 || o.conns > 1000 {
		fmt.Fprintln(stderr, "bench: -duration at most 20s, -warmup at most 5s, -conns 1…1000")
		os.Exit(2)
	}
	sig, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	limit := 5 * time.Minute
	if (o.only == "" || o.only == "admin") && !o.scaling {
		// Seeding 200,000 bookings on each engine, then the admin runs: about 20 minutes on the 2-core
		// development machine when others share it.
		limit += 55 * time.Minute
	}
	ctx, cancel := context.WithTimeout(sig, limit)
	var err error
	if o.only == "" || o.only == "sessions" {
		err = run(ctx, o)
	}
	if err == nil && (o.only == "" || o.only == "admin") && !o.scaling {
		err = runAdmin(ctx, o.admin, os.Stdout)
	}
	cancel()
	if err == nil && (o.only == "" || o.only == "rush") && !o.scaling {
		rctx, rcancel := context.WithTimeout(sig, 20*time.Minute)
		err = runRush(rctx)
		rcancel()
	}
	if err == nil && (o.only == "" || o.only == "crowd") && !o.scaling {
		cctx, ccancel := context.WithTimeout(sig, 10*time.Minute)
		err = runCrowd(cctx, o.engines)
		ccancel()
	}
	stop()
	if err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		os.Exit(1)
	}
}

// run measures every engine, then prints the table.
func run(ctx context.Context, o options) error {
	tmp, err := os.MkdirTemp("", "pitlane-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	rep := &report{opts: o, started: time.Now()}
	rep.machine = machineLine()
	rep.loadStart = loadAverage()
	rep.fsync = fsyncProbe(tmp)
	for _, name := range o.engines {
		var url string
		switch name {
		case "sqlite":
			url = "sqlite:" + filepath.Join(tmp, "bench.db")
		case "postgres":
			progress("starting a throwaway PostgreSQL cluster")
			cluster, err := storetest.StartCluster()
			if err != nil {
				return err
			}
			defer cluster.Stop()
			if url, err = cluster.NewDatabase(); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown engine %q (sqlite, postgres)", name)
		}
		if err := measureEngine(ctx, name, url, o, rep); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if o.scaling {
		printScaling(os.Stdout, rep.scaling, o.p.measure)
		printBreakdown(os.Stdout, rep.breakdown)
		return nil
	}
	rep.print(os.Stdout)
	return nil
}

// measureEngine runs scenarios (a)–(d) on one engine and adds their rows to the report; with -scaling
// it runs the investigation instead: scaling, availability breakdown, HTTP floor.
func measureEngine(ctx context.Context, name, url string, o options, rep *report) error {
	progress("%s: setting up the fixture", name)
	e, err := newEnv(ctx, name, url, o.conns, o.sqliteSync)
	if err != nil {
		return err
	}
	defer e.close()
	rep.versions = append(rep.versions, name+": "+e.version)
	prof := profiler{dir: o.profileDir}
	if !o.scaling {
		m, err := runScenarios(ctx, e, o, prof)
		rep.engines = append(rep.engines, m)
		return err
	}
	row, err := runScaling(ctx, e, o.p.measure)
	if err != nil {
		return err
	}
	rep.scaling = append(rep.scaling, row)
	b, err := availabilityBreakdown(ctx, e, o.availCalls)
	if err != nil {
		return err
	}
	progress("%s: HTTP floor, %d connections", name, o.conns)
	b.floor, b.conns = httpFloor(ctx, e, o.conns, phases{warmup: o.p.warmup, measure: 3 * time.Second}), o.conns
	rep.breakdown = append(rep.breakdown, b)
	return nil
}

// runScenarios measures rows (a)–(d) on an environment.
func runScenarios(ctx context.Context, e *env, o options, prof profiler) (engineResults, error) {
	name := e.name
	m := engineResults{name: name}
	progress("%s: (a) availability in-process, %d calls", name, o.availCalls)
	m.availIn = availabilityInProcess(ctx, e, o.availCalls, prof)
	progress("%s: (b) availability over HTTP, %d connections", name, o.conns)
	m.availHTTP = availabilityHTTP(ctx, e, o.conns, o.p, prof)
	progress("%s: (c) holds over HTTP, hot slot", name)
	m.hotHTTP = holdsHTTP(ctx, e, o.conns, o.p, "hot", hotTarget("11:00:00"), hotTarget("12:00:00"), prof)
	progress("%s: (c) holds over HTTP, spread", name)
	m.spreadHTTP = holdsHTTP(ctx, e, o.conns, o.p, "spr", spreadTarget(), spreadTarget(), prof)
	for _, d := range []struct {
		dst     *result
		workers int
		tag     string
		choose  chooser
	}{
		{&m.hotDirect1, 1, "hot1", hotTarget("13:00:00")},
		{&m.hotDirectN, o.conns, "hotN", hotTarget("14:00:00")},
		{&m.spreadDirect1, 1, "spr1", spreadTarget()},
		{&m.spreadDirectN, o.conns, "sprN", spreadTarget()},
	} {
		progress("%s: (d) holds directly on the database, %s, %d goroutine(s)", name, d.tag, d.workers)
		var err error
		if *d.dst, err = holdsDirect(ctx, e, d.workers, o.p, d.tag, d.choose, prof); err != nil {
			return m, err
		}
	}
	return m, ctx.Err()
}

// progress tells on stderr what the bench is doing (the table goes to stdout).
func progress(format string, args ...any) {
	fmt.Fprintf(stderr, "bench: "+format+"\n", args...)
}

// profiler writes CPU profiles of measured runs when dir is set.
type profiler struct{ dir string }

// start begins a CPU profile named name; the returned function stops it.
func (p profiler) start(name string) func() {
	if p.dir == "" {
		return func() {}
	}
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		progress("profile: %v", err)
		return func() {}
	}
	f, err := os.Create(filepath.Join(p.dir, name+".pprof"))
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		progress("profile %s: %v", name, errors.Join(err, closeFile(f)))
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}
}

func closeFile(f *os.File) error {
	if f == nil {
		return nil
	}
	return f.Close()
}

// envInt reads a positive whole number from the environment, or returns def when unset or malformed.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}
