# Pitlane: `make run` builds everything and starts the demo; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
BIN := bin/pitlane
GO_SOURCES := $(shell find cmd internal web/embed.go -name '*.go' -not -name '*_test.go' 2>/dev/null) $(shell find internal -name '*.sql' 2>/dev/null) go.mod go.sum
WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/admin.html web/package.json web/vite.config.ts docs/openapi.yaml

.PHONY: help run build web deps test test-quick test-go test-go-quick test-web test-web-unit test-e2e lint lint-quick bench clean

# This module's packages. `./...` would also walk into web/node_modules, where an npm package ships Go code.
GO_PKGS := ./bench ./cmd/... ./internal/... ./web
# The race detector costs 25-30x the CPU of a plain run on SQLite. It runs on the packages where
# goroutines meet: the store and the services over it (concurrent holds, refunds, checkouts, sign-in
# lockout), the HTTP layers and the websocket hub, the outbox worker, the payment notifications sent in
# the background, the server's jobs. The other packages' code starts no goroutine and their tests call
# it from one; they run without it (docs/architecture.md, "Tests and their time"). internal/opstest and
# cmd/pitlane run the built binary, which has no race detector in it: -race there only slowed the tests'
# own helpers (opstest 36 s of CPU with it, 20 s without; cmd/pitlane 60 s, 26 s).
GO_RACE_PKGS := ./internal/store/... ./internal/checkout ./internal/sessions ./internal/realtime ./internal/httpapi \
	./internal/adminapi ./internal/account ./internal/notify ./internal/payment/simulated ./internal/report \
	./internal/server
# SQLite is modernc.org/sqlite: C translated into Go, a large body of code that our tests run on every
# query. Instrumenting it made SQLite 25-30x slower under -race; it is built without instrumentation (our
# own packages keep it, and the race detector still sees every synchronisation through package sync).
# Measured: internal/store 184 s with it, 40 s without (docs/architecture.md, "Tests and their time").
GO_RACE_FLAGS := -race -gcflags='modernc.org/sqlite/...=-race=false' -gcflags='modernc.org/libc/...=-race=false'
# The built binary, handed to the tests that run it instead of each building its own.
GO_TEST_ENV := PITLANE_TEST_BIN=$(CURDIR)/$(BIN)

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

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

test: ## run every test: Go on SQLite and PostgreSQL, Vitest, Playwright; a table of each stage's time at the end
	@bash scripts/stages.sh deps build lint test-go test-web test-e2e
	@echo "make test: all suites passed"

test-quick: ## the loop while working: gofmt, vet, Go without race and browsers, Vitest (no Playwright, no staticcheck)
	@bash scripts/stages.sh build lint-quick test-go-quick test-web-unit

test-go: $(BIN) ## Go tests on SQLite and a throwaway PostgreSQL; -race where goroutines meet (GO_RACE_PKGS)
	$(GO_TEST_ENV) go test $(GO_RACE_FLAGS) -timeout 45m $(GO_RACE_PKGS)
	$(GO_TEST_ENV) go test -timeout 45m $$(go list $(GO_PKGS) | grep -vxF -e "$$(go list $(GO_RACE_PKGS))")

test-go-quick: $(BIN) ## every Go test once, without the race detector
	$(GO_TEST_ENV) go test -timeout 45m $(GO_PKGS)

test-web: web/node_modules/.package-lock.json web/dist/index.html ## front-end lint, unit tests, type check, API contract drift, Mantine style-sheet and back-office chunk checks
	cd web && npm run lint && npm run check:api && npm run check:styles && npm run typecheck && npm test && node scripts/check-admin-chunks.mjs

test-web-unit: web/node_modules/.package-lock.json ## Vitest alone
	cd web && npm test

test-e2e: build ## browser tests in Chromium against the real binary
	cd e2e && PITLANE_BIN=$(CURDIR)/$(BIN) npx playwright test

lint: lint-quick ## gofmt, go vet, staticcheck
	go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 $(GO_PKGS)

lint-quick: ## gofmt and go vet
	@test -z "$$(gofmt -l cmd internal web/embed.go bench 2>/dev/null)" || { gofmt -l cmd internal web/embed.go bench; echo "gofmt: files above are not formatted"; exit 1; }
	go vet $(GO_PKGS)

bench: build ## benchmarks: sessions engine on both engines; web app initial JS and Lighthouse (docs/performance.md)
	@# Every part runs even when one misses its target (the web app's budget is checked after a slow
	@# crowd run too); make fails at the end if any did.
	status=0; go run ./bench || status=1; \
	(cd web/bench && npm ci --no-audit --no-fund --loglevel=error) || status=1; \
	(cd web && node scripts/bench-web.mjs) || status=1; \
	exit $$status

clean: ## remove build output
	rm -rf bin web/dist/assets web/dist/index.html
