package config

import (
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestDefaultsEnvAndFlags(t *testing.T) {
	c, _, err := Load("serve", nil, map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DatabaseURL != "sqlite:data/pitlane.db" || c.HoldTTL != 10*time.Minute {
		t.Fatalf("defaults: %+v", c)
	}
	c, _, err = Load("serve", []string{"--addr", "127.0.0.1:9000"}, map[string]string{
		"PITLANE_ADDR": ":7000", "PITLANE_HOLD_TTL": "2s", "PITLANE_DEMO": "1",
	})
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
	} {
		if _, _, err := Load("serve", nil, env); err == nil {
			t.Errorf("%v: want an error", env)
		}
	}
}

func TestSecretsAreMaskedInLogs(t *testing.T) {
	c, _, err := Load("serve", nil, map[string]string{
		"PITLANE_DATABASE_URL":      "postgres://app:hunter2@db:5432/pitlane",
		"PITLANE_SMTP_URL":          "smtp://mailer:s3cret@mail:587",
		"PITLANE_STRIPE_SECRET_KEY": "sk_test_abcdef",
	})
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
