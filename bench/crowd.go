package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"pitlane/internal/store/storetest"
)

// The crowd part measures the shipped binary as an outside harness does: `pitlane serve` on a fresh
// demo database, 100 clients in a closed loop for crowdMeasure after crowdWarmup, first reading a day's
// sessions (availability), then each client a new visitor per round: a new shopping cart and a
// pre-booking of one driver. Every request comes from its own client address (X-Forwarded-For through
// the trusted proxy), as a crowd behind a load balancer, so the production rate limits stay on and
// never refuse. Unlike the sessions part (the handler in-process, on a synthetic fixture), this is the
// binary with its logging, middleware and the demo's year of data.
const (
	crowdConns    = 100
	crowdWarmup   = 2 * time.Second
	crowdMeasure  = 10 * time.Second
	crowdCapacity = 1_000_000 // places per session during the hold runs: no hold is refused for want of places
	crowdAvailP99 = 25 * time.Millisecond
)

// crowdResult is one run: successes, their latencies, and the answers that were not 2xx by status.
type crowdResult struct {
	name    string
	ok      int
	lat     []time.Duration
	refused map[string]int
	cpu     float64 // CPU seconds of the server process (and the PostgreSQL backends) during the run
	load    string
}

func (r crowdResult) perSecond() float64 { return float64(r.ok) / crowdMeasure.Seconds() }

// runCrowd runs the crowd on each configuration and prints the table; it fails when availability's p99
// misses crowdAvailP99.
func runCrowd(ctx context.Context, configs []string) error {
	bin, err := filepath.Abs(*rushBin)
	if err != nil {
		return err
	}
	if _, err := os.Stat(bin); err != nil {
		return fmt.Errorf("crowd drives the built binary: %w (run make build)", err)
	}
	tmp, err := os.MkdirTemp("", "pitlane-crowd-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var cluster *storetest.Cluster
	defer func() {
		if cluster != nil {
			cluster.Stop()
		}
	}()
	var rows []crowdResult
	for _, name := range configs {
		var dbURL string
		switch name {
		case "sqlite":
			dbURL = "sqlite:" + filepath.Join(tmp, "crowd.db")
		case "postgres":
			if cluster == nil {
				progress("crowd: starting a throwaway PostgreSQL cluster")
				if cluster, err = storetest.StartCluster(); err != nil {
					return err
				}
			}
			if dbURL, err = cluster.NewDatabase(); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown crowd engine %q (sqlite, postgres)", name)
		}
		r, err := crowdOne(ctx, bin, filepath.Join(tmp, name), name, dbURL)
		if err != nil {
			return fmt.Errorf("crowd %s: %w", name, err)
		}
		rows = append(rows, r...)
	}
	printCrowd(os.Stdout, rows)
	var failed []string
	for _, r := range rows {
		if strings.HasSuffix(r.name, "availability") && percentile(r.lat, 99) > crowdAvailP99 {
			failed = append(failed, fmt.Sprintf("%s p99 %s > %s", r.name, rushMS(percentile(r.lat, 99)), rushMS(crowdAvailP99)))
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("crowd: %s", strings.Join(failed, "; "))
	}
	return nil
}

// crowdOne seeds the demo, starts the binary and runs availability then holds against it.
func crowdOne(ctx context.Context, bin, dir, engine, dbURL string) ([]crowdResult, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	progress("crowd %s: seeding the demo with %s", engine, bin)
	key, err := seedRushDemo(ctx, bin, dbURL, rushCompany)
	if err != nil {
		return nil, err
	}
	db, err := openRushDB(dbURL)
	if err != nil {
		return nil, err
	}
	defer db.db.Close()
	if err := db.setCapacity(ctx, rushCapacity); err != nil {
		return nil, err
	}
	in, err := launchRushInstance(bin, dir, "crowd", dbURL, os.Getenv("BENCH_CROWD_ENV"))
	if err != nil {
		return nil, err
	}
	defer func() { _ = in.stop() }()
	if err := in.waitReady(ctx); err != nil {
		return nil, err
	}
	client := rushClient(crowdConns)
	defer client.CloseIdleConnections()
	t, err := findTarget(in.base, client, key)
	if err != nil {
		return nil, err
	}
	var cfg struct {
		IDCompany int64  `json:"idCompany"`
		Token     string `json:"token"`
	}
	if err := crowdJSON(client, in.base, "GET", "/api/config/"+key, "", "10.255.255.253", nil, &cfg); err != nil {
		return nil, err
	}
	if err := db.setCapacity(ctx, crowdCapacity); err != nil {
		return nil, err
	}
	cpu := processCPU(in.cmd.Process.Pid)
	var ip atomic.Uint32
	nextIP := func() string {
		n := ip.Add(1)
		return fmt.Sprintf("10.%d.%d.%d", n>>16&0xff, n>>8&0xff, n&0xff)
	}
	availPath := fmt.Sprintf("/api/booking/availability?date=%s&idType=%d&type=PRODUCT", t.date, t.product)
	progress("crowd %s: availability, %d clients, %s", engine, crowdConns, t.date)
	avail := crowdLoop(ctx, func() (string, error) {
		return crowdDo(client, in.base, "GET", availPath, cfg.Token, nextIP(), nil)
	}, cpu)
	avail.name = engine + " availability"
	times := sortedTimes(t.times)
	var day struct {
		Data struct {
			Slots []struct {
				StartTime string  `json:"startTime"`
				Price     float64 `json:"price"`
			} `json:"slots"`
		} `json:"data"`
	}
	if err := crowdJSON(client, in.base, "GET", availPath, cfg.Token, "10.255.255.252", nil, &day); err != nil {
		return nil, err
	}
	price := map[string]float64{}
	for _, s := range day.Data.Slots {
		price[s.StartTime] = s.Price
	}
	var round atomic.Uint64
	progress("crowd %s: holds (a new cart and a pre-booking per visitor), %d clients", engine, crowdConns)
	holds := crowdLoop(ctx, func() (string, error) {
		visitor := nextIP()
		var cart struct {
			Token string `json:"token"`
		}
		if err := crowdJSON(client, in.base, "POST", "/api/payment/shopping-cart", cfg.Token, visitor,
			map[string]any{"idCompany": cfg.IDCompany}, &cart); err != nil {
			return "cart", err
		}
		at := times[round.Add(1)%uint64(len(times))]
		return crowdDo(client, in.base, "POST", "/api/prebooking", cfg.Token, visitor, map[string]any{
			"bookingDates": []string{t.date + " " + at}, "numDrivers": 1, "idType": t.product,
			"type": "PRODUCT", "token": cart.Token, "price": price[at]})
	}, cpu)
	holds.name = engine + " holds"
	return []crowdResult{avail, holds}, nil
}

// crowdLoop runs fn from crowdConns goroutines in a closed loop: crowdWarmup unrecorded, then
// crowdMeasure recorded.
// fn returns the step that failed with its error (a crowdStatus for a non-2xx answer).
func crowdLoop(ctx context.Context, fn func() (string, error), cpu func() float64) crowdResult {
	res := crowdResult{refused: map[string]int{}}
	var mu sync.Mutex
	var recording atomic.Bool
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range crowdConns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				case <-ctx.Done():
					return
				default:
				}
				start := time.Now()
				step, err := fn()
				d := time.Since(start)
				if !recording.Load() {
					continue
				}
				mu.Lock()
				var st crowdStatus
				switch {
				case err == nil:
					res.ok++
					res.lat = append(res.lat, d)
				case errors.As(err, &st):
					res.refused[strings.TrimSpace(step+" "+st.Error())]++
				default:
					res.refused[strings.TrimSpace(step+" no answer")]++
				}
				mu.Unlock()
			}
		}()
	}
	time.Sleep(crowdWarmup)
	cpu0 := cpu()
	mu.Lock()
	recording.Store(true)
	mu.Unlock()
	time.Sleep(crowdMeasure)
	mu.Lock()
	recording.Store(false)
	mu.Unlock()
	res.cpu = cpu() - cpu0
	res.load = loadAverage()
	close(stop)
	wg.Wait()
	slices.Sort(res.lat)
	return res
}

// crowdStatus is a non-2xx answer: its status and the start of its body.
type crowdStatus struct {
	code int
	body string
}

func (s crowdStatus) Error() string { return fmt.Sprintf("%d %s", s.code, s.body) }

// crowdDo sends one request from the client address ip; the error is a crowdStatus for a non-2xx answer.
func crowdDo(client *http.Client, base, method, path, token, ip string, body any) (string, error) {
	return "", crowdJSON(client, base, method, path, token, ip, body, nil)
}

// crowdJSON sends one request with a JSON body and decodes a 2xx answer into out (when not nil).
func crowdJSON(client *http.Client, base, method, path, token, ip string, body, out any) error {
	v := &rushVisitor{base: base, client: client, id: "crowd-" + strings.ReplaceAll(ip, ".", "-"), ip: ip, token: token, rec: &journey{}}
	var b []byte
	if body != nil {
		var err error
		if b, err = json.Marshal(body); err != nil {
			return err
		}
	}
	status, answer := v.do("crowd", method, path, "application/json", b)
	if status == 0 {
		return io.ErrUnexpectedEOF
	}
	if status/100 != 2 {
		return crowdStatus{status, string(answer[:min(len(answer), 80)])}
	}
	if out != nil {
		return json.Unmarshal(answer, out)
	}
	return nil
}

// printCrowd writes the crowd table.
func printCrowd(w io.Writer, rows []crowdResult) {
	fmt.Fprintf(w, "\nThe binary under a crowd — %s\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(w, "%-24s %12s %9s %9s %9s %11s  %-14s %s\n", "run", "per second", "p50 ms", "p99 ms", "max ms", "server cpu/op", "load at end", "not 2xx")
	for _, r := range rows {
		var cpuOp string
		if r.ok > 0 {
			cpuOp = fmt.Sprintf("%.0f µs", r.cpu/float64(r.ok)*1e6)
		}
		var longest time.Duration
		if len(r.lat) > 0 {
			longest = r.lat[len(r.lat)-1]
		}
		fmt.Fprintf(w, "%-24s %12.0f %9s %9s %9s %11s  %-14s %s\n", r.name, r.perSecond(), rushMS(percentile(r.lat, 50)),
			rushMS(percentile(r.lat, 99)), rushMS(longest), cpuOp, r.load, refusalLine(r.refused))
	}
	fmt.Fprintf(w, "%d clients in a closed loop, %s after %s unrecorded; each request from its own client address;\n"+
		"holds: a new shopping cart and a one-driver pre-booking per visitor (a round), spread over %d sessions of one day.\n"+
		"Target: availability p99 ≤ %s on both engines. Server cpu/op: CPU of the pitlane process per success.\n",
		crowdConns, crowdMeasure, crowdWarmup, rushSessionCount, rushMS(crowdAvailP99))
}

// processCPU returns a reader of the CPU seconds used so far by the process pid.
func processCPU(pid int) func() float64 {
	return func() float64 {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return 0
		}
		i := strings.LastIndexByte(string(stat), ')')
		f := strings.Fields(string(stat)[i+1:])
		if len(f) < 13 {
			return 0
		}
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		return (time.Duration(ut+st) * clockTick).Seconds()
	}
}
