// Command pitlane is the Pitlane server and its operator subcommands. main only wires things together:
// configuration → database → services → HTTP server.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	_ "time/tzdata" // circuits' time zones work on machines without /usr/share/zoneinfo

	"pitlane/internal/demo"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

const usage = `Pitlane: online booking and ticket sales for go-kart circuits.

Usage:
  pitlane serve [--demo] [flags]     run the server (migrates the database first)
  pitlane migrate                    apply database migrations and exit
  pitlane demo                       seed the demo data (idempotent) and print its URLs and logins
  pitlane admin create --email E --company ID [--role DESK|ADMIN|SUPERADMIN] [--name N] [--password P]
                                     create an admin user (or add a company to one); prints the password
  pitlane admin create --email E --new-company NAME [--time-zone Z] [--language L] [--currency C] [--circuit C]
                                     create a company (installation, circuit) and its admin; prints its booking page
  pitlane admin list [--company ID]  every member (e-mail, name, role, state, last sign-in) and open invitation
  pitlane admin disable|enable|remove --email E --company ID
                                     stop (or allow again, or end) a member's access; their sessions end at once
  pitlane companies                  one line per company: id, name, public key, booking URL (tab-separated)
  pitlane backup --to FILE           a consistent copy of the SQLite database, taken while it serves
  pitlane restore --from FILE        put a backup in place of the SQLite database (server stopped)
  pitlane version                    print the version

Every subcommand reads the configuration from PITLANE_* environment variables or flags;
run "pitlane serve --help" to see them all.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], environ(), os.Stdout, os.Stderr))
}

// environ returns the process environment as a map.
func environ() map[string]string {
	m := map[string]string{}
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return m
}

// run dispatches a subcommand and returns the process exit code.
func run(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer) int {
	return runWith(ctx, args, env, stdout, stderr, demo.Options{History: true})
}

// runWith is run with what the demo commands (demo, serve --demo) seed: the binary seeds the demo's own
// year of history (run); this package's tests, which call runWith directly, seed less. No flag or
// environment variable reaches it.
func runWith(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer, demoOpts demo.Options) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "serve":
		err = cmdServe(ctx, args[1:], env, stdout, stderr, demoOpts)
	case "migrate":
		err = cmdMigrate(ctx, args[1:], env, stdout, stderr)
	case "demo":
		err = cmdDemo(ctx, args[1:], env, stdout, stderr, demoOpts)
	case "admin":
		err = cmdAdmin(ctx, args[1:], env, stdout, stderr)
	case "companies":
		err = cmdCompanies(ctx, args[1:], env, stdout, stderr)
	case "backup":
		err = cmdBackup(ctx, args[1:], env, stdout, stderr)
	case "restore":
		err = cmdRestore(ctx, args[1:], env, stdout, stderr)
	case "version", "--version", "-v":
		fmt.Fprintf(stdout, "pitlane %s\n", version)
	case "help", "--help", "-h":
		fmt.Fprint(stdout, usage)
	default:
		fmt.Fprintf(stderr, "pitlane: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if err == errUsage {
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "pitlane %s: %v\n", args[0], err)
		return 1
	}
	return 0
}
