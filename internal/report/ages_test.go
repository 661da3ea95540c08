package report

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// Summing birth years per month (and counting the birthdays later in the year) gives the same average
// age as counting every birth date, whatever the date it is measured on, with the unusual dates left to
// be counted one by one.
func TestAgesAverageEqualsAverageAge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, on := range []Date{DateOf(2026, 1, 1), DateOf(2026, 2, 28), DateOf(2024, 2, 29), DateOf(2026, 6, 15), DateOf(2026, 12, 31)} {
		all := map[string]int64{}
		a := Ages{Others: map[string]int64{}}
		oy, om, od := on.Civil()
		for range 2000 {
			y, m, d := oy-2-rng.IntN(117), time.Month(1+rng.IntN(12)), 1+rng.IntN(28)
			b := fmt.Sprintf("%04d-%02d-%02d", y, m, d)
			n := int64(1 + rng.IntN(3))
			all[b] += n
			a.People += n
			a.YearSum += int64(y) * n
			if m > om || m == om && d > od {
				a.Later += n
			}
		}
		for _, odd := range []string{"garbage", "2025-02-29", "1899-01-01", fmt.Sprintf("%d-12-31", oy), fmt.Sprintf("%d-01-01", oy)} {
			all[odd]++
			a.Others[odd]++
		}
		if got, want := a.Average(on), AverageAge(all, on); got != want || got == 0 {
			t.Errorf("on %v: Ages.Average %v, AverageAge %v", on, got, want)
		}
	}
}
