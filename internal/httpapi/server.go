// Package httpapi is Pitlane's HTTP layer: the route table, middleware, JSON decoding and encoding,
// the one table from error code to status, and one file per resource. Handlers read like
// decode → validate → call the service → encode.
package httpapi

import (
	"context"
	"embed"
	"io/fs"
	"log/slog"
	"net/http"

	"pitlane/internal/catalog"
	"pitlane/internal/company"
)

// CompanyService answers the public per-company configuration.
type CompanyService interface {
	// Config returns the configuration of the company with the public key; apperr.NotFound if none.
	Config(ctx context.Context, publicKey string) (company.Config, error)
}

// CatalogService lists what a company sells.
type CatalogService interface {
	// Products returns the company's bookable and event products; apperr.NotFound if no such company.
	Products(ctx context.Context, companyID int64) (catalog.ProductList, error)
}

// Deps is what the HTTP layer needs, wired by cmd/pitlane.
type Deps struct {
	Logger       *slog.Logger
	DB           Pinger
	Web          fs.FS
	MaxBodyBytes int64
	Companies    CompanyService
	Catalog      CatalogService
	Sessions     SessionsService
}

// Server is the HTTP API and web app server.
type Server struct {
	deps    Deps
	handler http.Handler
}

// New builds the server's handler from its dependencies.
func New(deps Deps) *Server {
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	if deps.Web == nil {
		deps.Web = embed.FS{} // no web app: every page answers that it is not built
	}
	if deps.MaxBodyBytes <= 0 {
		deps.MaxBodyBytes = 1 << 20
	}
	s := &Server{deps: deps}
	s.handler = s.routes()
	return s
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }
