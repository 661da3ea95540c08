// Package storetest brings up what store and service tests need: a temporary SQLite file and a
// throwaway PostgreSQL cluster (initdb in a temp dir, on a free loopback port), and runs one test body
// against both engines.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver
)

// Cluster is a running throwaway PostgreSQL server.
type Cluster struct {
	dir    string
	bin    string
	port   int
	runAs  string // non-empty when running as root: the OS user that owns the cluster
	admin  *sql.DB
	dbSeq  int
	seqMu  sync.Mutex
	logOut string
}

// pgBinDir finds PostgreSQL's server binaries: $PITLANE_PG_BIN, else the newest /usr/lib/postgresql/*/bin.
func pgBinDir() (string, error) {
	if d := os.Getenv("PITLANE_PG_BIN"); d != "" {
		return d, nil
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(matches) == 0 {
		return "", errors.New("PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (install postgresql, or set PITLANE_PG_BIN)")
	}
	sort.Slice(matches, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(matches[i]))))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(matches[j]))))
		return vi > vj
	})
	return filepath.Dir(matches[0]), nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// command runs a PostgreSQL tool, as the postgres user when we are root (initdb and pg_ctl refuse root).
func (c *Cluster) command(name string, args ...string) *exec.Cmd {
	path := filepath.Join(c.bin, name)
	if c.runAs != "" {
		return exec.Command("runuser", append([]string{"-u", c.runAs, "--", path}, args...)...)
	}
	return exec.Command(path, args...)
}

// StartCluster initialises and starts a PostgreSQL cluster in a new temp dir on a free loopback port.
// Durability is switched off (fsync=off): the cluster is thrown away after the tests.
func StartCluster() (*Cluster, error) {
	bin, err := pgBinDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pitlane-pg-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		c.runAs = "postgres"
		u, err := user.Lookup(c.runAs)
		if err != nil {
			return nil, fmt.Errorf("running as root needs the postgres OS user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return nil, err
		}
	}
	data := filepath.Join(dir, "data")
	if out, err := c.command("initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	for attempt := 0; attempt < 5; attempt++ {
		c.port, err = freePort()
		if err != nil {
			return nil, err
		}
		c.logOut = filepath.Join(dir, "server.log")
		opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300", c.port, dir)
		out, err := c.command("pg_ctl", "-D", data, "-o", opts, "-l", c.logOut, "-w", "-t", "60", "start").CombinedOutput()
		if err == nil {
			break
		}
		if attempt == 4 {
			log, _ := os.ReadFile(c.logOut)
			return nil, fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, log)
		}
	}
	c.admin, err = sql.Open("pgx", c.url("postgres"))
	if err != nil {
		c.Stop()
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for ctx.Err() == nil {
		if err = c.admin.PingContext(ctx); err == nil {
			return c, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	c.Stop()
	return nil, fmt.Errorf("postgres did not answer: %w", err)
}

func (c *Cluster) url(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

// NewDatabase creates an empty database and returns its URL.
func (c *Cluster) NewDatabase() (string, error) {
	c.seqMu.Lock()
	c.dbSeq++
	n := c.dbSeq
	c.seqMu.Unlock()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	name := fmt.Sprintf("t%d_%s", n, hex.EncodeToString(b))
	if _, err := c.admin.Exec("CREATE DATABASE " + name); err != nil {
		return "", fmt.Errorf("create database: %w", err)
	}
	return c.url(name), nil
}

// Stop stops the server and removes its directory.
func (c *Cluster) Stop() {
	if c.admin != nil {
		_ = c.admin.Close()
	}
	if c.port != 0 {
		_ = c.command("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop").Run()
	}
	_ = os.RemoveAll(c.dir)
}

// Version returns the server's version string, for test logs.
func (c *Cluster) Version() string {
	var v string
	if err := c.admin.QueryRow("SHOW server_version").Scan(&v); err != nil {
		return "unknown"
	}
	return strings.TrimSpace(v)
}
