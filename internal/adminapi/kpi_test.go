package adminapi_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/apperr"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/report"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// kpiAuth stands for the staff sign-in in these tests: one bearer token, whose user is an ADMIN of
// one company and of no other. Methods the auth area adds later come from the embedded interface.
type kpiAuth struct {
	adminapi.AuthService
	company int64
}

const kpiToken = "staff-token-of-company-a"

func (f kpiAuth) Resolve(_ context.Context, token string) (account.Staff, error) {
	if token != kpiToken {
		return account.Staff{}, apperr.New(apperr.Unauthorized, "Sign in.")
	}
	return account.Staff{UserID: 7, Email: "staff@example.com", Name: "Staff", SessionID: 1}, nil
}

func (f kpiAuth) RoleIn(_ context.Context, userID, companyID int64) (account.Role, error) {
	if userID == 7 && companyID == f.company {
		return account.RoleAdmin, nil
	}
	return "", apperr.New(apperr.Forbidden, "You have no role in this company.")
}

// kpiHTTP seeds company A (Europe/Madrid) with one sale and session on Monday 2026-03-23 and one the
// Sunday before, a member, and company B with a sale of its own, and returns a client of the staff API.
func kpiHTTP(t *testing.T, db *store.DB) (*apitest.Client, storetest.Fixture, storetest.Fixture) {
	t.Helper()
	a := storetest.NewFixture(t, db, storetest.FixtureOptions{})
	b := storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "token-b", PublicKey: "key-b"})
	madrid, _ := time.LoadLocation("Europe/Madrid")
	ms := func(y int, m time.Month, d, h int) int64 { return time.Date(y, m, d, h, 0, 0, 0, madrid).UnixMilli() }
	ctx := context.Background()
	n := 0
	sale := func(f storetest.Fixture, cents int64, soldAt int64, places int) {
		n++
		err := db.Write(ctx, func(tx *store.Tx) error {
			var booking, line, pay int64
			if err := tx.QueryRow(ctx, `INSERT INTO bookings (identifier, company_id, status, payment_mode, contact_name, phone,
					email, birth_date, original_total_cents, total_cents, first_starts_at, created_at, updated_at)
				VALUES (?, ?, 'pagada', 'online', 'Ana', '+34600000000', 'ana@example.com', '2000-01-01', ?, ?, ?, ?, ?) RETURNING id`,
				"HTTP-"+string(rune('A'+n)), f.CompanyID, cents, cents, soldAt+3600000, soldAt, soldAt).Scan(&booking); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, `INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers,
					unit_price_cents, original_price_cents, total_cents) VALUES (?, ?, 'PRODUCT', 'Adult', 1, ?, ?, ?, ?) RETURNING id`,
				booking, f.Product, places, cents, cents, cents).Scan(&line); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date,
					local_time, product_id, places) VALUES (?, 0, ?, ?, '2026-03-23', '12:00:00', ?, ?)`,
				line, f.Circuit, soldAt+3600000, f.Product, places); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, `INSERT INTO payments (company_id, booking_id, provider, status, amount_cents, currency,
					created_at, updated_at) VALUES (?, ?, 'simulated', 'approved', ?, 'EUR', ?, ?) RETURNING id`,
				f.CompanyID, booking, cents, soldAt, soldAt).Scan(&pay); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider,
					provider_event_id, created_at) VALUES (?, ?, 'charge', ?, 'simulated', ?, ?)`,
				pay, booking, cents, "http-ev-"+string(rune('A'+n)), soldAt)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sale(a, 2550, ms(2026, 3, 23, 10), 2) // this week
	sale(a, 1000, ms(2026, 3, 22, 10), 1) // the week before
	sale(b, 99900, ms(2026, 3, 24, 10), 9)
	err := db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO members (company_id, nick, name, email, unsubscribe_key_hash, created_at, updated_at)
			VALUES (?, 'ana', 'Ana', 'ana@example.com', 'k1', ?, ?)`, a.CompanyID, ms(2026, 3, 24, 9), ms(2026, 3, 24, 9))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := adminapi.New(adminapi.Deps{Auth: kpiAuth{company: a.CompanyID}, Reports: report.NewService(db.Reports())})
	mux := http.NewServeMux()
	srv.Register(mux)
	return apitest.New(t, mux), a, b
}

func TestKPIHTTP(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c, a, b := kpiHTTP(t, db)
		A, B := itoa(a.CompanyID), itoa(b.CompanyID)
		week := "&start=2026-03-23T00:00:00Z&end=2026-03-29T00:00:00Z"
		type kpi struct {
			Total, Average, Previous, Increment, AverageAge, AverageSession float64
			SimbolCoinType                                                  string
		}
		for _, tc := range []struct {
			name, method, target string
			body                 any
			token                string
			status               int
			check                func(t *testing.T, k kpi)
		}{
			{"billing", "POST", "/api/kpi/ticket/totalBilling",
				map[string]any{"state": "cerrado", "idCompany": a.CompanyID, "dateStart": "2026-03-23T00:00:00Z", "dateEnd": "2026-03-29"},
				kpiToken, 200, func(t *testing.T, k kpi) {
					if k.Total != 25.5 || k.Previous != 10 || k.Increment != 155 || k.Average != 3.64 || k.SimbolCoinType != "€" {
						t.Errorf("billing %+v", k)
					}
				}},
			{"billing malformed date", "POST", "/api/kpi/ticket/totalBilling",
				map[string]any{"idCompany": a.CompanyID, "dateStart": "23/03/2026", "dateEnd": "2026-03-29"}, kpiToken, 400, nil},
			{"billing unknown field", "POST", "/api/kpi/ticket/totalBilling",
				map[string]any{"idCompany": a.CompanyID, "dateStart": "2026-03-23", "dateEnd": "2026-03-29", "x": 1}, kpiToken, 400, nil},
			{"billing unknown state", "POST", "/api/kpi/ticket/totalBilling",
				map[string]any{"state": "abierto", "idCompany": a.CompanyID, "dateStart": "2026-03-23", "dateEnd": "2026-03-29"}, kpiToken, 400, nil},
			{"billing start after end", "POST", "/api/kpi/ticket/totalBilling",
				map[string]any{"idCompany": a.CompanyID, "dateStart": "2026-03-30", "dateEnd": "2026-03-29"}, kpiToken, 422, nil},
			{"billing over three years", "POST", "/api/kpi/ticket/totalBilling",
				map[string]any{"idCompany": a.CompanyID, "dateStart": "2020-01-01", "dateEnd": "2026-03-29"}, kpiToken, 422, nil},
			{"billing of another company", "POST", "/api/kpi/ticket/totalBilling",
				map[string]any{"idCompany": b.CompanyID, "dateStart": "2026-03-23", "dateEnd": "2026-03-29"}, kpiToken, 403, nil},
			{"billing without a session", "POST", "/api/kpi/ticket/totalBilling",
				map[string]any{"idCompany": a.CompanyID, "dateStart": "2026-03-23", "dateEnd": "2026-03-29"}, "", 401, nil},

			{"tickets", "GET", "/api/kpi/ticket?state=cerrado&company=" + A + week, nil, kpiToken, 200, func(t *testing.T, k kpi) {
				if k.Total != 1 || k.Previous != 1 || k.Increment != 0 || k.Average != 0.14 {
					t.Errorf("tickets %+v", k)
				}
			}},
			{"tickets malformed", "GET", "/api/kpi/ticket?company=" + A + "&start=2026-13-01&end=2026-03-29", nil, kpiToken, 400, nil},
			{"tickets without end", "GET", "/api/kpi/ticket?company=" + A + "&start=2026-03-23", nil, kpiToken, 400, nil},
			{"tickets start after end", "GET", "/api/kpi/ticket?company=" + A + "&start=2026-03-29&end=2026-03-23", nil, kpiToken, 422, nil},
			{"tickets of another company", "GET", "/api/kpi/ticket?company=" + B + week, nil, kpiToken, 403, nil},

			{"ticket average", "GET", "/api/kpi/ticket/average?state=cerrado&company=" + A + week, nil, kpiToken, 200, func(t *testing.T, k kpi) {
				if k.Total != 25.5 || k.Previous != 10 {
					t.Errorf("ticket average %+v", k)
				}
			}},
			{"ticket average malformed", "GET", "/api/kpi/ticket/average?company=" + A + "&start=x&end=2026-03-29", nil, kpiToken, 400, nil},
			{"ticket average start after end", "GET", "/api/kpi/ticket/average?company=" + A + "&start=2026-03-30&end=2026-03-29", nil, kpiToken, 422, nil},
			{"ticket average of another company", "GET", "/api/kpi/ticket/average?company=" + B + week, nil, kpiToken, 403, nil},

			{"members", "GET", "/api/kpi/member?company=" + A, nil, kpiToken, 200, func(t *testing.T, k kpi) {
				if k.Total != 1 {
					t.Errorf("members %+v", k)
				}
			}},
			{"members malformed company", "GET", "/api/kpi/member?company=abc", nil, kpiToken, 400, nil},
			{"members of another company", "GET", "/api/kpi/member?company=" + B, nil, kpiToken, 403, nil},

			{"new members", "GET", "/api/kpi/member/new?company=" + A + "&date=2026-03-23T00:00:00Z&end=2026-03-29T00:00:00Z", nil, kpiToken, 200,
				func(t *testing.T, k kpi) {
					if k.Total != 1 || k.Previous != 0 {
						t.Errorf("new members %+v", k)
					}
				}},
			{"new members on one day", "GET", "/api/kpi/member/new?company=" + A + "&date=2026-03-23", nil, kpiToken, 200,
				func(t *testing.T, k kpi) {
					if k.Total != 0 {
						t.Errorf("new members on Monday %+v", k)
					}
				}},
			{"old members", "GET", "/api/kpi/member/old?company=" + A + "&date=2026-03-25", nil, kpiToken, 200,
				func(t *testing.T, k kpi) {
					if k.Total != 1 || k.Previous != 0 || k.Increment != 0 {
						t.Errorf("old members %+v", k)
					}
				}},
			{"members of an unknown kind", "GET", "/api/kpi/member/young?company=" + A + "&date=2026-03-25", nil, kpiToken, 404, nil},
			{"members malformed date", "GET", "/api/kpi/member/new?company=" + A + "&date=yesterday", nil, kpiToken, 400, nil},
			{"members start after end", "GET", "/api/kpi/member/new?company=" + A + "&date=2026-03-25&end=2026-03-24", nil, kpiToken, 422, nil},
			{"members by age of another company", "GET", "/api/kpi/member/old?company=" + B + "&date=2026-03-25", nil, kpiToken, 403, nil},

			{"participants", "GET", "/api/kpi/participant?company=" + A + week + "&age=true&session=true", nil, kpiToken, 200,
				func(t *testing.T, k kpi) {
					// Ana was born on 2000-01-01: 26 on 2026-03-29.
					if k.Total != 2 || k.Previous != 1 || k.Increment != 100 || k.AverageSession != 2 || k.AverageAge != 26 {
						t.Errorf("participants %+v", k)
					}
				}},
			{"participants without flags", "GET", "/api/kpi/participant?company=" + A + week, nil, kpiToken, 200,
				func(t *testing.T, k kpi) {
					if k.Total != 2 || k.AverageSession != 0 || k.AverageAge != 0 {
						t.Errorf("participants %+v", k)
					}
				}},
			{"participants malformed flag", "GET", "/api/kpi/participant?company=" + A + week + "&age=maybe", nil, kpiToken, 400, nil},
			{"participants malformed date", "GET", "/api/kpi/participant?company=" + A + "&start=2026-03-23&end=2026-02-30", nil, kpiToken, 400, nil},
			{"participants start after end", "GET", "/api/kpi/participant?company=" + A + "&start=2026-03-24&end=2026-03-23", nil, kpiToken, 422, nil},
			{"participants of another company", "GET", "/api/kpi/participant?company=" + B + week, nil, kpiToken, 403, nil},

			// Like with like: 23 April by the month is compared with 23 March (not 22 April), and the
			// month's comparison skips the days between the two periods.
			{"billing by the month", "POST", "/api/kpi/ticket/totalBilling",
				map[string]any{"idCompany": a.CompanyID, "dateStart": "2026-04-23", "dateEnd": "2026-04-23", "previous": "month"}, kpiToken, 200,
				func(t *testing.T, k kpi) {
					if k.Total != 0 || k.Previous != 25.5 {
						t.Errorf("billing of 23 April against 23 March %+v", k)
					}
				}},
			{"month to date", "GET", "/api/kpi/ticket/average?company=" + A + "&start=2026-04-01&end=2026-04-23&previous=month", nil, kpiToken, 200,
				func(t *testing.T, k kpi) {
					if k.Total != 0 || k.Previous != 17.75 { // 1–23 March: 35.50 over 2 tickets
						t.Errorf("1–23 April against 1–23 March %+v", k)
					}
				}},
			{"drivers by the week", "GET", "/api/kpi/participant?company=" + A + "&start=2026-03-29&end=2026-03-29&previous=week", nil, kpiToken, 200,
				func(t *testing.T, k kpi) {
					if k.Total != 0 || k.Previous != 1 { // Sunday 22 March
						t.Errorf("drivers of Sunday against the Sunday before %+v", k)
					}
				}},
			{"new members by the year", "GET", "/api/kpi/member/new?company=" + A + "&date=2027-03-24&previous=year", nil, kpiToken, 200,
				func(t *testing.T, k kpi) {
					if k.Total != 0 || k.Previous != 1 {
						t.Errorf("new members of 24 March 2027 against 24 March 2026 %+v", k)
					}
				}},
			{"an unknown comparison", "GET", "/api/kpi/ticket?company=" + A + week + "&previous=quarter", nil, kpiToken, 400, nil},
			{"a month's comparison across two months", "GET", "/api/kpi/ticket?company=" + A + "&start=2026-03-23&end=2026-04-05&previous=month", nil, kpiToken, 422, nil},
			{"a week's comparison over eight days", "POST", "/api/kpi/ticket/totalBilling",
				map[string]any{"idCompany": a.CompanyID, "dateStart": "2026-03-22", "dateEnd": "2026-03-29", "previous": "week"}, kpiToken, 422, nil},

			{"series malformed", "GET", "/api/kpi/series?company=" + A + "&start=2026-03-23&end=soon", nil, kpiToken, 400, nil},
			{"series start after end", "GET", "/api/kpi/series?company=" + A + "&start=2026-03-24&end=2026-03-23", nil, kpiToken, 422, nil},
			{"series of another company", "GET", "/api/kpi/series?company=" + B + week, nil, kpiToken, 403, nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var headers []string
				if tc.token != "" {
					headers = []string{"Authorization", "Bearer " + tc.token}
				}
				res := c.Do(tc.method, tc.target, tc.body, headers...)
				if res.Status != tc.status {
					t.Fatalf("status %d, want %d: %s", res.Status, tc.status, res.Body)
				}
				if tc.check != nil {
					var k kpi
					res.JSON(t, &k)
					tc.check(t, k)
				}
			})
		}

		t.Run("series", func(t *testing.T) {
			res := c.Do("GET", "/api/kpi/series?idCompany="+A+week, nil, "Authorization", "Bearer "+kpiToken)
			if res.Status != 200 {
				t.Fatalf("status %d: %s", res.Status, res.Body)
			}
			var s struct {
				SimbolCoinType string
				Days           []struct {
					Date, PreviousDate                string
					Billing, PreviousBilling          float64
					Drivers, PreviousDrivers, Tickets int64
					TicketAverage                     float64
				}
			}
			res.JSON(t, &s)
			if len(s.Days) != 7 || s.SimbolCoinType != "€" {
				t.Fatalf("series %+v", s)
			}
			mon, sun := s.Days[0], s.Days[6]
			if mon.Date != "2026-03-23" || mon.PreviousDate != "2026-03-16" || mon.Billing != 25.5 || mon.Drivers != 2 ||
				mon.Tickets != 1 || mon.TicketAverage != 25.5 {
				t.Errorf("Monday %+v", mon)
			}
			if sun.Date != "2026-03-29" || sun.PreviousDate != "2026-03-22" || sun.PreviousBilling != 10 || sun.PreviousDrivers != 1 || sun.Billing != 0 {
				t.Errorf("Sunday %+v", sun)
			}
		})

		// April by the month: day k against day k of March; a full March against a shorter February has
		// no previous day for its last three days (null, not a made-up one).
		t.Run("series by the month", func(t *testing.T) {
			var s struct {
				Days []struct {
					Date            string
					PreviousDate    *string
					Billing         float64
					PreviousBilling float64
				}
			}
			res := c.Do("GET", "/api/kpi/series?company="+A+"&start=2026-04-01&end=2026-04-23&previous=month", nil, "Authorization", "Bearer "+kpiToken)
			res.JSON(t, &s)
			if res.Status != 200 || len(s.Days) != 23 {
				t.Fatalf("%d %s", res.Status, res.Body)
			}
			if d := s.Days[22]; d.Date != "2026-04-23" || d.PreviousDate == nil || *d.PreviousDate != "2026-03-23" || d.PreviousBilling != 25.5 {
				t.Errorf("23 April %+v", d)
			}
			if d := s.Days[21]; d.PreviousDate == nil || *d.PreviousDate != "2026-03-22" || d.PreviousBilling != 10 {
				t.Errorf("22 April %+v", d)
			}
			res = c.Do("GET", "/api/kpi/series?company="+A+"&start=2026-03-01&end=2026-03-31&previous=month", nil, "Authorization", "Bearer "+kpiToken)
			res.JSON(t, &s)
			if res.Status != 200 || len(s.Days) != 31 {
				t.Fatalf("%d %s", res.Status, res.Body)
			}
			if d := s.Days[27]; d.PreviousDate == nil || *d.PreviousDate != "2026-02-28" {
				t.Errorf("28 March %+v", d)
			}
			for _, d := range s.Days[28:] {
				if d.PreviousDate != nil || d.PreviousBilling != 0 {
					t.Errorf("%s has a previous day in a 28-day February: %+v", d.Date, d)
				}
			}
		})
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
