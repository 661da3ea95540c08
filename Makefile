# Pitlane: `make run` builds everything and starts the demo; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
BIN := bin/pitlane
GO_SOURCES := $(shell find cmd internal web/embed.go -name '*.go' -not -name '*_test.go' 2>/dev/null) $(shell find internal -name '*.sql' 2>/dev/null) go.mod go.sum
WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/admin.html web/package.json web/vite.config.ts docs/openapi.yaml

.PHONY: help run build web deps test test-go test-web test-e2e lint bench clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

run: build ## build the web app and the server, then serve the demo on SQLite
	./$(BIN) serve --demo

build: $(BIN) ## build the web app and the binary (bin/pitlane)

web/node_modules/.package-lock.json: web/package-lock.json
	bash scripts/ensure-deps.sh --npm-only
	@touch $@

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	@echo "building the web app (type check, then Vite; only warnings and errors are shown)"
	@cd web && npm run --silent build -- --logLevel warn
	@touch web/dist/.gitkeep # vite empties dist/; the placeholder lets Go build before the web app is built

web: web/dist/index.html ## build the web app only

$(BIN): web/dist/index.html $(GO_SOURCES)
	@mkdir -p bin
	CGO_ENABLED=0 go build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/pitlane

deps: ## install what the tests need on a fresh machine (Chromium, PostgreSQL, npm packages)
	bash scripts/ensure-deps.sh

test: deps build lint test-go test-web test-e2e ## run every test: Go on SQLite and PostgreSQL, Vitest, Playwright
	@echo "make test: all suites passed"

test-go: ## Go tests with the race detector, on SQLite and on a throwaway PostgreSQL
	go test -race -count=1 -timeout 20m ./...

test-web: web/node_modules/.package-lock.json web/dist/index.html ## front-end lint, unit tests, type check, API contract drift, Mantine style-sheet and back-office chunk checks
	cd web && npm run lint && npm run check:api && npm run check:styles && npm run typecheck && npm test && node scripts/check-admin-chunks.mjs

test-e2e: build ## browser tests in Chromium against the real binary
	cd e2e && PITLANE_BIN=$(CURDIR)/$(BIN) npx playwright test

lint: ## gofmt, go vet, staticcheck
	@test -z "$$(gofmt -l cmd internal web/embed.go bench 2>/dev/null)" || { gofmt -l cmd internal web/embed.go bench; echo "gofmt: files above are not formatted"; exit 1; }
	go vet ./...
	go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

bench: build ## benchmarks: sessions engine on both engines; web app initial JS and Lighthouse (docs/performance.md)
	go run ./bench
	cd web/bench && npm ci --no-audit --no-fund --loglevel=error
	cd web && node scripts/bench-web.mjs

clean: ## remove build output
	rm -rf bin web/dist/assets web/dist/index.html
