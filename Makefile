# shellgate: `make run` starts the demo, `make test` runs every test. Both install what they need.
SHELL := /bin/bash
GO ?= go
BIN := bin/shellgate
NODE_STAMP := node_modules/.package-lock.json
UI_STAMP := shell-ui/dist/shell-manifest.json
# The UI goes into bin/shellgate only with this build tag (shell-ui/embed.go); a plain go build or
# xcaddy build has none inside and needs the shell's ui_dir. Tests run with it too.
GO_TAGS := builtinassets
GO_SOURCES := $(shell find caddy-module -name '*.go' -not -name '*_test.go' 2>/dev/null) $(wildcard shell-ui/*.go) go.mod go.sum
UI_SOURCES := $(shell find shell-ui/src shell-ui/prerender -type f 2>/dev/null) shell-ui/package.json shell-ui/vite.config.ts

.PHONY: all run build ui deps system-deps test test-go test-ui test-e2e test-caddyfile test-idp test-deploy test-plugin test-lint bench fuzz contracts clean

all: build

## deps: npm packages and Go modules
deps: $(NODE_STAMP)
	$(GO) mod download

$(NODE_STAMP): package.json package-lock.json shell-ui/package.json platform-enums/package.json e2e/package.json deploy/dev-idp/package.json
	npm ci --no-audit --no-fund
	@touch $@

## system-deps: redis-server, chromium and gcc (the race detector needs cgo) from Debian, when missing
system-deps:
	@missing=""; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	command -v gcc >/dev/null || missing="$$missing gcc"; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing with apt-get"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

## ui: the shell UI bundle (hashed assets, prerendered fragments, manifest)
ui: $(UI_STAMP)

$(UI_STAMP): $(NODE_STAMP) $(UI_SOURCES)
	npm run build -w shell-ui

## build: bin/shellgate, Caddy with the shell module and the UI built in
build: $(BIN)

$(BIN): $(UI_STAMP) $(GO_SOURCES)
	$(GO) build -tags $(GO_TAGS) -o $(BIN) ./caddy-module/cmd/shellgate

## run: the demo on http://localhost:8080, with the dev identity provider on :9000 beside it;
## the gateway starts once the provider and the persona API listen, so a first login finds them
run: deps build
	@echo "shellgate demo: http://localhost:8080/ (de-DE) and http://localhost:8080/en-gb/ (en-GB)"
	@echo "dev identity provider: http://localhost:9000/auth/realms/global (anna/demo, oliver/demo)"
	@$(GO) build -o bin/personas-api ./caddy-module/customer/cmd/personas-api
	@node deploy/dev-idp/server.mjs & idp=$$!; \
	bin/personas-api -addr 127.0.0.1:$${SHELLGATE_API_PORT:-9091} -flags testdata/flag-service.json & api=$$!; \
	trap 'kill $$idp $$api 2>/dev/null; wait $$idp $$api 2>/dev/null' EXIT; \
	trap 'exit 130' INT TERM; \
	for port in $${DEV_IDP_PORT:-9000} $${SHELLGATE_API_PORT:-9091}; do \
		for i in $$(seq 1 50); do (exec 3<>/dev/tcp/127.0.0.1/$$port) 2>/dev/null && break; sleep 0.2; done; \
	done; \
	$(BIN) run --config Caddyfile --adapter caddyfile

## test: every suite after one shared build, side by side in lanes (.ci/suites.mjs runs
## `make test-<suite>` for each; a lane runs its suites in turn): one summary line per suite
## with its counts and time, and the whole output of any suite that fails. The three long suites
## (go, e2e, ui: 7.5 to 9 minutes each side by side on two cores) lead the lanes; the short ones
## follow the two that end first, so no lane runs alone at the end.
TEST_LANES := go+idp+caddyfile+deploy e2e+plugin+lint ui
test: system-deps deps build
	node .ci/suites.mjs $(TEST_LANES)

## test-go: every Go package; under the race detector those whose tests run goroutines (the
## handler, sessions, identity, customer data, the event client), plainly the rest, where -race
## only costs: the splicer's tests are single-threaded corpora (minutes under -race), and its
## shared plans run concurrently under -race in the handler's tests (and its allocation tests
## need it off). The multi-process tests run bin/shellgate, the build every suite shares.
## GO_TEST_FLAGS=-json is how make test counts the tests.
GO_RACE_PACKAGES := ./caddy-module/ ./caddy-module/identity/ ./caddy-module/session/... ./caddy-module/auth/... ./caddy-module/customer/... ./caddy-module/tracking/
GO_PLAIN_PACKAGES = $(filter-out $(shell $(GO) list $(GO_RACE_PACKAGES)),$(shell $(GO) list ./...))
test-go: $(BIN)
	SHELLGATE_BINARY=$(CURDIR)/$(BIN) $(GO) test -tags $(GO_TAGS) -race -count=1 $(GO_TEST_FLAGS) $(GO_RACE_PACKAGES)
	SHELLGATE_BINARY=$(CURDIR)/$(BIN) $(GO) test -tags $(GO_TAGS) -count=1 $(GO_TEST_FLAGS) $(GO_PLAIN_PACKAGES)

## test-ui: Vitest of the shell and the enums; their strict typecheck is lint's (test-lint), once.
test-ui: $(NODE_STAMP)
	npm test -w shell-ui
	npm test -w platform-enums

test-caddyfile: $(BIN)
	$(BIN) validate --config Caddyfile --adapter caddyfile
	@echo "caddyfile: 1 check passed"

## test-deploy: Dockerfile, compose and Kubernetes files checked offline, their Caddyfiles
## validated by bin/shellgate (deploy/check, a Go module of its own). The reload and
## scale-out tests run with test-go (caddy-module/integration/).
test-deploy: $(BIN)
	cd deploy/check && SHELLGATE_BINARY=$(CURDIR)/$(BIN) $(GO) test -count=1 $(GO_TEST_FLAGS) ./...

## test-idp: the dev identity provider against its real server (node --test)
test-idp: $(NODE_STAMP)
	npm test -w deploy/dev-idp

test-e2e: $(BIN)
	npm test -w e2e

## test-plugin: the module as an operator builds it, from a clean checkout of this tree with
## no Node: go build ./..., go vet ./..., xcaddy build --with it; that Caddy lists
## http.handlers.shell, validates a shell with ui_dir and says how to get a UI without it.
test-plugin: $(UI_STAMP)
	.ci/plugin shell-ui/dist

## test-lint: the lint target, as a suite of make test.
test-lint: lint

## bench: splicer and end-to-end throughput, side by side with plain reverse_proxy and nginx
bench: deps build
	bench/run

## fuzz: a short run of every fuzz target
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzSplice -fuzztime 60s ./caddy-module/splice/
	$(GO) test -run '^$$' -fuzz FuzzProtectedPaths -fuzztime 60s ./caddy-module/rules/
	$(GO) test -run '^$$' -fuzz FuzzEvent -fuzztime 60s ./caddy-module/tracking/

## contracts: regenerate the shell's TypeScript twins of the Go bodies (shell-ui/src/model/*.gen.ts)
contracts:
	$(GO) generate ./caddy-module/shellstate/

## lint: go vet and staticcheck over the module and deploy/check (a module of its own), ESLint
## (typescript-eslint, the rules of hooks) over the UI, its prerender and tests, platform-enums
## and the browser tests, and TypeScript's strict type check. staticcheck runs at a pinned
## version through `go run`, so it is no requirement of the module operators build into Caddy.
STATICCHECK := $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
.PHONY: lint
lint: $(UI_STAMP)
	$(GO) vet ./...
	$(STATICCHECK) ./...
	cd deploy/check && $(GO) vet ./... && $(STATICCHECK) ./...
	npm run lint
	npm run typecheck -w shell-ui
	npm run typecheck -w platform-enums

clean:
	rm -rf bin shell-ui/dist
