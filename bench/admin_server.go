package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// server is the built binary serving the prepared database, and a client signed in to it.
type server struct {
	cmd    *exec.Cmd
	base   string
	token  string
	client *http.Client
	log    *os.File
	done   chan error
	// lastCPU is the server's mean CPU time per recorded call of the last sample (10 ms ticks, averaged).
	lastCPU time.Duration
}

// startServer runs `bin serve` on a loopback port of its choosing with the database at url, and waits
// for its ready line. Its output goes to logPath.
func startServer(ctx context.Context, bin, url, logPath string) (*server, error) {
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "PITLANE_ADDR=127.0.0.1:0", "PITLANE_DATABASE_URL="+url, "PITLANE_DEMO=false",
		"PITLANE_LOG_FORMAT=json")
	cmd.Stderr = logFile
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		logFile.Close()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &server{cmd: cmd, log: logFile, done: make(chan error, 1),
		client: &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 4}}}
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(logFile, line)
			if u, ok := strings.CutPrefix(line, "Pitlane is ready at "); ok {
				select {
				case ready <- strings.TrimSpace(u):
				default:
				}
			}
		}
		s.done <- cmd.Wait()
	}()
	select {
	case s.base = <-ready:
		return s, nil
	case err := <-s.done:
		logFile.Close()
		return nil, fmt.Errorf("%s serve exited before it was ready (%v); see %s", bin, err, logPath)
	case <-time.After(2 * time.Minute):
	case <-ctx.Done():
	}
	s.stop()
	return nil, fmt.Errorf("%s serve was not ready in time; see %s", bin, logPath)
}

// stop ends the server (SIGTERM, then SIGKILL after ten seconds) and waits for it.
func (s *server) stop() {
	if s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
	s.client.CloseIdleConnections()
	s.log.Close()
}

// login signs in through POST /api/users/adminLogin and keeps the bearer token.
func (s *server) login(ctx context.Context, email, password string) error {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.base+"/api/users/adminLogin", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return fmt.Errorf("adminLogin: %w", err)
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("adminLogin answered %d: %s", resp.StatusCode, b)
	}
	// The session token is in the HttpOnly cookie only; the bench sends it back as a bearer token.
	for _, c := range resp.Cookies() {
		if strings.HasSuffix(c.Name, "pitlane_staff") && c.Value != "" {
			s.token = c.Value
			return nil
		}
	}
	return errors.New("adminLogin set no session cookie")
}

// do sends one request with the bearer token. A 200 body is copied to sink (the reply is read to its
// end either way); other answers return their first bytes for the error message.
func (s *server) do(ctx context.Context, method, path string, body []byte, sink io.Writer) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, s.base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if s.token != "" {
		req.Header.Set("Authorization", "Bearer "+s.token)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || sink == io.Discard {
		b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode != http.StatusOK {
			b = bytes.TrimSpace(b[:min(len(b), 300)])
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, b, err
	}
	_, err = io.Copy(sink, resp.Body)
	return resp.StatusCode, nil, err
}

// memory reads the server's resident memory and its peak (VmRSS, VmHWM) in MB from /proc.
func (s *server) memory() (rss, hwm float64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			continue
		}
		switch f[0] {
		case "VmRSS:":
			rss = kb / 1024
		case "VmHWM:":
			hwm = kb / 1024
		}
	}
	if rss == 0 || hwm == 0 {
		return 0, 0, errors.New("no VmRSS/VmHWM in /proc status")
	}
	return rss, hwm, nil
}

// cpu reads the server's CPU time so far, user and system, from /proc/<pid>/stat (in clock ticks of
// 10 ms, the kernel's USER_HZ on Linux).
func (s *server) cpu() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	// The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
	i := bytes.LastIndexByte(b, ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, errors.New("short /proc stat")
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, errors.New("malformed /proc stat")
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}
