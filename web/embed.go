// Package web exposes the built React app (web/dist, produced by `npm run build`) to the Go binary.
package web

import (
	"embed"
	"io/fs"
)

// dist holds the Vite build output. A fresh clone has only dist/.gitkeep, so the Go code builds before
// the web app does; the server then explains that the app is not built.
//
//go:embed all:dist
var dist embed.FS

// Dist returns the built files with dist/ stripped, so "index.html" is at the root.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory exists
	}
	return sub
}
