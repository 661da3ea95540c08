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
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
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

	// copyMu makes copies of a template one at a time: PostgreSQL refuses CREATE DATABASE … TEMPLATE
	// ("source database is being accessed by other users") while another session uses the template.
	copyMu sync.Mutex
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
		// pg_ctl -w follows the server's own progress (it polls until the server accepts connections)
		// with a ceiling no busy machine reaches; a port taken by someone else fails at once and is retried.
		out, err := c.command("pg_ctl", "-D", data, "-o", opts, "-l", c.logOut, "-w", "-t", "600", "start").CombinedOutput()
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
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // a ceiling; pg_ctl already saw it ready
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
	name := c.newName()
	if _, err := c.admin.Exec("CREATE DATABASE " + name); err != nil {
		return "", fmt.Errorf("create database: %w", err)
	}
	return c.url(name), nil
}

// newName returns a database name no other database of the cluster has.
func (c *Cluster) newName() string {
	c.seqMu.Lock()
	c.dbSeq++
	n := c.dbSeq
	c.seqMu.Unlock()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return fmt.Sprintf("t%d_%s", n, hex.EncodeToString(b))
}

var identifier = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// NewTemplate creates the database name, lets prepare fill it through its URL (migrate it, say), and
// then makes it a template that accepts no connections, so that CopyDatabase can copy it: PostgreSQL
// copies a database only while no session is connected to it. prepare must close what it opened.
func (c *Cluster) NewTemplate(name string, prepare func(url string) error) error {
	if !identifier.MatchString(name) {
		return fmt.Errorf("template name %q is not a plain identifier", name)
	}
	if _, err := c.admin.Exec("CREATE DATABASE " + name); err != nil {
		return fmt.Errorf("create template database: %w", err)
	}
	if err := prepare(c.url(name)); err != nil {
		return err
	}
	if _, err := c.admin.Exec("ALTER DATABASE " + name + " WITH IS_TEMPLATE true ALLOW_CONNECTIONS false"); err != nil {
		return fmt.Errorf("mark template: %w", err)
	}
	// A closed pool's server processes may still be on their way out; none may stay on the template.
	if _, err := c.admin.Exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name); err != nil {
		return fmt.Errorf("close connections to the template: %w", err)
	}
	return nil
}

// CopyDatabase creates a new database as a copy of template (CREATE DATABASE … TEMPLATE) and returns
// its URL. Copies are made one at a time, and retried while PostgreSQL reports the template busy (a
// server process of a closed connection can linger for a moment).
func (c *Cluster) CopyDatabase(template string) (string, error) {
	if !identifier.MatchString(template) {
		return "", fmt.Errorf("template name %q is not a plain identifier", template)
	}
	name := c.newName()
	c.copyMu.Lock()
	defer c.copyMu.Unlock()
	var err error
	// A ceiling of two minutes, not a number of tries: on a busy machine the lingering process can take
	// seconds to go.
	for giveUp := time.Now().Add(2 * time.Minute); time.Now().Before(giveUp); {
		if _, err = c.admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + template); err == nil {
			return c.url(name), nil
		}
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "55006" { // object_in_use
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", fmt.Errorf("create database from template %s: %w", template, err)
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
