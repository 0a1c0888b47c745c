SWIFT ?= swift
BIN = .build/debug/render-keyboard
FUZZ_SECONDS ?= 60

.PHONY: setup build demo test bench fuzz sanitize clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

demo: build
	$(BIN)

test: setup
	@scripts/setup.sh --browser
	$(SWIFT) build
	$(SWIFT) test

bench: setup
	$(SWIFT) run -c release render-keyboard-bench

fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

sanitize: setup
	scripts/sanitize.sh

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan
