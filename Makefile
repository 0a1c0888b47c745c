SWIFT ?= swift
BIN = .build/debug/render-keyboard
FUZZ_SECONDS ?= 60

.PHONY: setup build demo test hostile bench fuzz sanitize clean

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
	python3 scripts/hostile-inputs.py $(BIN) --cases $(HOSTILE_CASES)

# Generated hostile inputs run against the built binary, each capped at 1 GiB and 30 s.
HOSTILE_CASES ?= 400
hostile: build
	python3 scripts/hostile-inputs.py $(BIN) --cases $(HOSTILE_CASES)

bench: setup
	$(SWIFT) run -c release render-keyboard-bench

fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

sanitize: setup
	scripts/sanitize.sh

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan
