package config

import (
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestDefaultsEnvAndFlags(t *testing.T) {
	c, _, err := Load("serve", nil, map[string]string{}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DatabaseURL != "sqlite:data/pitlane.db" || c.HoldTTL != 10*time.Minute {
		t.Fatalf("defaults: %+v", c)
	}
	c, _, err = Load("serve", []string{"--addr", "127.0.0.1:9000"}, map[string]string{
		"PITLANE_ADDR": ":7000", "PITLANE_HOLD_TTL": "2s", "PITLANE_DEMO": "1",
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9000" {
		t.Errorf("flag should win over env: %q", c.Addr)
	}
	if c.HoldTTL != 2*time.Second || !c.Demo {
		t.Errorf("env not read: %+v", c)
	}
}

func TestInvalidValuesAreRejected(t *testing.T) {
	for _, env := range []map[string]string{
		{"PITLANE_HOLD_TTL": "abc"},
		{"PITLANE_HOLD_TTL": "10ms"},
		{"PITLANE_BASE_URL": "ftp://x"},
		{"PITLANE_LOG_FORMAT": "xml"},
		{"PITLANE_RECONCILE_AFTER": "0s"},
		{"PITLANE_RECONCILE_INTERVAL": "soon"},
	} {
		if _, _, err := Load("serve", nil, env, io.Discard); err == nil {
			t.Errorf("%v: want an error", env)
		}
	}
}

func TestSecretsAreMaskedInLogs(t *testing.T) {
	c, _, err := Load("serve", nil, map[string]string{
		"PITLANE_DATABASE_URL":      "postgres://app:hunter2@db:5432/pitlane",
		"PITLANE_SMTP_URL":          "smtp://mailer:s3cret@mail:587",
		"PITLANE_STRIPE_SECRET_KEY": "sk_test_abcdef",
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	slog.New(slog.NewTextHandler(&b, nil)).Info("config", "config", c)
	out := b.String()
	for _, secret := range []string{"hunter2", "s3cret", "sk_test_abcdef"} {
		if strings.Contains(out, secret) {
			t.Errorf("log line leaks %q: %s", secret, out)
		}
	}
	if !strings.Contains(out, "app:*****@db:5432") {
		t.Errorf("database URL should stay readable with the password masked: %s", out)
	}
}

// A value that does not parse is reported under the variable's name, not the Go field's.
func TestParseErrorsNameTheVariable(t *testing.T) {
	_, _, err := Load("serve", nil, map[string]string{"PITLANE_HOLD_TTL": "ten minutes"}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "PITLANE_HOLD_TTL") || strings.Contains(err.Error(), "HoldTTL") {
		t.Fatalf("got %v", err)
	}
}

// --help and flag errors go to the writer the command was given, not the process's stderr.
func TestUsageGoesToTheGivenWriter(t *testing.T) {
	var b strings.Builder
	if _, _, err := Load("serve", []string{"--help"}, map[string]string{}, &b); err == nil {
		t.Fatal("--help should stop the command")
	}
	if !strings.Contains(b.String(), "PITLANE_DATABASE_URL") {
		t.Fatalf("usage lacks the variables: %q", b.String())
	}
}

func TestTrustedProxies(t *testing.T) {
	c, _, err := Load("serve", nil, map[string]string{"PITLANE_TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.7,::1"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := c.Proxies()
	if len(p) != 3 || p[1].String() != "192.0.2.7/32" || p[2].String() != "::1/128" {
		t.Fatalf("%v", p)
	}
	if _, _, err := Load("serve", nil, map[string]string{"PITLANE_TRUSTED_PROXIES": "not-an-ip"}, io.Discard); err == nil {
		t.Fatal("a malformed proxy must be refused")
	}
}

func TestStaffSessionLifetimes(t *testing.T) {
	c, _, err := Load("serve", nil, map[string]string{}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.StaffSessionIdle != 2*time.Hour || c.StaffSessionMax != 12*time.Hour {
		t.Errorf("defaults: idle %v, max %v; want 2h and 12h", c.StaffSessionIdle, c.StaffSessionMax)
	}
	c, _, err = Load("serve", []string{"--staff-session-max", "8h"}, map[string]string{
		"PITLANE_STAFF_SESSION_IDLE": "45m", "PITLANE_STAFF_SESSION_MAX": "10h",
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.StaffSessionIdle != 45*time.Minute || c.StaffSessionMax != 8*time.Hour {
		t.Errorf("idle %v (env 45m), max %v (flag 8h over env 10h)", c.StaffSessionIdle, c.StaffSessionMax)
	}
	for _, env := range []map[string]string{
		{"PITLANE_STAFF_SESSION_IDLE": "1m"},
		{"PITLANE_STAFF_SESSION_IDLE": "3h", "PITLANE_STAFF_SESSION_MAX": "2h"},
		{"PITLANE_STAFF_SESSION_MAX": "soon"},
	} {
		if _, _, err := Load("serve", nil, env, io.Discard); err == nil {
			t.Errorf("%v: want an error", env)
		}
	}
}
