package notify

import "testing"

// A mail's logo is absolute (mail clients resolve no relative address) and raster (many show no SVG):
// a path of this server is joined to its base URL and an SVG of this server becomes its PNG twin; an
// SVG elsewhere, a relative logo without a base and any other scheme are left out.
func TestMailLogo(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ base, logo, want string }{
		{"https://book.example", "/demo/norte-logo.svg", "https://book.example/demo/norte-logo.png"},
		{"https://book.example/", "/demo/norte-logo.SVG", "https://book.example/demo/norte-logo.png"},
		{"https://book.example", "/media/logo-1.png", "https://book.example/media/logo-1.png"},
		{"https://book.example", "https://book.example/demo/fjord-logo.svg", "https://book.example/demo/fjord-logo.png"},
		{"https://book.example", "https://cdn.example/norte.png", "https://cdn.example/norte.png"},
		{"", "https://cdn.example/norte.jpg", "https://cdn.example/norte.jpg"},
		{"https://book.example", "https://cdn.example/norte.svg", ""},
		{"", "/demo/norte-logo.svg", ""},
		{"https://book.example", "//cdn.example/x.png", ""},
		{"https://book.example", "javascript:alert(1)", ""},
		{"https://book.example", "data:image/png;base64,AAAA", ""},
		{"https://book.example", "  ", ""},
	} {
		if got := MailLogo(tc.base, tc.logo); got != tc.want {
			t.Errorf("MailLogo(%q, %q) = %q, want %q", tc.base, tc.logo, got, tc.want)
		}
	}
}
