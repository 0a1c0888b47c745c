SWIFT ?= swift
BIN = .build/debug/render-keyboard

.PHONY: setup build demo test bench clean

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

clean:
	rm -rf .build
