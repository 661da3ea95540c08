package main

import (
	"maps"
	"net/url"
	"strconv"
	"strings"

	appserver "pitlane/internal/server"
	"pitlane/internal/store"
)

// probe is one request of a staff route's template, without its company: the test names the company
// in the body (idCompany) when there is one, else in the query (idCompany, or company for the KPI
// calls as the web app sends it).
type probe struct {
	path         string // the route's path with its wildcards filled
	query        url.Values
	body         map[string]any // nil: no body
	companyParam string         // "" means idCompany
	key          string         // an Idempotency-Key header, for the calls that require one
}

// Shared dates: the range covers both companies' sales (30 November) and sessions (10 December).
const (
	rangeFrom = "2026-11-25"
	rangeTo   = "2026-12-15"
)

// staffTemplates holds, for every pattern of the staff route table, requests that reach for the
// data of the company d: its booking, member, cart and the dates of its sales and sessions. A route
// added to the table without a template here fails TestStaffRoutesKeepCompaniesApart, so whoever adds
// it decides how to probe it.
func staffTemplates() map[string]func(d *tenant) []probe {
	id := func(pattern string, v int64) string {
		return strings.Replace(strings.Fields(pattern)[1], "{id}", strconv.FormatInt(v, 10), 1)
	}
	member := func(pattern string, v int64) string {
		return strings.Replace(strings.Fields(pattern)[1], "{userId}", strconv.FormatInt(v, 10), 1)
	}
	q := func(kv ...string) url.Values {
		v := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	kpi := func(path string, kv ...string) probe {
		return probe{path: path, query: q(kv...), companyParam: "company"}
	}
	templates := map[string]func(d *tenant) []probe{
		"GET /api/admin/company": func(d *tenant) []probe { return []probe{{path: "/api/admin/company"}} },
		"GET /api/admin/audit": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/audit", query: q("limit", "500")}}
		},
		"POST /api/admin/retrieve-bookings": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/retrieve-bookings", body: map[string]any{"dateIni": rangeFrom, "dateEnd": rangeTo, "filterType": "fechaReserva"}},
				{path: "/api/admin/retrieve-bookings", body: map[string]any{"dateIni": rangeFrom, "dateEnd": rangeTo, "filterType": "fechaVenta"}},
			}
		},
		"GET /api/admin/export-bookings": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/export-bookings", query: q("dateIni", rangeFrom, "dateEnd", rangeTo, "filterType", "fechaVenta", "format", "csv")},
				{path: "/api/admin/export-bookings", query: q("dateIni", rangeFrom, "dateEnd", rangeTo, "format", "xlsx")},
			}
		},
		"POST /api/admin/retrieveShoppingCartDetails": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/retrieveShoppingCartDetails", body: map[string]any{"token": d.identifier}},
				{path: "/api/admin/retrieveShoppingCartDetails", body: map[string]any{"token": d.cartToken}},
			}
		},
		"GET /api/booking/master-data/{id}": func(d *tenant) []probe {
			return []probe{{path: id("GET /api/booking/master-data/{id}", d.booking)}}
		},
		"GET /api/private/member/{id}": func(d *tenant) []probe {
			return []probe{{path: id("GET /api/private/member/{id}", d.member)}}
		},
		"DELETE /api/private/cancelBooking/{id}": func(d *tenant) []probe {
			return []probe{{path: id("DELETE /api/private/cancelBooking/{id}", d.booking)}}
		},
		"POST /api/admin/cancel-booking": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/cancel-booking", body: map[string]any{"bookingId": d.booking, "refund": true}},
				{path: "/api/admin/cancel-booking", body: map[string]any{"bookingId": d.booking, "refund": false}},
			}
		},
		"POST /api/admin/resend-confirmation": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/resend-confirmation", body: map[string]any{"bookingId": d.booking}}}
		},
		"POST /api/admin/update-contact": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/update-contact", body: map[string]any{"bookingId": d.booking, "name": "Probe " + d.mark,
				"surname": "", "email": "probe@example.com", "phone": "+34611222333"}}}
		},
		"GET /api/admin/move-choices": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/move-choices", query: q("bookingId", strconv.FormatInt(d.booking, 10), "date", "2026-12-11")}}
		},
		"POST /api/admin/move-booking": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/move-booking", body: map[string]any{"bookingId": d.booking, "date": "2026-12-11", "startTime": "10:00:00"}}}
		},
		"POST /api/admin/mark-no-show": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/mark-no-show", body: map[string]any{"bookingId": d.booking}}}
		},
		"POST /api/admin/retrieveBillingBetweenDates": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/retrieveBillingBetweenDates", body: map[string]any{"dateIni": rangeFrom, "dateEnd": rangeTo, "details": true}}}
		},
		"GET /api/admin/export-billing": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/export-billing", query: q("dateIni", rangeFrom, "dateEnd", rangeTo, "format", "csv")},
				{path: "/api/admin/export-billing", query: q("dateIni", rangeFrom, "dateEnd", rangeTo, "format", "xlsx")},
			}
		},
		"POST /api/payment/execute-refund": func(d *tenant) []probe {
			return []probe{
				{path: "/api/payment/execute-refund", body: map[string]any{"amount": 100, "orderId": d.identifier}},
				{path: "/api/payment/execute-refund", body: map[string]any{"amount": 100, "token": d.identifier}},
			}
		},
		"POST /api/admin/record-payment": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/record-payment", key: "probe-" + d.mark,
				body: map[string]any{"bookingId": d.booking, "method": "cash", "amount": 100}},
				{path: "/api/admin/record-payment", key: "probe-credit-" + d.mark,
					body: map[string]any{"bookingId": d.booking, "method": "credit", "amount": 100, "creditCode": d.creditCode}}}
		},
		"POST /api/admin/credit-lookup": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/credit-lookup", body: map[string]any{"code": d.creditCode}}}
		},
		"POST /api/admin/correct-payment": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/correct-payment", key: "probe-" + d.mark,
				body: map[string]any{"bookingId": d.booking, "paymentId": d.payment, "amount": 100, "reason": "probe"}}}
		},
		"GET /api/admin/cash-up": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/cash-up", query: q("date", "2026-11-30")},
				{path: "/api/admin/cash-up", query: q("date", "2026-11-30", "format", "csv")},
			}
		},
		"GET /api/admin/today": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/today", query: q("date", "2026-12-10")}, {path: "/api/admin/today"}}
		},
		"POST /api/admin/check-in": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/check-in", key: "probe-" + d.mark, body: map[string]any{"bookingId": d.booking}}}
		},
		"POST /api/admin/check-in-lookup": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/check-in-lookup", body: map[string]any{"reference": d.reference}}}
		},
		"POST /api/admin/undo-check-in": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/undo-check-in", body: map[string]any{"bookingId": d.booking}}}
		},
		"GET /api/admin/live": func(d *tenant) []probe { return []probe{{path: "/api/admin/live"}} },
		"GET /api/admin/waitlist": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/waitlist", query: q("circuitId", strconv.FormatInt(d.circuit, 10), "startsAt", "2026-12-10T09:00:00Z")}}
		},
		"POST /api/admin/waitlist/offer": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/waitlist/offer", body: map[string]any{"circuitId": d.circuit, "startsAt": "2026-12-10T09:00:00Z"}}}
		},
		"DELETE /api/admin/waitlist/{id}": func(d *tenant) []probe {
			return []probe{{path: id("DELETE /api/admin/waitlist/{id}", d.waitEntry)}}
		},
		"GET /api/admin/waitlist/settings": func(d *tenant) []probe { return []probe{{path: "/api/admin/waitlist/settings"}} },
		"PUT /api/admin/waitlist/settings": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/waitlist/settings", body: map[string]any{"enabled": false, "offerMinutes": 30}}}
		},
		"POST /api/kpi/ticket/totalBilling": func(d *tenant) []probe {
			return []probe{{path: "/api/kpi/ticket/totalBilling", body: map[string]any{"state": "cerrado", "dateStart": rangeFrom, "dateEnd": rangeTo}}}
		},
		"GET /api/kpi/ticket": func(d *tenant) []probe {
			return []probe{kpi("/api/kpi/ticket", "state", "cerrado", "start", rangeFrom, "end", rangeTo)}
		},
		"GET /api/kpi/ticket/average": func(d *tenant) []probe {
			return []probe{kpi("/api/kpi/ticket/average", "state", "cerrado", "start", rangeFrom, "end", rangeTo)}
		},
		"GET /api/kpi/member": func(d *tenant) []probe { return []probe{kpi("/api/kpi/member")} },
		"GET /api/kpi/member/{kind}": func(d *tenant) []probe {
			return []probe{
				kpi("/api/kpi/member/new", "date", rangeFrom, "end", rangeTo),
				kpi("/api/kpi/member/old", "date", "2026-12-10", "end", rangeTo),
			}
		},
		"GET /api/kpi/participant": func(d *tenant) []probe {
			return []probe{kpi("/api/kpi/participant", "start", rangeFrom, "end", rangeTo, "age", "true", "session", "true")}
		},
		"GET /api/kpi/series": func(d *tenant) []probe {
			return []probe{kpi("/api/kpi/series", "start", rangeFrom, "end", rangeTo)}
		},
		"GET /api/kpi/waitlist": func(d *tenant) []probe {
			return []probe{kpi("/api/kpi/waitlist", "start", rangeFrom, "end", rangeTo)}
		},
		// Catalogue (adminapi/catalog.go): every write names d's category, variant or product.
		"GET /api/group": func(d *tenant) []probe { return []probe{{path: "/api/group"}} },
		"POST /api/group/createGroup": func(d *tenant) []probe {
			// A name company A already has: refused alike on every pass (a create that succeeded would answer
			// differently the second time), so the pass comparison still holds.
			return []probe{{path: "/api/group/createGroup", body: map[string]any{"name": "Alfa Category"}}}
		},
		"PUT /api/group/updateGroup": func(d *tenant) []probe {
			return []probe{{path: "/api/group/updateGroup", body: map[string]any{"id": d.category, "name": "Renamed"}}}
		},
		"DELETE /api/group/deleteGroup": func(d *tenant) []probe {
			return []probe{{path: "/api/group/deleteGroup", body: map[string]any{"id": d.category}}}
		},
		"GET /api/product/staff": func(d *tenant) []probe { return []probe{{path: "/api/product/staff"}} },
		"POST /api/product/createProduct": func(d *tenant) []probe {
			return []probe{
				{path: "/api/product/createProduct", body: map[string]any{"name": "New", "idLocal": "n1", "price": "10.50", "idVariant": d.variant}},
				{path: "/api/product/createProduct", body: map[string]any{"name": "New", "idLocal": "n1", "price": "10.50", "idGroup": d.category}},
			}
		},
		"PUT /api/product/updateProduct": func(d *tenant) []probe {
			return []probe{{path: "/api/product/updateProduct", body: map[string]any{"id": d.product, "name": "Edited", "idLocal": "e1", "price": "21"}}}
		},
		"DELETE /api/product/deleteProduct": func(d *tenant) []probe {
			return []probe{{path: "/api/product/deleteProduct", body: map[string]any{"id": d.product}}}
		},
		"POST /api/product/createPack": func(d *tenant) []probe {
			return []probe{{path: "/api/product/createPack", body: map[string]any{"name": "Pack", "idLocal": "p1", "price": 30, "productIds": []int64{d.product, d.product}}}}
		},
		"PUT /api/product/updatePack": func(d *tenant) []probe {
			return []probe{{path: "/api/product/updatePack", body: map[string]any{"id": d.product, "name": "Pack", "idLocal": "p1", "price": 30, "productIds": []int64{d.product}}}}
		},
		"DELETE /api/product/deletePack": func(d *tenant) []probe {
			return []probe{{path: "/api/product/deletePack", body: map[string]any{"id": d.product}}}
		},
		"POST /api/product/photo": func(d *tenant) []probe {
			// A JPEG's first bytes: refused alike on every pass (a stored upload would add an audit entry
			// between the passes); uploads themselves are tested in internal/adminapi.
			return []probe{{path: "/api/product/photo", body: map[string]any{"name": d.mark + "-photo", "photo": "/9j/4AAQSkZJRgABAQ=="}}}
		},
		// Settings dialog: the installation of d, and a save of d's installation (at the first version: a
		// save that passes is 200 the first time and 409 after, both allowed for A's own data).
		"POST /api/admin/retrieveConfig": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/retrieveConfig", body: map[string]any{"idInstallation": d.install}}}
		},
		"POST /api/admin/retrieveVariantsAndCircuits": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/retrieveVariantsAndCircuits", body: map[string]any{}}}
		},
		"POST /api/admin/saveConfig": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/saveConfig", body: map[string]any{"idInstallation": d.install, "version": 1,
				"enableBooking": true, "interval": 20, "maxParticipants": 5, "openingDate": "09:00", "closingDate": "21:00",
				"confirmationBookingEmails": []string{}, "cancelBookingEmails": []string{},
				"data": map[string]any{"showEmails": false, "emailOptional": true, "maxDaysBooking": 30, "maxSlotsBooking": 3,
					"disableHoursBooking": 0, "enableGroupedProducts": false, "dateLimitBooking": map[string]any{"enabled": false, "date": ""},
					"rules": map[string]any{}, "generalSchedule": map[string]any{}, "specialSchedule": []any{}}}}}
		},
		// The Team tab: d's member and invitation (company A named with B's: 404); an invitation's body
		// names nobody's data, so it is refused alike (422) whoever asks.
		// The setup checklist and the Terms tab (issue 24): the company named is the only one they read or
		// write; an empty text deletes, so the PUT answers alike every time.
		"GET /api/admin/setup-checklist": func(d *tenant) []probe { return []probe{{path: "/api/admin/setup-checklist"}} },
		"GET /api/admin/terms":           func(d *tenant) []probe { return []probe{{path: "/api/admin/terms"}} },
		"PUT /api/admin/terms": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/terms", body: map[string]any{"culture": "en-GB", "text": ""}}}
		},
		"GET /api/admin/terms/starter": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/terms/starter", query: q("culture", "en-GB")}}
		},
		// The Company tab (issue 24): it names only the company; an empty name is refused alike every time.
		"GET /api/admin/company-settings": func(d *tenant) []probe { return []probe{{path: "/api/admin/company-settings"}} },
		"PATCH /api/admin/company-settings": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/company-settings", body: map[string]any{"name": ""}}}
		},
		// Installations and circuits (issue 24): d's installation and circuit (B's: 404); an installation
		// without a name is refused alike every time.
		"GET /api/admin/installations": func(d *tenant) []probe { return []probe{{path: "/api/admin/installations"}} },
		"POST /api/admin/installations": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/installations", body: map[string]any{"name": "", "maxParticipants": 10}}}
		},
		"POST /api/admin/circuits": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/circuits", body: map[string]any{"idInstallation": d.install, "name": "Second track"}}}
		},
		"PUT /api/admin/circuits": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/circuits", body: map[string]any{"idCircuit": d.circuit, "name": "Main track"}}}
		},
		"GET /api/admin/team": func(d *tenant) []probe { return []probe{{path: "/api/admin/team"}} },
		"POST /api/admin/team/invitations": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/team/invitations", body: map[string]any{"email": "", "role": "DESK"}}}
		},
		"POST /api/admin/team/invitations/{id}/resend": func(d *tenant) []probe {
			return []probe{{path: id("POST /api/admin/team/invitations/{id}/resend", d.invitation)}}
		},
		"DELETE /api/admin/team/invitations/{id}": func(d *tenant) []probe {
			return []probe{{path: id("DELETE /api/admin/team/invitations/{id}", d.invitation)}}
		},
		"PUT /api/admin/team/members/{userId}/role": func(d *tenant) []probe {
			return []probe{{path: member("PUT /api/admin/team/members/{userId}/role", d.teamUser), body: map[string]any{"role": "DESK"}}}
		},
		"POST /api/admin/team/members/{userId}/disable": func(d *tenant) []probe {
			return []probe{{path: member("POST /api/admin/team/members/{userId}/disable", d.teamUser)}}
		},
		"POST /api/admin/team/members/{userId}/enable": func(d *tenant) []probe {
			return []probe{{path: member("POST /api/admin/team/members/{userId}/enable", d.teamUser)}}
		},
		"DELETE /api/admin/team/members/{userId}": func(d *tenant) []probe {
			return []probe{{path: member("DELETE /api/admin/team/members/{userId}", d.teamUser)}}
		},
		// A member's sessions and the API tokens (issue 24): d's member, session and token.
		"GET /api/admin/team/members/{userId}/sessions": func(d *tenant) []probe {
			return []probe{{path: member("GET /api/admin/team/members/{userId}/sessions", d.teamUser)}}
		},
		"DELETE /api/admin/team/members/{userId}/sessions": func(d *tenant) []probe {
			return []probe{{path: member("DELETE /api/admin/team/members/{userId}/sessions", d.teamUser)}}
		},
		"DELETE /api/admin/team/members/{userId}/sessions/{sessionId}": func(d *tenant) []probe {
			p := member("DELETE /api/admin/team/members/{userId}/sessions/{sessionId}", d.teamUser)
			return []probe{{path: strings.Replace(p, "{sessionId}", strconv.FormatInt(d.teamSession, 10), 1)}}
		},
		"GET /api/admin/api-tokens": func(d *tenant) []probe { return []probe{{path: "/api/admin/api-tokens"}} },
		"POST /api/admin/api-tokens": func(d *tenant) []probe {
			// No name: refused alike (422) whoever asks, so no pass creates a token.
			return []probe{{path: "/api/admin/api-tokens", body: map[string]any{"name": "", "role": "DESK"}}}
		},
		"DELETE /api/admin/api-tokens/{id}": func(d *tenant) []probe {
			return []probe{{path: id("DELETE /api/admin/api-tokens/{id}", d.apiToken)}}
		},
		// The company's second-factor switch: the company named is the only one it reads or writes; the
		// probe writes "off", so it answers alike every time and signs nobody out.
		"GET /api/admin/team/second-factor": func(d *tenant) []probe { return []probe{{path: "/api/admin/team/second-factor"}} },
		"PUT /api/admin/team/second-factor": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/team/second-factor", body: map[string]any{"required": false}}}
		},
	}
	maps.Copy(templates, eventTemplates()) // issue 15's routes (tenant_events_test.go)
	return templates
}

// tenantWorld is the real server (server.New, as `pitlane serve` builds it) over two companies, with a
// user who is SUPERADMIN of company A only.
type tenantWorld struct {
	app   *appserver.App
	db    *store.DB
	a, b  *tenant
	token string
}
