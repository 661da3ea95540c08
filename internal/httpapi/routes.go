package httpapi

import "net/http"

// routes is the whole route table in one place. Paths follow the specs' calls under /api/.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	if s.deps.Metrics != nil && s.deps.MetricsOnMain {
		mux.Handle("GET /metrics", loopbackOnly(s.deps.Metrics.Handler()))
	}
	mux.HandleFunc("GET /pay/sim/{ref}", s.getSimPay) // the simulated provider's hosted page (HTML)
	mux.HandleFunc("POST /pay/sim/{ref}", s.deskSignal(s.postSimPay))
	if s.deps.DevMail && s.deps.Outbox != nil { // the outbox in a browser, demo mode only (HTML)
		mux.HandleFunc("GET /dev/mail", s.devMailList)
		mux.HandleFunc("GET /dev/mail/{id}", s.devMailShow)
		mux.HandleFunc("GET /dev/mail/{id}/attachments/{n}", s.devMailAttachment)
	}
	mux.HandleFunc("/dev/", http.NotFound) // not the web app's page: dev pages exist only in demo mode
	if s.deps.Realtime != nil {
		mux.HandleFunc("GET /ws", s.limited(RateWrite, s.serveWS)) // live viewers (websocket)
	}

	api := http.NewServeMux()
	api.HandleFunc("GET /api/config/{key}", s.getConfig)
	api.HandleFunc("GET /api/product", s.listProducts)
	api.HandleFunc("GET /api/booking/availability", s.getAvailability)
	api.HandleFunc("POST /api/prebooking", s.limited(RateWrite, s.postPrebooking))
	api.HandleFunc("DELETE /api/prebooking/{identifier}", s.limited(RateWrite, s.deletePrebooking))
	api.HandleFunc("POST /api/payment/shopping-cart", s.limited(RateWrite, s.postShoppingCart))
	api.HandleFunc("GET /api/event", s.getEvents)
	api.HandleFunc("GET /api/event/{key}", s.getEvent)
	api.HandleFunc("GET /api/event/{key}/register", s.getEventRegistration)                     // the visitor's live hold, if any; writes nothing
	api.HandleFunc("POST /api/event/{key}/register", s.limited(RateWrite, s.postEventRegister)) // holds a place when the visitor starts
	api.HandleFunc("POST /api/event/saveEvent", s.limited(RateWrite, s.deskSignal(s.postSaveEvent)))
	api.HandleFunc("GET /api/landing/{key}", s.getLanding)
	api.HandleFunc("GET /api/landing/{key}/events", s.getEventsLanding)
	api.HandleFunc("POST /api/member/search-email", s.limited(RateLookup, s.postMemberSearch))
	api.HandleFunc("GET /api/member/unsubscribe/{key}", s.limited(RateGuess, s.getUnsubscribe))
	api.HandleFunc("POST /api/member/unsubscribe/{key}", s.limited(RateGuess, s.postUnsubscribe))
	api.HandleFunc("GET /api/termsAndConditions/{idCompany}/{culture}", s.getTerms)
	api.HandleFunc("GET /api/captcha/challenge", s.getCaptchaChallenge)
	api.HandleFunc("POST /api/emails/sendProblemReport", s.limited(RateWrite, s.postProblemReport))
	if s.deps.Waitlist != nil {
		api.HandleFunc("POST /api/waitlist", s.limited(RateWrite, s.postWaitlist))
		api.HandleFunc("GET /api/waitlist/{leaveToken}", s.limited(RateGuess, s.getWaitlistEntry))
		api.HandleFunc("DELETE /api/waitlist/{leaveToken}", s.limited(RateGuess, s.deleteWaitlistEntry))
		api.HandleFunc("GET /api/waitlist/offer/{offerToken}", s.limited(RateGuess, s.getWaitlistOffer))
		api.HandleFunc("POST /api/event/{key}/waitlist", s.limited(RateWrite, s.postEventWaitlist))
	}
	api.HandleFunc("POST /api/client-errors", s.limited(RateReport, s.postClientError))
	if s.deps.Checkout != nil {
		api.HandleFunc("GET /api/payment/shopping-cart/{token}", s.getShoppingCart)
		api.HandleFunc("GET /api/payment/shopping-cart/{token}/details", s.getShoppingCartDetails)
		api.HandleFunc("POST /api/booking/discount", s.limited(RateWrite, s.postDiscount))
		api.HandleFunc("POST /api/booking/voucher", s.limited(RateWrite, s.postVoucher))
		api.HandleFunc("POST /api/booking/saveBooking", s.limited(RateWrite, s.deskSignal(s.postSaveBooking)))
		api.HandleFunc("GET /api/booking/staff", s.getStaffDesk) // is the visitor the company's staff (desk booking)
		api.HandleFunc("GET /api/booking/status/{identifier}", s.getBookingStatus)
		api.HandleFunc("GET /api/booking/summary/{identifier}", s.getBookingSummary)
		api.HandleFunc("GET /api/booking/ics/{identifier}", s.getBookingCalendar)
		api.HandleFunc("GET /api/booking/cancelBooking/{cancelToken}", s.getCancelBookingByGet)                           // 405: a GET cancels nothing
		api.HandleFunc("POST /api/booking/cancelBooking/{cancelToken}", s.limited(RateGuess, s.deskSignal(s.postCancel))) // deprecated address of the POST
		api.HandleFunc("GET /api/booking/cancel/{cancelToken}", s.limited(RateGuess, s.getCancelPreview))
		api.HandleFunc("POST /api/booking/cancel/{cancelToken}", s.limited(RateGuess, s.deskSignal(s.postCancel)))
		api.HandleFunc("POST /api/payment/notify/{provider}", s.deskSignal(s.postPaymentNotify)) // providers: never rate-limited
	}
	if s.deps.Publi != nil { // issue 15: the kiosk's company data and the advertising images
		api.HandleFunc("GET /api/company/{id}", s.getCompanyPublic)
		api.HandleFunc("GET /api/publi/image/{file}", s.getPubliImage)
	}
	if s.deps.Admin != nil {
		// The staff API (internal/adminapi): its own route table and middleware; the calls whose path
		// carries a secret (invitation tokens) get this server's limiter for guesses.
		if l, ok := s.deps.Admin.(interface {
			RegisterLimited(*http.ServeMux, func(http.HandlerFunc) http.HandlerFunc)
		}); ok {
			l.RegisterLimited(api, func(h http.HandlerFunc) http.HandlerFunc { return s.limited(RateGuess, h) })
		} else {
			s.deps.Admin.Register(api)
		}
	}
	api.HandleFunc("/api/", unknownAPI(api)) // 405 with Allow for a known path's other method, else 404
	api.HandleFunc("/api", notFoundAPI)

	mux.Handle("/api/", withBodyLimit(s.deps.MaxBodyBytes, api))
	mux.Handle("/api", api)
	spa := newSPA(s.deps.Web)
	spa.company = s.bookingPreloads
	spa.known = s.pageKnown
	mux.Handle("/", withGzip(spa))
	pattern := routePattern(mux, api)
	return withRequestContext(s.deps.Logger, s.deps.Errors, pattern, withMetrics(s.deps.Metrics, pattern, withSecurityHeaders(s.deps.SecureCookies, mux)))
}
