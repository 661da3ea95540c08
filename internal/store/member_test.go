package store_test

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"sync"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/member"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

var memberNow = time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)

func upsert(t *testing.T, db *store.DB, m member.NewMember) (member.Member, string) {
	t.Helper()
	var got member.Member
	var key string
	err := db.Write(context.Background(), func(tx *store.Tx) error {
		var err error
		got, key, err = tx.UpsertMember(context.Background(), m, memberNow)
		return err
	})
	if err != nil {
		t.Fatalf("upsert %s: %v", m.Email, err)
	}
	return got, key
}

func TestUpsertMemberFindsByEmailWhateverTheCase(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		first, key1 := upsert(t, db, member.NewMember{CompanyID: f.CompanyID, Email: "Ana.Lopez@Example.com",
			Name: "Ana", Surname: "López", Phone: "+34600111222", Birthday: "1990-02-03"})
		if first.Nick != "Ana" || first.Email != "ana.lopez@example.com" || first.Surname != "López" {
			t.Fatalf("created %+v", first)
		}
		again, key2 := upsert(t, db, member.NewMember{CompanyID: f.CompanyID, Email: " ANA.LOPEZ@example.COM ",
			Name: "Ana María", Nick: "Speedy", AcceptSendPromo: true})
		if again.ID != first.ID || again.Nick != "Ana" {
			t.Fatalf("second upsert made %+v, want the same member with nick Ana", again)
		}
		if again.Name != "Ana María" || again.Phone != "+34600111222" || !again.AcceptSendPromo {
			t.Errorf("existing member not refreshed (or blank fields overwrote data): %+v", again)
		}
		if key1 == "" || key1 != key2 {
			t.Errorf("unsubscribe keys %q and %q: want the same non-empty key for every message", key1, key2)
		}
		got, err := db.Members().MemberByEmail(context.Background(), f.CompanyID, "ANA.lopez@EXAMPLE.com")
		if err != nil || got.ID != first.ID {
			t.Fatalf("lookup: %+v, %v", got, err)
		}
		if _, err := db.Members().MemberByEmail(context.Background(), f.CompanyID+1000, "ana.lopez@example.com"); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("lookup in another company: %v, want not found", err)
		}
	})
}

func TestUpsertMemberRejectsEmptyEmail(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		err := db.Write(context.Background(), func(tx *store.Tx) error {
			_, _, err := tx.UpsertMember(context.Background(), member.NewMember{CompanyID: f.CompanyID, Name: "X"}, memberNow)
			return err
		})
		if !apperr.Is(err, apperr.Unprocessable) {
			t.Fatalf("got %v, want unprocessable", err)
		}
	})
}

// Many people called Ana signing up at once each get their own nickname: Ana, then Ana_n; the
// same person signing up twice at once is one member.
func TestUpsertMemberNicknamesUniqueUnderConcurrency(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		const n = 12
		var wg sync.WaitGroup
		errs := make(chan error, 2*n)
		for i := 0; i < n; i++ {
			for _, email := range []string{fmt.Sprintf("ana%d@example.com", i), fmt.Sprintf("ANA%d@example.com", i)} {
				wg.Add(1)
				go func(email string) {
					defer wg.Done()
					errs <- db.Write(context.Background(), func(tx *store.Tx) error {
						_, _, err := tx.UpsertMember(context.Background(),
							member.NewMember{CompanyID: f.CompanyID, Email: email, Name: "Ana"}, memberNow)
						return err
					})
				}(email)
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		var nicks []string
		err := db.Read(context.Background(), func(tx *store.Tx) error {
			rows, err := tx.Query(context.Background(), `SELECT nick FROM members WHERE company_id = ?`, f.CompanyID)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var s string
				if err := rows.Scan(&s); err != nil {
					return err
				}
				nicks = append(nicks, s)
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		// One member per e-mail, each with its own nickname: Ana, then Ana_n. The numbers need not be
		// consecutive: on PostgreSQL a nickname another transaction is inserting is passed over rather
		// than waited for, and one that transaction then did not use (its e-mail was taken meanwhile)
		// stays free.
		seen := map[string]bool{}
		for _, nick := range nicks {
			if nick != "Ana" && !regexp.MustCompile(`^Ana_[1-9][0-9]*$`).MatchString(nick) {
				t.Errorf("nickname %q: want Ana or Ana_n", nick)
			}
			if seen[nick] {
				t.Errorf("nickname %q given twice", nick)
			}
			seen[nick] = true
		}
		sort.Strings(nicks)
		if len(nicks) != n || !seen["Ana"] {
			t.Fatalf("nicknames %v: want %d members (one per e-mail), one of them Ana", nicks, n)
		}
	})
}

func TestUnsubscribeIsIdempotent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		m, key := upsert(t, db, member.NewMember{CompanyID: f.CompanyID, Email: "bo@example.com", Name: "Bo", AcceptSendPromo: true})
		for i := 0; i < 2; i++ {
			if err := db.Members().Unsubscribe(ctx, member.HashKey(key), memberNow.Add(time.Duration(i)*time.Hour)); err != nil {
				t.Fatalf("unsubscribe #%d: %v", i+1, err)
			}
		}
		got, err := db.Members().MemberByEmail(ctx, f.CompanyID, m.Email)
		if err != nil || got.AcceptSendPromo {
			t.Fatalf("after unsubscribing: %+v, %v; want consent cleared", got, err)
		}
		var at int64
		err = db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT unsubscribed_at FROM members WHERE id = ?`, m.ID).Scan(&at)
		})
		if err != nil || at != memberNow.UnixMilli() {
			t.Errorf("unsubscribed_at %d (%v), want the first time %d", at, err, memberNow.UnixMilli())
		}
		if err := db.Members().Unsubscribe(ctx, member.HashKey("not-a-real-key-000"), memberNow); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("unknown key: %v, want not found", err)
		}
	})
}
