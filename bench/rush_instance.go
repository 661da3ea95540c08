package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// rushSecret signs the simulated provider's notifications in the instances the rush starts.
const rushSecret = "bench-rush-simulated-provider-secret"

// rushInstance is the built binary running `pitlane serve` on 127.0.0.1, as an operator runs it.
type rushInstance struct {
	cmd     *exec.Cmd
	base    string
	logPath string
	exited  chan error
	ready   chan string
}

// rushEnv is the environment of every instance: loopback only, the bench's payment secret, and
// 127.0.0.1 trusted as a proxy so each simulated visitor has its own address (X-Forwarded-For) and so
// its own rate-limit buckets, as behind a load balancer. The production rate limits stay on.
func rushEnv(dbURL string) []string {
	return []string{
		"PATH=/usr/bin:/bin",
		"PITLANE_ADDR=127.0.0.1:0",
		"PITLANE_DATABASE_URL=" + dbURL,
		"PITLANE_LOG_FORMAT=text",
		"PITLANE_PAYMENT_SECRET=" + rushSecret,
		"PITLANE_TRUSTED_PROXIES=127.0.0.1/32",
		"PITLANE_SHUTDOWN_TIMEOUT=10s",
	}
}

// launchRushInstance starts `bin serve` with its log in dir/<name>.log; waitReady waits for it.
func launchRushInstance(bin, dir, name, dbURL string, extraEnv ...string) (*rushInstance, error) {
	in := &rushInstance{logPath: filepath.Join(dir, name+".log"), exited: make(chan error, 1), ready: make(chan string, 1)}
	logf, err := os.Create(in.logPath)
	if err != nil {
		return nil, err
	}
	in.cmd = exec.Command(bin, "serve")
	in.cmd.Env = rushEnv(dbURL)
	for _, e := range extraEnv {
		if e != "" {
			in.cmd.Env = append(in.cmd.Env, e)
		}
	}
	in.cmd.Stderr = logf
	out, err := in.cmd.StdoutPipe()
	if err != nil {
		_ = logf.Close()
		return nil, err
	}
	if err := in.cmd.Start(); err != nil {
		_ = logf.Close()
		return nil, err
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if b, ok := strings.CutPrefix(sc.Text(), "Pitlane is ready at "); ok {
				in.ready <- b
			}
		}
		in.exited <- in.cmd.Wait()
		_ = logf.Close()
	}()
	return in, nil
}

// waitReady waits (at most a minute) for the instance's ready line.
func (in *rushInstance) waitReady(ctx context.Context) error {
	select {
	case in.base = <-in.ready:
		return nil
	case err := <-in.exited:
		in.exited <- err
		return fmt.Errorf("pitlane serve exited before it was ready (%v); log: %s", err, in.logPath)
	case <-time.After(time.Minute):
		return fmt.Errorf("pitlane serve not ready after a minute; log: %s", in.logPath)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// stop sends SIGTERM (the server drains its requests and outbox work) and waits up to 20 s, then
// kills it. It returns an error when the process did not exit cleanly.
func (in *rushInstance) stop() error {
	if in == nil || in.cmd.Process == nil {
		return nil
	}
	_ = in.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-in.exited:
		in.exited <- err
		return err
	case <-time.After(20 * time.Second):
		_ = in.cmd.Process.Kill()
		return errors.Join(errors.New("pitlane serve ignored SIGTERM for 20 s; killed"), <-in.exited)
	}
}

var rushBookingPage = regexp.MustCompile(`(?m)^Booking page \(([^)]+)\): \S+/([^/\s]+)$`)

// seedRushDemo runs `bin demo` on the database and returns the public key of the demo company.
func seedRushDemo(ctx context.Context, bin, dbURL, company string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "demo")
	cmd.Env = []string{"PATH=/usr/bin:/bin", "PITLANE_DATABASE_URL=" + dbURL, "PITLANE_BASE_URL=http://127.0.0.1"}
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return "", fmt.Errorf("pitlane demo: %v\n%s", err, exit.Stderr)
		}
		return "", fmt.Errorf("pitlane demo: %w", err)
	}
	for _, m := range rushBookingPage.FindAllStringSubmatch(string(out), -1) {
		if m[1] == company {
			return m[2], nil
		}
	}
	return "", fmt.Errorf("pitlane demo printed no booking page for %s:\n%s", company, out)
}
