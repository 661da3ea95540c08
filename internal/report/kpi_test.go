package report

import "testing"

func TestFigure(t *testing.T) {
	for _, c := range []struct {
		name                      string
		total, previous           float64
		days                      int
		avg, prev, increment, tot float64
	}{
		{"growth", 150, 100, 30, 5, 100, 50, 150},
		{"drop", 75, 100, 7, 10.71, 100, -25, 75},
		{"no previous", 42, 0, 1, 42, 0, 0, 42},
		{"thirds round to two decimals", 10, 3, 3, 3.33, 3, 233.33, 10},
		{"from a negative previous (refunds) a rise is positive", 10, -20, 1, 10, -20, 150, 10},
		{"no days", 5, 0, 0, 0, 0, 0, 5},
	} {
		k := Figure(c.total, c.previous, c.days, "€")
		if k.Total != c.tot || k.Average != c.avg || k.Previous != c.prev || k.Increment != c.increment || k.Symbol != "€" {
			t.Errorf("%s: %+v, want total %v average %v previous %v increment %v", c.name, k, c.tot, c.avg, c.prev, c.increment)
		}
	}
}

func TestAgeOn(t *testing.T) {
	for _, c := range []struct {
		birth, on string
		age       int
	}{
		{"2000-05-04", "2026-05-04", 26},
		{"2000-05-05", "2026-05-04", 25},
		{"2000-02-29", "2026-02-28", 25},
		{"2000-02-29", "2026-03-01", 26},
		{"2026-05-05", "2026-05-04", -1},
	} {
		if got := AgeOn(d(c.birth), d(c.on)); got != c.age {
			t.Errorf("AgeOn(%s, %s) = %d, want %d", c.birth, c.on, got, c.age)
		}
	}
}

func TestAverageAge(t *testing.T) {
	got := AverageAge(map[string]int64{
		"2000-01-01": 2, // 26
		"1990-06-30": 1, // 35 on 2026-06-30
		"not a date": 5, // skipped
		"2030-01-01": 1, // born after the date: skipped
		"1800-01-01": 1, // over 120: skipped
	}, d("2026-06-30"))
	if want := Round2((26*2 + 36) / 3.0); got != want {
		t.Errorf("AverageAge = %v, want %v", got, want)
	}
	if AverageAge(nil, d("2026-01-01")) != 0 {
		t.Error("no birth dates should give 0")
	}
}
