package httpapi

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// spaHandler serves the built React app: real files (assets, images) as they are, admin.html (the back
// office's own entry) for /login, /admin and /admin/*, and index.html (the customer app) for the app's own
// routes (pages.go), so deep links load the app; any other path gets index.html with status 404, and the
// app's router shows 'Page not found'. Hashed
// assets are cached for a year; the two pages and the service worker never.
type spaHandler struct {
	files fs.FS
	// static serves the files with their precompressed variants (precompressed.go).
	static *precompressedFiles
	index  []byte
	admin  []byte
	// company, when set, tells whether a company has the key of a page under /{key} and lists the Link
	// header values of its booking page (preload.go); unset, every key-shaped page is served.
	company func(ctx context.Context, key string) (links []string, known bool)
	// known, when set, tells whether the event, booking (cancel token) or member (unsubscribe key) of a
	// page exists; unset, those pages are served.
	known func(ctx context.Context, kind pageKind, key string) bool
}

func newSPA(files fs.FS) *spaHandler {
	h := &spaHandler{files: files, static: &precompressedFiles{files: files}}
	if b, err := fs.ReadFile(files, "index.html"); err == nil {
		h.index = b
	}
	if b, err := fs.ReadFile(files, "admin.html"); err == nil {
		h.admin = b
	}
	return h
}

// isBackOfficePage reports whether a cleaned path (without its leading slash) is a back-office page:
// login, admin and anything under admin/, the invitation page invite/<token> and the forgot-password
// pages forgot-password and reset-password/<token> (issue 24), and admin.html itself.
func isBackOfficePage(name string) bool {
	return name == "login" || name == "admin" || name == "admin.html" || strings.HasPrefix(name, "admin/") ||
		strings.HasPrefix(name, "invite/") || name == "forgot-password" || strings.HasPrefix(name, "reset-password/")
}

func (h *spaHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "index.html" {
		// Not a page of the app: the app's start is /. (The service worker's precache of index.html
		// follows the redirect and keeps the same page.)
		target := "/"
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, target, http.StatusMovedPermanently)
		return
	}
	if isBackOfficePage(name) {
		h.servePage(w, r, "admin.html", h.admin)
		return
	}
	if name != "" {
		if f, err := h.files.Open(name); err == nil {
			st, statErr := f.Stat()
			if statErr == nil && !st.IsDir() {
				defer f.Close()
				switch {
				case strings.HasPrefix(name, "assets/"):
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				case name == "sw.js" || strings.HasPrefix(name, "workbox-") || name == "manifest.webmanifest":
					w.Header().Set("Cache-Control", "no-cache")
				default:
					w.Header().Set("Cache-Control", "public, max-age=3600")
				}
				if h.static.serve(w, r, name) {
					return
				}
				if rs, ok := f.(io.ReadSeeker); ok {
					http.ServeContent(w, r, name, st.ModTime(), rs)
					return
				}
			}
			f.Close()
		}
		if path.Ext(name) != "" && !strings.Contains(path.Base(name), "@") {
			// A missing file with an extension is a missing asset, not a page.
			http.NotFound(w, r)
			return
		}
	}
	kind, key := classifyPage(name)
	if kind == pageUnknown {
		h.serveNotFound(w, r)
		return
	}
	if (kind == pageCompany || kind == pageCompanyBook) && h.index != nil && h.company != nil {
		links, known := h.company(r.Context(), key)
		if !known {
			h.serveNotFound(w, r)
			return
		}
		if kind == pageCompanyBook {
			for _, link := range links {
				w.Header().Add("Link", link)
			}
		}
	}
	if (kind == pageEvent || kind == pageCancel || kind == pageUnsubscribe) && h.index != nil && h.known != nil && !h.known(r.Context(), kind, key) {
		h.serveNotFound(w, r)
		return
	}
	h.servePage(w, r, "index.html", h.index)
}

// serveNotFound answers 404 with the customer app's page, whose router shows 'Page not found'.
func (h *spaHandler) serveNotFound(w http.ResponseWriter, r *http.Request) {
	if h.index == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Length", strconv.Itoa(len(h.index)))
	w.WriteHeader(http.StatusNotFound)
	if r.Method != http.MethodHead {
		_, _ = w.Write(h.index)
	}
}

// servePage answers with one of the app's HTML pages, never cached (a release changes the scripts it
// names), or 503 when the web app is not built into the binary.
func (h *spaHandler) servePage(w http.ResponseWriter, r *http.Request, name string, page []byte) {
	if page == nil {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, "The web app is not built into this binary: run `make build`.\n")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(page))
}
