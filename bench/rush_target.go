package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"time"

	"maps"
)

// findTarget picks the session set on a fresh database, through the public API as a visitor would
// see it: the company's first bookable product, and the first date from three days on with
// rushSessionCount sessions that are open and untouched (all rushCapacity places free); the set is
// that date's first rushSessionCount such sessions.
func findTarget(base string, client *http.Client, key string) (rushTarget, error) {
	get := func(path, token string, out any) error {
		req, err := http.NewRequest("GET", base+path, nil)
		if err != nil {
			return err
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		req.Header.Set("X-Forwarded-For", "10.255.255.254")
		res, err := client.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			return err
		}
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("GET %s: %d %s", path, res.StatusCode, b)
		}
		return json.Unmarshal(b, out)
	}
	t := rushTarget{key: key, times: map[string]bool{}}
	var cfg struct {
		IDCompany int64  `json:"idCompany"`
		Token     string `json:"token"`
	}
	if err := get("/api/config/"+url.PathEscape(key), "", &cfg); err != nil {
		return t, err
	}
	var list struct {
		ProductsBooking []struct {
			ID    int64 `json:"id"`
			Stock *int  `json:"stock"`
		} `json:"productsBooking"`
	}
	if err := get(fmt.Sprintf("/api/product?idCompany=%d", cfg.IDCompany), cfg.Token, &list); err != nil {
		return t, err
	}
	for _, p := range list.ProductsBooking {
		if p.Stock == nil {
			t.product = p.ID
			break
		}
	}
	if t.product == 0 {
		return t, fmt.Errorf("%s has no bookable product without a stock limit", rushCompany)
	}
	for d := 3; d < 40; d++ {
		date := time.Now().AddDate(0, 0, d).Format("2006-01-02")
		var avail struct {
			Data struct {
				Slots []struct {
					StartTime string `json:"startTime"`
					Available bool   `json:"available"`
					Free      int    `json:"usersAvailable"`
				} `json:"slots"`
			} `json:"data"`
		}
		if err := get(fmt.Sprintf("/api/booking/availability?date=%s&idType=%d&type=PRODUCT", date, t.product), cfg.Token, &avail); err != nil {
			return t, err
		}
		clear(t.times)
		for _, s := range avail.Data.Slots {
			if s.Available && s.Free == rushCapacity && len(t.times) < rushSessionCount {
				t.times[s.StartTime] = true
			}
		}
		if len(t.times) == rushSessionCount {
			t.date = date
			return t, nil
		}
	}
	return t, fmt.Errorf("no date with %d untouched sessions of %d places", rushSessionCount, rushCapacity)
}

// sortedTimes lists the session set's start times in order, for the progress line.
func sortedTimes(m map[string]bool) []string {
	return slices.Sorted(maps.Keys(m))
}
