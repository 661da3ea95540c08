package report

import "math"

// KPI is one figure of a period against the previous period of the same length, as a KPI box shows it.
// Money is in the currency's units (not cents); every value is rounded to two decimals.
type KPI struct {
	Total          float64 // the figure over the period
	Average        float64 // Total per day of the period
	Previous       float64 // the same figure over the previous period
	Increment      float64 // percentage change from Previous to Total; 0 when Previous is 0
	Symbol         string  // the company's currency symbol
	AverageAge     float64 // participants only: the drivers' average age in years
	AverageSession float64 // participants only: the average drivers per session
}

// Round2 rounds to two decimals, halves away from zero.
func Round2(x float64) float64 { return math.Round(x*100) / 100 }

// Increment is the percentage change from previous to total, 0 when previous is 0. It is measured
// against the size of previous, so a rise is positive even from a negative figure (refunds).
func Increment(total, previous float64) float64 {
	if previous == 0 {
		return 0
	}
	return (total - previous) / math.Abs(previous) * 100
}

// Figure builds the KPI of a period of days days from its total and its previous period's.
func Figure(total, previous float64, days int, symbol string) KPI {
	k := KPI{Total: Round2(total), Previous: Round2(previous), Increment: Round2(Increment(total, previous)), Symbol: symbol}
	if days > 0 {
		k.Average = Round2(total / float64(days))
	}
	return k
}

// Cents turns cents into the currency's units.
func Cents(c int64) float64 { return float64(c) / 100 }

// Ratio is a / b, 0 when b is 0.
func Ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// AgeOn is the age in whole years on the date of someone born on birth.
func AgeOn(birth, on Date) int {
	by, bm, bd := birth.Civil()
	y, m, d := on.Civil()
	age := y - by
	if m < bm || m == bm && d < bd {
		age--
	}
	return age
}

// AverageAge is the average age on the date of the people born on the given dates (date → how many),
// skipping birth dates that are not 'YYYY-MM-DD' or give an age below 0 or above 120 (typing errors).
func AverageAge(birthdays map[string]int64, on Date) float64 {
	sum, n := ageSums(birthdays, on)
	return Round2(Ratio(float64(sum), float64(n)))
}
