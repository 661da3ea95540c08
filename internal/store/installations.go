package store

import (
	"context"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/setup"
)

// Installations is the installations screen's store (setup.InstallationStore).
type Installations struct{ db *DB }

// Installations returns the store of this aggregate.
func (db *DB) Installations() Installations { return Installations{db} }

// Installations implements setup.InstallationStore.
func (is Installations) Installations(ctx context.Context, companyID int64) ([]setup.InstallationItem, error) {
	out := []setup.InstallationItem{}
	err := is.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, name, max_participants FROM installations WHERE company_id = ? ORDER BY id`, companyID)
		if err != nil {
			return err
		}
		index := map[int64]int{}
		for rows.Next() {
			var it setup.InstallationItem
			if err := rows.Scan(&it.ID, &it.Name, &it.MaxParticipants); err != nil {
				rows.Close()
				return err
			}
			it.Circuits = []setup.CircuitItem{}
			index[it.ID] = len(out)
			out = append(out, it)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		crows, err := tx.Query(ctx, `SELECT c.id, c.installation_id, c.name, COALESCE(MIN(v.id), 0)
			FROM circuits c JOIN installations i ON i.id = c.installation_id
			LEFT JOIN variants v ON v.circuit_id = c.id AND v.company_id = i.company_id
			WHERE i.company_id = ? GROUP BY c.id, c.installation_id, c.name ORDER BY c.id`, companyID)
		if err != nil {
			return err
		}
		var circuits []setup.CircuitItem
		for crows.Next() {
			var c setup.CircuitItem
			if err := crows.Scan(&c.ID, &c.InstallationID, &c.Name, &c.VariantID); err != nil {
				crows.Close()
				return err
			}
			circuits = append(circuits, c)
		}
		crows.Close()
		if err := crows.Err(); err != nil {
			return err
		}
		for _, c := range circuits {
			if c.VariantID != 0 {
				if err := tx.QueryRow(ctx, `SELECT id_local FROM variants WHERE id = ?`, c.VariantID).Scan(&c.IDLocal); err != nil {
					return translate(err)
				}
			}
			i := index[c.InstallationID]
			out[i].Circuits = append(out[i].Circuits, c)
		}
		return nil
	})
	return out, err
}

// CreateInstallation implements setup.InstallationStore.
func (is Installations) CreateInstallation(ctx context.Context, companyID int64, in setup.NewInstallation, by setup.Actor, at time.Time) (setup.InstallationItem, error) {
	out := setup.InstallationItem{Name: in.Name, MaxParticipants: in.MaxParticipants, Circuits: []setup.CircuitItem{}}
	err := is.db.Write(ctx, func(tx *Tx) error {
		var tz string
		if err := tx.QueryRow(ctx, `SELECT time_zone FROM companies WHERE id = ?`, companyID).Scan(&tz); err != nil {
			return translate(err)
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM installations WHERE company_id = ? AND LOWER(name) = LOWER(?)`, companyID, in.Name).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return apperr.WithFields(apperr.Conflict, "The company has an installation of that name already.", map[string]string{"name": "is taken"})
		}
		ms := at.UnixMilli()
		var err error
		if out.ID, err = tx.insertID(ctx, `INSERT INTO installations (company_id, name, time_zone, interval_minutes, opening_time,
			closing_time, max_participants, max_days_booking, disable_hours_booking, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING id`, companyID, in.Name, tz, setup.DefaultIntervalMinutes,
			setup.DefaultOpeningTime, setup.DefaultClosingTime, in.MaxParticipants, setup.DefaultMaxDaysBooking, ms, ms); err != nil {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email, Action: "installation.create",
			Entity: "installation", EntityID: strconv.FormatInt(out.ID, 10), At: at,
			Details: map[string]any{"name": in.Name, "maxParticipants": in.MaxParticipants}})
	})
	return out, err
}

// CreateCircuit implements setup.InstallationStore.
func (is Installations) CreateCircuit(ctx context.Context, companyID, installationID int64, name string, by setup.Actor, at time.Time) (setup.CircuitItem, error) {
	out := setup.CircuitItem{InstallationID: installationID, Name: name}
	err := is.db.Write(ctx, func(tx *Tx) error {
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM installations WHERE id = ? AND company_id = ?`, installationID, companyID).Scan(&one)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No such installation.")
		}
		if err != nil {
			return err
		}
		if out.ID, err = tx.InsertCircuit(ctx, installationID, name); err != nil {
			return circuitTaken(err)
		}
		if out.IDLocal, err = tx.nextVariantLocalID(ctx, companyID); err != nil {
			return err
		}
		if out.VariantID, err = tx.InsertVariant(ctx, companyID, out.ID, out.IDLocal, name); err != nil {
			return translate(err)
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email, Action: "circuit.create",
			Entity: "circuit", EntityID: strconv.FormatInt(out.ID, 10), At: at,
			Details: map[string]any{"name": name, "idInstallation": installationID, "idVariant": out.VariantID, "idLocal": out.IDLocal}})
	})
	return out, err
}

// RenameCircuit implements setup.InstallationStore.
func (is Installations) RenameCircuit(ctx context.Context, companyID, circuitID int64, name string, by setup.Actor, at time.Time) (setup.CircuitItem, error) {
	out := setup.CircuitItem{ID: circuitID, Name: name}
	err := is.db.Write(ctx, func(tx *Tx) error {
		var before string
		err := tx.QueryRow(ctx, `SELECT c.name, c.installation_id FROM circuits c JOIN installations i ON i.id = c.installation_id
			WHERE c.id = ? AND i.company_id = ?`, circuitID, companyID).Scan(&before, &out.InstallationID)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No such circuit.")
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE circuits SET name = ? WHERE id = ?`, name, circuitID); err != nil {
			return circuitTaken(err)
		}
		if _, err := tx.Exec(ctx, `UPDATE variants SET name = ? WHERE circuit_id = ? AND company_id = ?`, name, circuitID, companyID); err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `SELECT id, id_local FROM variants WHERE circuit_id = ? AND company_id = ? ORDER BY id LIMIT 1`,
			circuitID, companyID).Scan(&out.VariantID, &out.IDLocal)
		if err != nil && !IsNoRows(err) {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email, Action: "circuit.rename",
			Entity: "circuit", EntityID: strconv.FormatInt(circuitID, 10), At: at,
			Details: map[string]any{"before": before, "after": name}})
	})
	return out, err
}

// circuitTaken turns the unique (installation, name) violation into a conflict naming the field.
func circuitTaken(err error) error {
	err = translate(err)
	if apperr.Is(err, apperr.Conflict) {
		return apperr.WithFields(apperr.Conflict, "The installation has a circuit of that name already.", map[string]string{"name": "is taken"})
	}
	return err
}

// nextVariantLocalID is one more than the largest numeric local id of the company's variants ("1" for none).
func (t *Tx) nextVariantLocalID(ctx context.Context, companyID int64) (string, error) {
	rows, err := t.Query(ctx, `SELECT id_local FROM variants WHERE company_id = ?`, companyID)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	top := 0
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return "", err
		}
		if n, err := strconv.Atoi(s); err == nil && n > top {
			top = n
		}
	}
	return strconv.Itoa(top + 1), rows.Err()
}
