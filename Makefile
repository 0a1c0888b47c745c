SWIFT ?= swift
CC ?= cc
BIN = .build/debug/render-keyboard
FUZZ_SECONDS ?= 60
PREFIX ?= /usr/local
# The installed binary: optimised, with the Swift runtime and Foundation linked in, so a
# run loads no Swift shared libraries (a faster start; see `make bench`). For the start-up
# time and peak memory (docs/internals.md, "Performance"):
# - every function of ours has a section of its own, and lld places the functions a render
#   runs side by side, in the order bench/link-order.txt lists them (bench/link-order.sh
#   writes it), so a start touches fewer pages of code; a stale name only costs speed;
# - our code reaches generic types' metadata through their accessors, not by demangling
#   their names, which made the runtime search every protocol conformance in the binary.
LINK_ORDER = $(CURDIR)/bench/link-order.txt
RELEASE_FLAGS = -c release --static-swift-stdlib \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -use-ld=lld -Xlinker --symbol-ordering-file=$(LINK_ORDER) -Xlinker --no-warn-symbol-ordering
RELEASE_BIN = .build/release/render-keyboard
# `render-keyboard serve` runs this one, installed beside it (the HTTP server stays out of
# render-keyboard itself).
RELEASE_SERVE_BIN = .build/release/render-keyboard-serve
REFERENCE = .build/bench/reference-render

.PHONY: builtins setup build demo test hostile release bench bench-serve install dist dist-check fresh-runner-check docs fuzz sanitize clean

setup:
	@scripts/setup.sh

# The built-in layouts, themes and metrics tables are compiled into the binary from
# Sources/RenderKeyboardKit/Loading/BuiltinFiles.swift; write it again after editing one
# (BuiltinFilesTests fails while it is out of date).
builtins:
	python3 scripts/generate-builtins.py

build: setup
	$(SWIFT) build

# Only the command line: the first demo need not build the preview server's HTTP stack.
demo: setup
	$(SWIFT) build --product render-keyboard
	$(BIN)

test: setup
	@scripts/setup.sh --browser
	$(SWIFT) build
	$(SWIFT) test
	scripts/check-pango-declarations.sh
	python3 scripts/check-habits.py
	python3 scripts/hostile-inputs.py $(BIN) --cases $(HOSTILE_CASES)
	$(MAKE) --no-print-directory dist-check

# Generated hostile inputs run against the built binary, each capped at 1 GiB and 30 s.
HOSTILE_CASES ?= 500
hostile: build
	python3 scripts/hostile-inputs.py $(BIN) --cases $(HOSTILE_CASES)

release: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product render-keyboard
	$(SWIFT) build $(RELEASE_FLAGS) --product render-keyboard-serve

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/render-keyboard
	install -m 755 -s $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/render-keyboard
	install -m 755 -s $(RELEASE_SERVE_BIN) $(DESTDIR)$(PREFIX)/bin/render-keyboard-serve
	install -m 755 scripts/golden-ci.sh $(DESTDIR)$(PREFIX)/bin/render-keyboard-golden-ci
	rm -rf $(DESTDIR)$(PREFIX)/share/render-keyboard/layouts $(DESTDIR)$(PREFIX)/share/render-keyboard/themes $(DESTDIR)$(PREFIX)/share/render-keyboard/metrics
	cp -R layouts themes metrics $(DESTDIR)$(PREFIX)/share/render-keyboard/
	# Shell completions and the manual page, written by the program from its own options,
	# where bash-completion, zsh, fish and man look under PREFIX.
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d $(DESTDIR)$(PREFIX)/share/man/man1
	$(RELEASE_BIN) completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/render-keyboard
	$(RELEASE_BIN) completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_render-keyboard
	$(RELEASE_BIN) completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/render-keyboard.fish
	$(RELEASE_BIN) manual > $(DESTDIR)$(PREFIX)/share/man/man1/render-keyboard.1

# The relocatable release archive for CI machines without Swift: an install into
# render-keyboard-VERSION/ (bin/, share/) with DEPENDENCIES, the Debian packages it runs with.
VERSION := $(shell sed -n 's/.*current = "\([^"]*\)".*/\1/p' Sources/RenderKeyboardKit/Version.swift)
ARCH := $(shell uname -m)
DIST = dist/render-keyboard-$(VERSION)-linux-$(ARCH).tar.gz
DIST_STAGE = .build/dist

dist: release
	rm -rf $(DIST_STAGE)
	$(MAKE) --no-print-directory install PREFIX= DESTDIR=$(CURDIR)/$(DIST_STAGE)/render-keyboard-$(VERSION) > /dev/null
	scripts/dist.sh $(DIST_STAGE)/render-keyboard-$(VERSION) $(DIST)

# The archive unpacked elsewhere: no Swift library (ldd), and every program runs with
# `env -i PATH=/usr/bin:/bin` (part of `make test`).
dist-check: dist
	scripts/check-dist.sh $(DIST)

# The archive on a Debian 12 without Swift (debootstrap; root, network to Debian's mirror,
# some minutes): only DEPENDENCIES installed, the golden-test walkthrough of docs/golden-testing.md run there.
fresh-runner-check: dist
	scripts/fresh-runner-check.sh $(DIST)

# The C program the start-up benchmark compares against (not part of the product).
$(REFERENCE): bench/reference-render.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -o $@ $< $$(pkg-config --cflags --libs pangocairo pangoft2 fontconfig libpng)

# Every benchmark in one run, then one table of their ratios (bench/table.sh): render against
# the C floor (time, peak memory), the lint sweep per keyboard, the live page at 1, 8 and 40
# cells, batch on 2 workers against 1, the SVG writer against Cairo's, a 10-locale store set.
# The start-up, memory and lint figures are taken on an installed copy (stripped, resources
# beside it), as users run it.
BENCH_ROWS = $(CURDIR)/.build/bench/rows.tsv
bench: release $(REFERENCE)
	$(SWIFT) build $(RELEASE_FLAGS) --product render-keyboard-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product render-keyboard-serve-bench
	@mkdir -p $(dir $(BENCH_ROWS)) && : > $(BENCH_ROWS)
	BENCH_ROWS=$(BENCH_ROWS) .build/release/render-keyboard-bench
	$(MAKE) --no-print-directory install PREFIX=$(CURDIR)/.build/bench/installed > /dev/null
	BENCH_ROWS=$(BENCH_ROWS) bench/startup.sh .build/bench/installed/bin/render-keyboard $(REFERENCE)
	BENCH_ROWS=$(BENCH_ROWS) bench/lint.sh .build/bench/installed/bin/render-keyboard
	BENCH_ROWS=$(BENCH_ROWS) SERVE_BENCH_SAVES=$(SERVE_BENCH_SAVES) .build/release/render-keyboard-serve-bench || true
	@bench/table.sh $(BENCH_ROWS)

# The live preview's save-to-event latency: median and p95 for 1, 8 and 40 cells, and each
# step of the redraw (notice, load and solve, paint, encode, send, fetch and decode).
SERVE_BENCH_SAVES ?= 40
bench-serve: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product render-keyboard-serve-bench
	SERVE_BENCH_SAVES=$(SERVE_BENCH_SAVES) .build/release/render-keyboard-serve-bench

# The DocC documentation of the libraries (scripts/build-docs.sh names them), in
# .build/docs/; a warning or an undocumented public symbol fails it.
docs: setup
	scripts/build-docs.sh

fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

sanitize: setup
	scripts/sanitize.sh

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan dist
