package opstest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
)

var (
	binDir  string // temp dir holding the built binary, removed by TestMain
	binOnce sync.Once
	binPath string
	binErr  error

	pgOnce    sync.Once
	pgCluster *storetest.Cluster
	pgErr     error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "pitlane-opstest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	if pgCluster != nil {
		pgCluster.Stop()
	}
	_ = os.RemoveAll(binDir)
	os.Exit(code)
}

// pitlaneBin is the built binary the tests run: $PITLANE_TEST_BIN (make test hands over bin/pitlane,
// built as it ships), else cmd/pitlane built once per package run, as the Makefile builds it (static,
// trimmed paths).
func pitlaneBin(t *testing.T) string {
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
		binPath = filepath.Join(binDir, "pitlane")
		cmd := exec.Command("go", "build", "-trimpath", "-o", binPath, "../../cmd/pitlane")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// patience is how long a test waits for an instance that is still running to get somewhere (its
// ready line, its exit, a mail delivered): until shortly before the test's deadline (go test -timeout),
// so that it fails saying what it waited for rather than with the test binary's panic, or ten minutes
// without one. A busy machine slows the binary down; it does not make it wrong, so no wait is shorter.
func patience(t *testing.T) time.Duration { return testwait.Patience(t) }

// postgresURL returns a new empty database on the package's throwaway PostgreSQL cluster.
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
