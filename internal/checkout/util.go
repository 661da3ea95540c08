package checkout

import (
	"strings"
	"time"
	"unicode/utf8"
)

// location is the company's time zone, UTC when not loaded.
func location(c CompanySettings) *time.Location {
	if c.Location == nil {
		return time.UTC
	}
	return c.Location
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

func trimSpace(s string) string { return strings.TrimSpace(s) }

// truncate cuts s to at most n runes, for echoing input in messages.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
