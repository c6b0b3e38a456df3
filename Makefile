# Developer entry points. The README's two commands are scripts/build-example and scripts/test.
.PHONY: all build example test check lint format bench fuzz install dist clean

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
	swift format lint --strict --recursive --parallel Package.swift clients/swift/Package.swift Sources Tests Plugins

format:
	swift format format --in-place --recursive --parallel Package.swift clients/swift/Package.swift Sources Tests Plugins

# libFuzzer on every reader, FUZZ_SECONDS each (CI runs 30; run 600 before closing a hardening change).
FUZZ_SECONDS ?= 30
fuzz:
	scripts/fuzz $(FUZZ_SECONDS)

# make bench BASELINE=older/herald [SIZES=10000]: the two binaries step by step, in turn, instead.
bench:
	scripts/build-herald
	python3 Benchmarks/bench.py $(if $(BASELINE),--baseline $(BASELINE) --sizes $(or $(SIZES),10000))

# The release files in dist/ (scripts/release): RELEASE_KEY is the Ed25519 key that signs SHA256SUMS.
dist:
	scripts/release --key "$(RELEASE_KEY)"

# Installs herald into $(PREFIX)/bin (default /usr/local; PREFIX=$$HOME/.local needs no root).
PREFIX ?= /usr/local
install:
	scripts/build-herald
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 .build/release/herald $(DESTDIR)$(PREFIX)/bin/herald

clean:
	rm -rf .build public
