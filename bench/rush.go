package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"pitlane/internal/store/storetest"
)

// The rush's settings (flags registered here so that main.go only calls runRush).
var (
	rushVisitorsFlag = flag.Int("rush-visitors", 2000, "rush: simulated visitors per configuration")
	rushInFlight     = flag.Int("rush-inflight", 150, "rush: visitors in flight at once")
	rushConfigs      = flag.String("rush-configs", "sqlite,postgres,postgres2", "rush: configurations (sqlite, postgres, postgres2 = two instances on one PostgreSQL)")
	rushBin          = flag.String("rush-bin", "bin/pitlane", "rush: the built binary (make build)")
)

// The session set the rush sells: rushSessionCount sessions of one product on one date, each made to
// hold rushCapacity places (installations.max_participants), so rushSessionCount×rushCapacity = 500.
const (
	rushSessionCount = 10
	rushCapacity     = 50
	rushRunLimit     = 5 * time.Minute // each configuration's visitors, at most
)

// runRush runs the rush on each configuration and prints its tables.
func runRush(ctx context.Context) error {
	if *rushVisitorsFlag < 1 || *rushVisitorsFlag > 20000 || *rushInFlight < 1 || *rushInFlight > 1000 {
		return errors.New("-rush-visitors 1…20000, -rush-inflight 1…1000")
	}
	bin, err := filepath.Abs(*rushBin)
	if err != nil {
		return err
	}
	if _, err := os.Stat(bin); err != nil {
		return fmt.Errorf("rush drives the built binary: %w (run make build)", err)
	}
	tmp, err := os.MkdirTemp("", "pitlane-rush-")
	if err != nil {
		return err
	}
	keep := false // the instances' logs are kept when a server logged a warning or a check failed
	defer func() {
		if keep {
			progress("rush: the instances' logs are kept in %s", tmp)
			return
		}
		_ = os.RemoveAll(tmp)
	}()
	var cluster *storetest.Cluster
	defer func() {
		if cluster != nil {
			cluster.Stop()
		}
	}()
	var runs []rushRun
	var target rushTarget
	for _, name := range strings.Split(*rushConfigs, ",") {
		var dbURL, label string
		instances := 1
		switch name {
		case "sqlite":
			dbURL, label = "sqlite:"+filepath.Join(tmp, "rush.db"), "SQLite, 1 instance"
		case "postgres", "postgres2":
			if cluster == nil {
				progress("rush: starting a throwaway PostgreSQL cluster")
				if cluster, err = storetest.StartCluster(); err != nil {
					return err
				}
			}
			if dbURL, err = cluster.NewDatabase(); err != nil {
				return err
			}
			label = "PostgreSQL, 1 instance"
			if name == "postgres2" {
				instances, label = 2, "PostgreSQL, 2 instances"
			}
		default:
			return fmt.Errorf("unknown rush configuration %q (sqlite, postgres, postgres2)", name)
		}
		r, t, err := rushOne(ctx, bin, filepath.Join(tmp, name), dbURL, label, instances)
		if err != nil {
			keep = true
			return fmt.Errorf("rush %s: %w", label, err)
		}
		runs, target = append(runs, r), t
		keep = keep || len(r.warnings) > 0 || !r.ok() || (r.wait != nil && !r.wait.ok())
	}
	printRush(os.Stdout, runs, *rushVisitorsFlag, *rushInFlight, target,
		fmt.Sprintf("%d sessions × %d places = %d places of %s", rushSessionCount, rushCapacity,
			rushSessionCount*rushCapacity, rushCompany))
	printRushWaitlist(os.Stdout, runs)
	for _, r := range runs {
		if !r.ok() {
			return fmt.Errorf("rush %s failed its checks: %s", r.name, r.problems())
		}
		if r.wait != nil && !r.wait.ok() {
			return fmt.Errorf("rush %s: the waiting list failed its checks", r.name)
		}
	}
	return nil
}

// rushOne prepares a database (demo data, 50-place sessions), starts the instances, runs the
// visitors, stops the instances and checks the database.
func rushOne(ctx context.Context, bin, dir, dbURL, label string, instances int) (rushRun, rushTarget, error) {
	run := rushRun{name: label, warnings: map[string]int{}}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return run, rushTarget{}, err
	}
	progress("rush %s: seeding the demo with %s", label, bin)
	key, err := seedRushDemo(ctx, bin, dbURL, rushCompany)
	if err != nil {
		return run, rushTarget{}, err
	}
	db, err := openRushDB(dbURL)
	if err != nil {
		return run, rushTarget{}, err
	}
	defer db.db.Close()
	if err := db.setCapacity(ctx, rushCapacity); err != nil {
		return run, rushTarget{}, err
	}
	ins := make([]*rushInstance, instances)
	defer func() {
		for _, in := range ins {
			_ = in.stop()
		}
	}()
	for i := range ins {
		if ins[i], err = launchRushInstance(bin, dir, fmt.Sprintf("instance%d", i+1), dbURL); err != nil {
			return run, rushTarget{}, err
		}
	}
	for _, in := range ins {
		if err := in.waitReady(ctx); err != nil {
			return run, rushTarget{}, err
		}
	}
	client := rushClient(*rushInFlight)
	defer client.CloseIdleConnections()
	t, err := findTarget(ins[0].base, client, key)
	if err != nil {
		return run, t, err
	}
	run.places = len(t.times) * rushCapacity
	progress("rush %s: %d visitors, %d in flight, on %s %v", label, *rushVisitorsFlag, *rushInFlight, t.date, sortedTimes(t.times))
	run.loadStart = loadAverage()
	js, wall := rushVisitors(ctx, ins, client, t, *rushVisitorsFlag, *rushInFlight)
	run.wall, run.visitors, run.loadEnd = wall, len(js), loadAverage()
	run.summarize(js)
	if run.paidAtEnd, run.settle, err = db.waitPaid(ctx, run.completed, 90*time.Second); err != nil {
		return run, t, err
	}
	completed := map[string]bool{}
	for _, j := range js {
		if j.outcome == "" {
			completed[j.email] = true
		}
	}
	// The rush's checks before the cancellations change what it sold.
	if run.check, err = db.check(ctx, t, completed); err != nil {
		return run, t, err
	}
	if *rushCancelsFlag > 0 {
		progress("rush %s: %d paid customers cancel, %d at a time", label, *rushCancelsFlag, *rushCancelFlight)
		w, err := rushCancelPhase(ctx, ins, client, db, *rushCancelsFlag, *rushCancelFlight)
		if err != nil {
			return run, t, fmt.Errorf("waiting list: %w", err)
		}
		w.summarize(js)
		after, err := db.check(ctx, t, completed)
		if err != nil {
			return run, t, err
		}
		w.oversold = after.oversold
		run.wait = &w
	}
	var stopErr error
	for i, in := range ins {
		if err := in.stop(); err != nil {
			stopErr = errors.Join(stopErr, fmt.Errorf("instance %d: %w (log %s)", i+1, err, in.logPath))
		}
		if err := logWarnings(in.logPath, run.warnings); err != nil {
			stopErr = errors.Join(stopErr, err)
		}
		ins[i] = nil
	}
	if stopErr != nil {
		return run, t, stopErr
	}
	progress("rush %s: %d completed in %.1f s; checks: %s", label, run.completed, wall.Seconds(), run.problems())
	return run, t, nil
}

// rushVisitors runs n visitors, inFlight at a time, spread over the instances (visitor i on instance
// i mod len(ins), as a load balancer would), and returns their journeys and the wall time. Visitors
// not started within rushRunLimit are not run (the table shows how many were).
func rushVisitors(ctx context.Context, ins []*rushInstance, client *http.Client, t rushTarget, n, inFlight int) ([]journey, time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, rushRunLimit)
	defer cancel()
	js := make([]journey, n)
	started := make([]bool, n)
	sem := make(chan struct{}, inFlight)
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < n; i++ {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		started[i] = true
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			v := &rushVisitor{base: ins[i%len(ins)].base, client: client, rec: &js[i],
				id: fmt.Sprintf("bench-rush-%06d", i), ip: fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255)}
			v.run(t, i, rand.New(rand.NewPCG(uint64(i), 17)))
			js[i].end = time.Since(start)
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	out := js[:0]
	for i, j := range js {
		if started[i] {
			out = append(out, j)
		}
	}
	return out, wall
}
