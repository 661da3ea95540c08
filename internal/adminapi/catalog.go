package adminapi

import (
	"context"
	"net/http"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
	"pitlane/internal/httpx"
)

// CatalogService is the back office's catalogue: categories, products, packs and their images
// (implemented by *catalog.AdminService). Every method is scoped to companyID; another company's row
// is apperr.NotFound. Writes are audited.
type CatalogService interface {
	// Groups returns the company's categories by name.
	Groups(ctx context.Context, companyID int64) ([]catalog.Category, error)
	// SaveGroup creates (create) or renames category id. apperr.Unprocessable for a missing, long or
	// duplicate name.
	SaveGroup(ctx context.Context, companyID int64, create bool, id int64, name string, by catalog.Actor) (catalog.Category, error)
	// DeleteGroup deletes a category; its products stay, without one.
	DeleteGroup(ctx context.Context, companyID, id int64, by catalog.Actor) error
	// List returns every product and pack of the company that is not archived.
	List(ctx context.Context, companyID int64) (catalog.StaffList, error)
	// Save creates or updates a product or pack; apperr.Unprocessable with fields for a broken rule.
	Save(ctx context.Context, companyID int64, kind catalog.Kind, create bool, in catalog.ProductInput, by catalog.Actor) (catalog.StaffProduct, error)
	// Delete deletes a product or pack, or archives it when anything refers to it.
	Delete(ctx context.Context, companyID int64, kind catalog.Kind, id int64, by catalog.Actor) (archived bool, err error)
	// UploadImage checks, re-encodes and stores a base64 PNG and returns its address.
	UploadImage(ctx context.Context, companyID int64, name, photo string, by catalog.Actor) (string, error)
	// Image returns a stored image by name ("<sha256>.png"); apperr.NotFound otherwise.
	Image(ctx context.Context, name string) ([]byte, error)
}

// catalogSvc returns the catalogue service, or answers 503 when the server was built without one.
func (s *Server) catalogSvc(w http.ResponseWriter, r *http.Request) (CatalogService, bool) {
	if s.deps.Catalog == nil {
		httpx.WriteError(w, r, apperr.New(apperr.Unavailable, "The back office's catalogue is not available on this server."))
		return nil, false
	}
	return s.deps.Catalog, true
}

func actor(sc Scope) catalog.Actor { return catalog.Actor{UserID: sc.UserID, Email: sc.Email} }

// groupBody is the body of createGroup and updateGroup (schema CategoryWrite).
type groupBody struct {
	ID        int64  `json:"id"`
	IDCompany int64  `json:"idCompany"`
	Name      string `json:"name"`
}

// deleteBody is the body of the delete calls (schema CatalogDelete).
type deleteBody struct {
	ID        int64 `json:"id"`
	IDCompany int64 `json:"idCompany"`
}

// listGroups answers GET /api/group.
func (s *Server) listGroups(w http.ResponseWriter, r *http.Request, sc Scope) {
	if svc, ok := s.catalogSvc(w, r); ok {
		out, err := svc.Groups(r.Context(), sc.CompanyID)
		writeResult(w, r, http.StatusOK, out, err)
	}
}

// saveGroup answers POST /api/group/createGroup (create) and PUT /api/group/updateGroup.
func (s *Server) saveGroup(create bool) scopedHandler {
	return func(w http.ResponseWriter, r *http.Request, sc Scope) {
		svc, ok := s.catalogSvc(w, r)
		if !ok {
			return
		}
		var b groupBody
		if err := httpx.DecodeJSON(r, &b); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out, err := svc.SaveGroup(r.Context(), sc.CompanyID, create, b.ID, b.Name, actor(sc))
		writeResult(w, r, createdOr(create), out, err)
	}
}

// deleteGroup answers DELETE /api/group/deleteGroup.
func (s *Server) deleteGroup(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.catalogSvc(w, r)
	if !ok {
		return
	}
	var b deleteBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err := svc.DeleteGroup(r.Context(), sc.CompanyID, b.ID, actor(sc))
	writeResult(w, r, http.StatusOK, map[string]any{"id": b.ID, "archived": false}, err)
}

// listStaffProducts answers GET /api/product/staff.
func (s *Server) listStaffProducts(w http.ResponseWriter, r *http.Request, sc Scope) {
	if svc, ok := s.catalogSvc(w, r); ok {
		out, err := svc.List(r.Context(), sc.CompanyID)
		writeResult(w, r, http.StatusOK, out, err)
	}
}

// saveProduct answers createProduct, updateProduct, createPack and updatePack.
func (s *Server) saveProduct(kind catalog.Kind, create bool) scopedHandler {
	return func(w http.ResponseWriter, r *http.Request, sc Scope) {
		svc, ok := s.catalogSvc(w, r)
		if !ok {
			return
		}
		var in catalog.ProductInput
		if err := httpx.DecodeJSON(r, &in); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out, err := svc.Save(r.Context(), sc.CompanyID, kind, create, in, actor(sc))
		writeResult(w, r, createdOr(create), out, err)
	}
}

// deleteProduct answers deleteProduct and deletePack.
func (s *Server) deleteProduct(kind catalog.Kind) scopedHandler {
	return func(w http.ResponseWriter, r *http.Request, sc Scope) {
		svc, ok := s.catalogSvc(w, r)
		if !ok {
			return
		}
		var b deleteBody
		if err := httpx.DecodeJSON(r, &b); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		archived, err := svc.Delete(r.Context(), sc.CompanyID, kind, b.ID, actor(sc))
		writeResult(w, r, http.StatusOK, map[string]any{"id": b.ID, "archived": archived}, err)
	}
}

// photoBody is the body of POST /api/product/photo.
type photoBody struct {
	IDCompany int64  `json:"idCompany"`
	Name      string `json:"name"`
	Photo     string `json:"photo"`
}

// uploadPhoto answers POST /api/product/photo.
func (s *Server) uploadPhoto(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.catalogSvc(w, r)
	if !ok {
		return
	}
	var b photoBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	url, err := svc.UploadImage(r.Context(), sc.CompanyID, b.Name, b.Photo, actor(sc))
	writeResult(w, r, http.StatusCreated, map[string]string{"url": url}, err)
}

// productImage answers GET /api/product/image/{name}: public, content-addressed, cached forever.
func (s *Server) productImage(w http.ResponseWriter, r *http.Request) {
	svc, ok := s.catalogSvc(w, r)
	if !ok {
		return
	}
	b, err := svc.Image(r.Context(), r.PathValue("name"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", catalog.ImageMediaType())
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

func createdOr(create bool) int {
	if create {
		return http.StatusCreated
	}
	return http.StatusOK
}

// writeResult writes v with status, or the error.
func writeResult(w http.ResponseWriter, r *http.Request, status int, v any, err error) {
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, status, v)
}
