# Developer entry points. The README's two commands are scripts/build-example and scripts/test.
.PHONY: all build example test check lint format bench fuzz clean

all: build

build:
	scripts/install-deps
	swift build

example:
	scripts/build-example

test:
	scripts/test

# Everything CI runs: the whole test suite and the style check.
check: test lint

lint:
	swift format lint --strict --recursive --parallel Package.swift Sources Tests Plugins

format:
	swift format format --in-place --recursive --parallel Package.swift Sources Tests Plugins

# libFuzzer on every reader, FUZZ_SECONDS each (CI runs 30; run 600 before closing a hardening change).
FUZZ_SECONDS ?= 30
fuzz:
	scripts/fuzz $(FUZZ_SECONDS)

bench:
	scripts/install-deps
	swift build -c release --product herald
	python3 Benchmarks/bench.py

clean:
	rm -rf .build public
