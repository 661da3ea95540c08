package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/member"
)

// Members is the companies' members (customers known by e-mail) as the customer side reads them
// (member.Store).
type Members struct{ db *DB }

// Members returns the store of this aggregate.
func (db *DB) Members() Members { return Members{db} }

// memberColumns is the column list scanMember reads, in order.
const memberColumns = `id, company_id, nick, name, surname, birthday, phone, email, accept_send_promo`

func scanMember(s scanner) (member.Member, error) {
	var m member.Member
	var surname, birthday, phone sql.NullString
	var promo int
	if err := s.Scan(&m.ID, &m.CompanyID, &m.Nick, &m.Name, &surname, &birthday, &phone, &m.Email, &promo); err != nil {
		return member.Member{}, translate(err)
	}
	m.Surname, m.Birthday, m.Phone, m.AcceptSendPromo = surname.String, birthday.String, phone.String, promo == 1
	return m, nil
}

// nullable stores an empty string as NULL.
func nullable(s string) any {
	if s = strings.TrimSpace(s); s == "" {
		return nil
	}
	return s
}

// memberByEmail finds a member of the company by normalized e-mail. Returns apperr.NotFound if none.
func (t *Tx) memberByEmail(ctx context.Context, companyID int64, email string) (member.Member, error) {
	return scanMember(t.QueryRow(ctx, `SELECT `+memberColumns+` FROM members WHERE company_id = ? AND email = ?`,
		companyID, email))
}

// MemberByEmail returns the member of the company with the e-mail, compared without regard to case.
// Unsubscribed members are still members. Returns apperr.NotFound if there is none.
func (mb Members) MemberByEmail(ctx context.Context, companyID int64, email string) (member.Member, error) {
	var m member.Member
	err := mb.db.Read(ctx, func(tx *Tx) error {
		var err error
		m, err = tx.memberByEmail(ctx, companyID, member.NormalizeEmail(email))
		return err
	})
	return m, err
}

// maxNickAttempts bounds the retries when concurrent sign-ups keep taking the nickname we chose.
const maxNickAttempts = 50

// UpsertMember finds the company's member with m's e-mail (without regard to case) or creates one, inside
// the caller's write transaction (a booking, an event registration), and returns the member with the key
// of their unsubscribe link.
//
// A new member gets m's nickname (or name) made unique in the company with a _n suffix (Ana, Ana_1,
// Ana_2…). Concurrent creations are safe on both engines: the insert skips on any unique conflict
// (ON CONFLICT DO NOTHING, which on PostgreSQL waits for the competing transaction instead of aborting
// ours), then we look again and retry with the next free nickname.
//
// An existing member keeps their nickname; their name, surname, birthday and phone are refreshed when m
// gives them, and their promotional consent becomes m.AcceptSendPromo (consenting again clears an
// earlier unsubscription).
//
// The key is never stored, only its SHA-256: it is derived from a shared secret, the company and the
// e-mail (member.UnsubscribeKey), so it is returned for new and existing members alike and every
// message can carry the link. Returns apperr.Unprocessable if the e-mail is empty or too long.
func (t *Tx) UpsertMember(ctx context.Context, m member.NewMember, now time.Time) (member.Member, string, error) {
	email := member.NormalizeEmail(m.Email)
	if email == "" || len(email) > member.MaxEmailLength || !strings.Contains(email, "@") {
		return member.Member{}, "", apperr.WithFields(apperr.Unprocessable, "The member's e-mail is not valid.",
			map[string]string{"email": "must be an e-mail address"})
	}
	secret, err := t.Secret(ctx, member.UnsubscribeSecret, now)
	if err != nil {
		return member.Member{}, "", err
	}
	key := member.UnsubscribeKey(secret, m.CompanyID, email)
	hash := member.HashKey(key)
	ms := now.UnixMilli()
	base := member.NickBase(m.Nick, m.Name)
	name := strings.TrimSpace(m.Name)
	if name == "" {
		name = base
	}
	for attempt := 0; attempt < maxNickAttempts; attempt++ {
		found, err := t.memberByEmail(ctx, m.CompanyID, email)
		if err == nil {
			found, err = t.refreshMember(ctx, found, m, hash, ms)
			return found, key, err
		}
		if !apperr.Is(err, apperr.NotFound) {
			return member.Member{}, "", err
		}
		taken, err := t.nicksLike(ctx, m.CompanyID, base)
		if err != nil {
			return member.Member{}, "", err
		}
		nick, err := t.claimNick(ctx, m.CompanyID, base, taken)
		if err != nil {
			return member.Member{}, "", err
		}
		var id int64
		err = t.QueryRow(ctx, `INSERT INTO members (company_id, nick, name, surname, birthday, phone, email,
				accept_send_promo, unsubscribe_key_hash, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT DO NOTHING RETURNING id`,
			m.CompanyID, nick, name, nullable(m.Surname), nullable(m.Birthday), nullable(m.Phone), email,
			flag(m.AcceptSendPromo), hash, ms, ms).Scan(&id)
		if IsNoRows(err) {
			continue // someone took the e-mail or the nickname meanwhile: look again
		}
		if err != nil {
			return member.Member{}, "", translate(err)
		}
		return member.Member{ID: id, CompanyID: m.CompanyID, Nick: nick, Name: name,
			Surname: strings.TrimSpace(m.Surname), Birthday: strings.TrimSpace(m.Birthday),
			Phone: strings.TrimSpace(m.Phone), Email: email, AcceptSendPromo: m.AcceptSendPromo}, key, nil
	}
	return member.Member{}, "", apperr.New(apperr.Conflict, "Could not find a free nickname; try again.")
}

// claimNick picks the nickname a new member gets: the first of base, base_1, base_2… not taken. On
// PostgreSQL a nickname another transaction is inserting right now is passed over too (a transaction
// advisory lock per company and nickname, tried without waiting): otherwise the insert would wait for that
// transaction to end, and an on-sale rush of customers with the same name queued every booking behind the
// one before (log_lock_waits in the rush bench: 1,272 waits on members' nickname index in one run).
func (t *Tx) claimNick(ctx context.Context, companyID int64, base string, taken []string) (string, error) {
	for attempt := 0; ; attempt++ {
		nick := member.UniqueNick(base, taken)
		if t.Engine() != Postgres || attempt >= maxNickAttempts {
			return nick, nil
		}
		var mine bool
		if err := t.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtextextended(?::text, 7))`,
			fmt.Sprintf("nick:%d:%s", companyID, nick)).Scan(&mine); err != nil {
			return "", err
		}
		if mine {
			return nick, nil
		}
		taken = append(taken, nick)
	}
}

// refreshMember writes what a new booking tells about an existing member and returns the member as stored.
// The stored key hash is brought in line with the derived key (members imported with a random key).
func (t *Tx) refreshMember(ctx context.Context, found member.Member, m member.NewMember, hash string, ms int64) (member.Member, error) {
	promo := flag(m.AcceptSendPromo)
	_, err := t.Exec(ctx, `UPDATE members SET
			name = COALESCE(?, name), surname = COALESCE(?, surname), birthday = COALESCE(?, birthday),
			phone = COALESCE(?, phone), accept_send_promo = ?,
			unsubscribed_at = CASE WHEN ? = 1 THEN NULL ELSE unsubscribed_at END,
			unsubscribe_key_hash = ?, updated_at = ?
		WHERE id = ?`,
		nullable(m.Name), nullable(m.Surname), nullable(m.Birthday), nullable(m.Phone), promo, promo,
		hash, ms, found.ID)
	if err != nil {
		return member.Member{}, err
	}
	return scanMember(t.QueryRow(ctx, `SELECT `+memberColumns+` FROM members WHERE id = ?`, found.ID))
}

// nicksLike returns the company's nicknames equal to base or of the form base_<anything>, the only ones
// that can clash with the nickname UniqueNick picks.
func (t *Tx) nicksLike(ctx context.Context, companyID int64, base string) ([]string, error) {
	esc := escapeLike(base)
	rows, err := t.Query(ctx, `SELECT nick FROM members WHERE company_id = ? AND (nick = ? OR nick LIKE ? ESCAPE '\')`,
		companyID, base, esc+`\_%`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// Unsubscribe stops promotional e-mail to the member whose unsubscribe key hashes to keyHash: it clears
// their consent and records when (the first time only; repeating is harmless). Returns apperr.NotFound
// if no member has that key.
func (mb Members) Unsubscribe(ctx context.Context, keyHash string, now time.Time) error {
	return mb.db.Write(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE members SET accept_send_promo = 0,
				unsubscribed_at = COALESCE(unsubscribed_at, ?), updated_at = ?
			WHERE unsubscribe_key_hash = ?`, now.UnixMilli(), now.UnixMilli(), keyHash)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return apperr.New(apperr.NotFound, "No member has that unsubscribe link.")
		}
		return nil
	})
}

// HasUnsubscribeKey implements member.Store: whether a member's unsubscribe key hashes to keyHash.
func (mb Members) HasUnsubscribeKey(ctx context.Context, keyHash string) (bool, error) {
	var found bool
	err := mb.db.Read(ctx, func(tx *Tx) error {
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM members WHERE unsubscribe_key_hash = ? LIMIT 1`, keyHash).Scan(&one)
		if IsNoRows(err) {
			return nil
		}
		found = err == nil
		return translate(err)
	})
	return found, err
}

// UnsubscribeState implements member.Store: the member whose unsubscribe key hashes to keyHash, with
// their company's name, logo, colour and default culture, read without changing anything. Returns apperr.NotFound if none.
func (mb Members) UnsubscribeState(ctx context.Context, keyHash string) (member.LinkState, error) {
	var st member.LinkState
	err := mb.db.Read(ctx, func(tx *Tx) error {
		var promo int
		err := tx.QueryRow(ctx, `SELECT m.email, c.name, COALESCE(c.logo, ''), COALESCE(c.primary_color, ''), c.default_culture,
			m.accept_send_promo
			FROM members m JOIN companies c ON c.id = m.company_id
			WHERE m.unsubscribe_key_hash = ?`, keyHash).Scan(&st.Email, &st.Company, &st.Logo, &st.Color, &st.DefaultCulture, &promo)
		if err != nil {
			return translate(err)
		}
		st.Subscribed = promo == 1
		return nil
	})
	return st, err
}
