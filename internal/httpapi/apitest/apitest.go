// Package apitest drives Pitlane's HTTP handler in tests and validates every response it sees against
// docs/openapi.yaml, including that the status code is one the contract documents for that call.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

var (
	loadOnce sync.Once
	router   routers.Router
	loadErr  error
)

// SpecPath finds docs/openapi.yaml by walking up from the working directory to the module root.
func SpecPath() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "docs", "openapi.yaml"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// Router returns the contract's router, loading and validating docs/openapi.yaml once.
func Router(t testing.TB) routers.Router {
	t.Helper()
	loadOnce.Do(func() {
		path, err := SpecPath()
		if err != nil {
			loadErr = err
			return
		}
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromFile(path)
		if err != nil {
			loadErr = err
			return
		}
		if err = doc.Validate(context.Background()); err != nil {
			loadErr = err
			return
		}
		doc.Servers = nil // match any host
		router, loadErr = gorillamux.NewRouter(doc)
	})
	if loadErr != nil {
		t.Fatalf("docs/openapi.yaml: %v", loadErr)
	}
	return router
}

// Response is a recorded answer with its body read.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test if it is not JSON.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("response is not JSON (%v): %s", err, r.Body)
	}
}

// Client sends requests to a handler and checks each answer against the contract.
type Client struct {
	t       testing.TB
	handler http.Handler
}

// New returns a Client for the handler.
func New(t testing.TB, h http.Handler) *Client {
	Router(t)
	return &Client{t: t, handler: h}
}

// Do sends a request with an optional JSON body (a string, []byte or any value to marshal) and headers.
func (c *Client) Do(method, target string, body any, headers ...string) *Response {
	c.t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	case []byte:
		raw = b
	default:
		var err error
		if raw, err = json.Marshal(b); err != nil {
			c.t.Fatal(err)
		}
	}
	req := httptest.NewRequest(method, target, bytes.NewReader(raw))
	if raw != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	c.handler.ServeHTTP(rec, req)
	res := &Response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
	Validate(c.t, method, target, raw, req.Header, res)
	return res
}

// Validate checks that a response to an /api/ or /healthz call is documented in docs/openapi.yaml with
// that status and that its body matches the schema. Other paths (the web app) are not API calls.
func Validate(t testing.TB, method, target string, reqBody []byte, reqHeader http.Header, res *Response) {
	t.Helper()
	path := strings.SplitN(target, "?", 2)[0]
	if !strings.HasPrefix(path, "/api/") && path != "/healthz" && path != "/readyz" {
		return
	}
	req := httptest.NewRequest(method, target, bytes.NewReader(reqBody))
	req.Header = reqHeader.Clone()
	route, params, err := Router(t).FindRoute(req)
	if err != nil {
		if res.Status == http.StatusNotFound || res.Status == http.StatusMethodNotAllowed {
			return // an unknown call answered as such; the answer shape is checked by its own test
		}
		t.Errorf("%s %s answered %d but the call is not in docs/openapi.yaml: %v", method, target, res.Status, err)
		return
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
		},
		Status: res.Status,
		Header: res.Header,
		Body:   io.NopCloser(bytes.NewReader(res.Body)),
		Options: &openapi3filter.Options{
			IncludeResponseStatus: true,
			MultiError:            true,
		},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		t.Errorf("%s %s → %d does not match docs/openapi.yaml: %v\nbody: %s", method, target, res.Status, err, truncate(res.Body))
	}
}

func truncate(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "…"
	}
	return string(b)
}
