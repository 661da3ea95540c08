// Package opstest proves Pitlane's operations claims on the real, built binary: it builds cmd/pitlane
// once (or runs the one make hands over in $PITLANE_TEST_BIN), runs it as subprocesses on a throwaway
// SQLite file or PostgreSQL database (migrated by the binary, the demo's companies seeded in-process),
// and checks crash safety (SIGKILL mid-burst), two instances sharing one PostgreSQL, and the deployment
// files under deploy/. The package holds tests only; this file is its documentation.
package opstest
