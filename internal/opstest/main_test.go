package opstest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"pitlane/internal/store/storetest"
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

// pitlaneBin builds cmd/pitlane once per package run, as the Makefile does (static, trimmed paths).
func pitlaneBin(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
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
