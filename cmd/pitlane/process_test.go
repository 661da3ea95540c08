package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"pitlane/internal/demo"
	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
)

// testDemo is what the demo commands run in-process by these tests seed: the demo's companies and
// logins without its year of history, which none of them reads (seeding it took minutes under the race
// detector; even a year of 50 bookings a company nearly doubled these tests' CPU). The built binary seeds
// the demo's own year (TestServeDemo*), internal/demo checks the history.
var testDemo = demo.Options{}

var (
	binOnce sync.Once
	binPath string
	binErr  error

	buildMu sync.Mutex
	binDir  string // the temp dir of the binaries built here, removed by TestMain

	pgOnce    sync.Once
	pgCluster *storetest.Cluster
	pgErr     error
)

// TestMain runs the tests, then stops the PostgreSQL cluster and removes the binaries if they started or
// built any. It is not storetest.Main, which exits before a package's own clean-up could run: the tests
// here make their databases with postgresURL and storetest.SQLiteURL, and would need storetest.Main's
// clean-up too if they took one from storetest.Open.
func TestMain(m *testing.M) {
	code := m.Run()
	if pgCluster != nil {
		pgCluster.Stop()
	}
	if binDir != "" {
		_ = os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// postgresURL returns a new empty database on the package's throwaway PostgreSQL cluster, started on
// first use.
func postgresURL(t *testing.T) string {
	t.Helper()
	pgOnce.Do(func() { pgCluster, pgErr = storetest.StartCluster() })
	if pgErr != nil {
		t.Fatalf("start PostgreSQL: %v", pgErr)
	}
	u, err := pgCluster.NewDatabase()
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// builtVersion is the version stamped into the binary these tests build.
const builtVersion = "9.9.9-test"

// pitlaneBinary is the real pitlane command the process tests run: $PITLANE_TEST_BIN (make test hands
// over bin/pitlane, built as it ships), else one built here once per package run, stamped with
// builtVersion.
func pitlaneBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		if p := os.Getenv("PITLANE_TEST_BIN"); p != "" {
			if !filepath.IsAbs(p) {
				binErr = fmt.Errorf("PITLANE_TEST_BIN=%s: want an absolute path", p)
			} else if _, err := os.Stat(p); err != nil {
				binErr = fmt.Errorf("PITLANE_TEST_BIN: %w", err)
			}
			binPath = p
			return
		}
		binPath, binErr = buildPitlane(builtVersion)
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// buildPitlane builds cmd/pitlane as the Makefile does (static, trimmed paths), stamped with version,
// into the package's temp dir (binDir, which TestMain removes).
func buildPitlane(version string) (string, error) {
	buildMu.Lock()
	defer buildMu.Unlock()
	if binDir == "" {
		dir, err := os.MkdirTemp("", "pitlane-cmd-test-")
		if err != nil {
			return "", err
		}
		binDir = dir
	}
	bin := filepath.Join(binDir, "pitlane-"+version)
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-X main.version="+version, "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
}

// patience is how long a test waits for a process that is still running to get somewhere (its ready
// line, its exit): until shortly before the test's deadline (go test -timeout), so that the test fails
// with what it was waiting for and the output so far rather than a panic, or ten minutes without one. A
// busy machine slows the server down (seeding the demo's year into PostgreSQL took more than 30 s on a
// loaded one); it does not make it wrong, so no wait is shorter.
func patience(t *testing.T) time.Duration { return testwait.Patience(t) }
