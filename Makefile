# The two commands a fresh machine needs: `make run` (build and start the engine) and
# `make test` (every test CI runs). Everything else is here for developers.

GO        ?= go
BIN       := bin/engine
STATICCHECK_VERSION := v0.8.2
# Debian packages the GUI, browser and comparison tests need (XBoard under Xvfb, clicked through
# XTest with xdotool and read through the clipboard with xclip, Chromium for
# the browser board, reference engines).
DEB_PACKAGES := xboard xvfb xauth xdotool xclip fairymax fairy-stockfish chromium

.PHONY: all build baseline run test test-go test-race test-soak soak deps-debian bench lint fmt-check mod-check vet race fuzz perft-long perft-bench tune kbnk pgo clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/engine

# baseline builds bin/engine-baseline from the commit REF (default HEAD: the last commit,
# without the changes in the work tree): the opponent of a change in an SPRT match
# (README, Matches). REF may be any commit, branch or tag: make baseline REF=main.
# HANDSET=VARIANT leaves out that game's tuned weights (eval/params_VARIANT.go), so the
# baseline differs from REF by them alone: the opponent that tests a game's tuning.
REF ?= HEAD
HANDSET ?=
baseline:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	git archive --format=tar "$(REF)" | tar -x -C "$$tmp" && \
	if [ -n "$(HANDSET)" ]; then \
		[ -f "$$tmp/eval/params_$(HANDSET).go" ] || { echo "$(HANDSET) has no tuned weights at $(REF)" >&2; exit 2; }; \
		rm "$$tmp/eval/params_$(HANDSET).go"; \
	fi && \
	(cd "$$tmp" && $(GO) build -o "$(CURDIR)/bin/engine-baseline" ./cmd/engine) && \
	echo "bin/engine-baseline: built from $$(git rev-parse --short "$(REF)")$(if $(HANDSET), with $(HANDSET)'s hand-set weights)"

# run starts the browser board (engine serve) and prints its URL; bin/engine without
# arguments is the XBoard/UCI/console loop GUIs start.
run: build
	./$(BIN) serve

# test runs everything CI runs: formatting, a tidy go.mod, vet, the unit and transcript
# tests, the race detector on the concurrent packages, and a 20-game soak of the referee.
test: deps-debian fmt-check mod-check vet test-go test-race test-soak

test-go:
	$(GO) test -count=1 ./...
	@if command -v node >/dev/null; then node --test protocol/web/static/test/; \
	else echo "note: node missing, the page's pure-module tests (protocol/web/static/test) skip"; fi

# test-race runs the packages whose goroutines share state (the Lazy SMP workers and their
# table, the protocol sessions, the match runner) under the race detector, without the
# real-XBoard games, which gain nothing from it.
test-race:
	$(GO) test -race -short -count=1 ./search ./protocol ./bench

# soak plays 1000 games at 2 s + 0.02 s, two at a time, in all seven variants (self-play)
# and against Fairy-Max (normal chess), and fails on any crash, time forfeit, illegal
# move, false claim or stall (bench/soak.sh; PGNs and HTML reports in bin/soak/). It took
# 32 minutes on two loaded cores. test-soak is its 20-game version (under a minute), part
# of make test.
SOAK_GAMES ?= 1000
soak: build
	./bench/soak.sh $(SOAK_GAMES) bin/soak

test-soak: build
	./bench/soak.sh 20 $$(mktemp -d)

# deps-debian installs the Debian packages the GUI and browser tests use, when they are
# missing and this user can install them (root with apt-get); otherwise those tests skip
# themselves.
deps-debian:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian packages:$$missing"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing) >/dev/null 2>&1 || echo "warning: could not install$$missing"; \
	  else echo "note: Debian packages missing:$$missing (GUI and browser tests will skip)"; fi; \
	fi

bench: build
	./$(BIN) bench

lint: fmt-check mod-check vet
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change: $$out"; exit 1; fi

# mod-check fails when go.mod or go.sum is not what `go mod tidy` would write (a requirement
# marked indirect that the code imports, one nothing needs, a missing checksum).
mod-check:
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum are not tidy: run go mod tidy"; exit 1; }

# vet also vets the Windows and macOS builds: system calls differ there (see bench/cputime_*.go).
vet:
	$(GO) vet ./...
	GOOS=windows $(GO) vet ./...
	GOOS=darwin $(GO) vet ./...

race:
	$(GO) test -race -count=1 ./...

# perft-long runs every depth of the perft tables, the deep FIDE ones included.
perft-long:
	PERFT_LONG=1 $(GO) test -count=1 -run 'Perft' -timeout 60m ./movegen

# perft-bench measures perft speed side by side with Debian's fairy-stockfish.
perft-bench: build
	./bench/perft-vs-fairy-stockfish.sh

# pgo profiles the search on every game's bench positions into cmd/engine/default.pgo,
# which go build then uses for profile-guided optimisation (about 4% fewer instructions
# per node). Run it again after large changes to the search, the evaluation or movegen.
pgo: build
	./$(BIN) bench -depth 2 -cpuprofile cmd/engine/default.pgo

# tune runs the Texel tuner on VARIANT's self-play games and writes its weights to
# eval/params_VARIANT.go (package tune; TUNE_FLAGS adds -games, -nodes, -seed, -passes,
# -prior, -keep, and -judge CMD -judge-depth N -samples FILE for a stronger engine's
# scores as the targets; Stockfish is the Debian package's /usr/games/stockfish).
# Keep the file only if the new build beats the old one by SPRT (README, Matches).
VARIANT ?= normal
TUNE_FLAGS ?=
tune:
	$(GO) run ./tune -variant $(VARIANT) $(TUNE_FLAGS)

# kbnk solves K+B+N v K on VARIANT's board (normal or blackhole) by retrograde analysis
# and prints how much is won, the longest win and the distance to mate of KBNK_FENS (FENs,
# each in single quotes); the source of search/testdata/endgames.txt's best-play figures.
KBNK_FENS ?=
kbnk:
	$(GO) run ./tune/kbnk -variant $(VARIANT) $(KBNK_FENS)

fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzFEN$$' -fuzztime=30s ./movegen
	for f in FuzzParseLevel FuzzParseGo FuzzXBoardMove FuzzXBoardFEN FuzzSessions; do \
	  $(GO) test -run='^$$' -fuzz="^$$f\$$" -fuzztime=30s ./protocol || exit 1; done
	$(GO) test -run='^$$' -fuzz='^FuzzDecodeGame$$' -fuzztime=30s ./protocol/web

clean:
	rm -rf bin
