package store

import "context"

// PauseAgeRollups starts a bulk load: until RebuildAgeRollups, this transaction's writes leave the
// drivers' age rollups alone on PostgreSQL (migration 00027: its triggers skip a transaction with
// pitlane.kpi_bulk on), so that seeding a year of history is one INSERT per batch and not a trigger per
// row. SQLite's triggers (00021) keep running: they are cheap there. The caller must call
// RebuildAgeRollups with every company it wrote before committing.
func (t *Tx) PauseAgeRollups(ctx context.Context) error {
	if t.db.Engine() != Postgres {
		return nil
	}
	_, err := t.Exec(ctx, `SELECT set_config('pitlane.kpi_bulk', 'on', true)`)
	return translate(err)
}

// RebuildAgeRollups ends a bulk load begun by PauseAgeRollups: the triggers run again, and the companies'
// age rollups are computed afresh from their bookings (the view kpi_age_people), in three statements.
func (t *Tx) RebuildAgeRollups(ctx context.Context, companyIDs []int64) error {
	if t.db.Engine() != Postgres || len(companyIDs) == 0 {
		return nil
	}
	if _, err := t.Exec(ctx, `SELECT set_config('pitlane.kpi_bulk', 'off', true)`); err != nil {
		return translate(err)
	}
	in := "(" + Placeholders(len(companyIDs)) + ")"
	args := make([]any, len(companyIDs))
	for i, id := range companyIDs {
		args[i] = id
	}
	for _, q := range []string{
		`DELETE FROM kpi_age_months WHERE company_id IN ` + in,
		`DELETE FROM kpi_age_days WHERE company_id IN ` + in,
		`DELETE FROM kpi_age_others WHERE company_id IN ` + in,
		`INSERT INTO kpi_age_months (company_id, day, birth_month, people, year_sum)
			SELECT company_id, day, birth_md / 100, COUNT(*), SUM(birth_year) FROM kpi_age_people
			WHERE company_id IN ` + in + ` AND birth_md IS NOT NULL GROUP BY company_id, day, birth_md / 100`,
		`INSERT INTO kpi_age_days (company_id, birth_md, day, people)
			SELECT company_id, birth_md, day, COUNT(*) FROM kpi_age_people
			WHERE company_id IN ` + in + ` AND birth_md IS NOT NULL GROUP BY company_id, birth_md, day`,
		`INSERT INTO kpi_age_others (company_id, day, birthday, people)
			SELECT company_id, day, birthday, COUNT(*) FROM kpi_age_people
			WHERE company_id IN ` + in + ` AND birth_md IS NULL GROUP BY company_id, day, birthday`,
	} {
		if _, err := t.Exec(ctx, q, args...); err != nil {
			return translate(err)
		}
	}
	return nil
}
