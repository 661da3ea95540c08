package httpapi

import "net/http"

// getConfig answers GET /api/config/{key}: the public configuration of a company by its public key.
func (s *Server) getConfig(w http.ResponseWriter, r *http.Request) {
	cfg, err := s.deps.Companies.Config(r.Context(), r.PathValue("key"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, cfg)
}

// listProducts answers GET /api/product?idCompany=…: productsBooking and productsEvent.
func (s *Server) listProducts(w http.ResponseWriter, r *http.Request) {
	id, err := queryInt(r, "idCompany")
	if err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.deps.Catalog.Products(r.Context(), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
