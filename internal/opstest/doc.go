// Package opstest proves Pitlane's operations claims on the real, built binary: it builds cmd/pitlane
// once, runs it as subprocesses on a throwaway SQLite file or PostgreSQL database, and checks crash
// safety (SIGKILL mid-burst), two instances sharing one PostgreSQL, and the deployment files under
// deploy/. The package holds tests only; this file is its documentation.
package opstest
