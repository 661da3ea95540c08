package httpapi

import "net/http"

// routes is the whole route table in one place. Paths follow the specs' calls under /api/.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)

	api := http.NewServeMux()
	api.HandleFunc("GET /api/config/{key}", s.getConfig)
	api.HandleFunc("GET /api/product", s.listProducts)
	api.HandleFunc("GET /api/booking/availability", s.getAvailability)
	api.HandleFunc("POST /api/prebooking", s.postPrebooking)
	api.HandleFunc("DELETE /api/prebooking/{identifier}", s.deletePrebooking)
	api.HandleFunc("POST /api/payment/shopping-cart", s.postShoppingCart)
	api.HandleFunc("/api/", notFoundAPI)
	api.HandleFunc("/api", notFoundAPI)

	mux.Handle("/api/", withBodyLimit(s.deps.MaxBodyBytes, api))
	mux.Handle("/api", api)
	mux.Handle("/", newSPA(s.deps.Web))
	return withRequestContext(s.deps.Logger, withSecurityHeaders(mux))
}
