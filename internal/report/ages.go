package report

import "time"

// Ages is what the store knows of the ages of a period's drivers, for their average age on a date On:
// people born on a valid date whose age on On is certainly within 0..120, summed (People, the sum of
// their birth years, and how many of them have their birthday later in the year than On's month and
// day), and the other birth dates one by one (Others, counted as AverageAge counts them: skipped if
// malformed or out of 0..120).
type Ages struct {
	People  int64
	YearSum int64
	Later   int64            // of People, those born after On's month and day in their year
	Others  map[string]int64 // birth date → how many
}

// ageSums is the sum of the ages on the date and how many people it counts, for the birth dates given
// one by one (the rules of AverageAge).
func ageSums(birthdays map[string]int64, on Date) (sum, n int64) {
	for raw, count := range birthdays {
		t, err := time.Parse(time.DateOnly, raw)
		if err != nil || count <= 0 {
			continue
		}
		age := AgeOn(DateOf(t.Date()), on)
		if age < 0 || age > 120 {
			continue
		}
		sum += int64(age) * count
		n += count
	}
	return sum, n
}

// Average is the average age on a.On's date, rounded to two decimals: the summed people's ages are
// On's year less their birth year, less one for those whose birthday is later in the year, plus the
// others' ages one by one. It equals AverageAge over the same people's birth dates.
func (a Ages) Average(on Date) float64 {
	y, _, _ := on.Civil()
	sum := a.People*int64(y) - a.YearSum - a.Later
	n := a.People
	s, c := ageSums(a.Others, on)
	return Round2(Ratio(float64(sum+s), float64(n+c)))
}
