package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// clockTick is the unit of /proc CPU times (USER_HZ, 100 on Linux x86-64 and arm64).
const clockTick = 10 * time.Millisecond

// cpuSample is a snapshot of CPU time used so far: by this process, by the PostgreSQL processes serving
// the bench's database, and by the whole machine (busy and total, all cores).
type cpuSample struct {
	self   time.Duration
	db     map[int]time.Duration
	busy   time.Duration
	total  time.Duration
	wall   time.Time
	dbName string
}

// cpuUse is the CPU a run used, in cores (CPU seconds per wall second).
type cpuUse struct {
	Self, DB, All float64
	HasDB, Valid  bool
}

// String writes the use as "self/db/all" cores; db is "-" for the embedded engine.
func (c cpuUse) String() string {
	if !c.Valid {
		return "-"
	}
	db := "-"
	if c.HasDB {
		db = fmt.Sprintf("%.1f", c.DB)
	}
	return fmt.Sprintf("%.1f/%s/%.1f", c.Self, db, c.All)
}

// sampleCPU reads the CPU counters; dbName, when set, selects the PostgreSQL backends whose command
// line names that database.
func sampleCPU(dbName string) cpuSample {
	s := cpuSample{wall: time.Now(), dbName: dbName}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		s.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if b, err := os.ReadFile("/proc/stat"); err == nil {
		line, _, _ := strings.Cut(string(b), "\n")
		f := strings.Fields(line)
		for i := 1; i < len(f) && i <= 8; i++ {
			n, _ := strconv.ParseInt(f[i], 10, 64)
			d := time.Duration(n) * clockTick
			s.total += d
			if i != 4 && i != 5 { // idle, iowait
				s.busy += d
			}
		}
	}
	if dbName != "" {
		s.db = backendsCPU(dbName)
	}
	return s
}

// backendsCPU maps the pid of every process whose command line mentions dbName to its CPU time.
func backendsCPU(dbName string) map[int]time.Duration {
	out := map[int]time.Duration{}
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		cmd, err := os.ReadFile(filepath.Join(d, "cmdline"))
		if err != nil || !strings.Contains(string(cmd), dbName) {
			continue
		}
		stat, err := os.ReadFile(filepath.Join(d, "stat"))
		if err != nil {
			continue
		}
		// Fields after the command name (which may hold spaces) start after the last ')'.
		i := strings.LastIndexByte(string(stat), ')')
		f := strings.Fields(string(stat)[i+1:])
		if len(f) < 13 {
			continue
		}
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		pid, _ := strconv.Atoi(filepath.Base(d))
		out[pid] = time.Duration(ut+st) * clockTick
	}
	return out
}

// since is the CPU used from s to now, in cores.
func (s cpuSample) since() cpuUse {
	e := sampleCPU(s.dbName)
	wall := e.wall.Sub(s.wall).Seconds()
	if wall <= 0 {
		return cpuUse{}
	}
	u := cpuUse{Valid: true, HasDB: s.dbName != ""}
	u.Self = (e.self - s.self).Seconds() / wall
	u.All = (e.busy - s.busy).Seconds() / wall
	var db time.Duration
	for pid, t := range e.db {
		db += t - s.db[pid] // a backend born during the run counts from zero
	}
	u.DB = db.Seconds() / wall
	return u
}
