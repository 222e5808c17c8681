# Coffer: `make run` builds and starts everything; `make test` runs every test layer.
SHELL := /bin/bash
.DEFAULT_GOAL := help
WEB_SOURCES := $(shell find web/src web/index.html web/vite.config.ts web/tsconfig.json web/package.json web/public -type f 2>/dev/null)

.PHONY: help setup setup-test web build run test test-rust test-web test-e2e lint bench clean

help:
	@echo "make run    build the console and the service, start on SQLite with a demo merchant"
	@echo "make test   Rust unit + integration (SQLite and PostgreSQL), console unit, end-to-end"
	@echo "make lint   rustfmt check, clippy, console typecheck"
	@echo "make bench  deposit scanner and callback throughput, callback latency, lists at 1M orders, collection planner at 1M addresses, TRON sweeps per minute and fee efficiency (SQLite and PostgreSQL), TRON deposit scanning catch-up in blocks per second on mainnet-sized blocks, EVM sweep fee efficiency on anvil, takeover of a killed node's work, TRON energy order to usable energy, TRX per USDT sweep with smart collection against burning, console bundle sizes"

setup:
	@scripts/setup.sh build

setup-test:
	@scripts/setup.sh test

web/dist/index.html: $(WEB_SOURCES) web/package-lock.json
	@scripts/setup.sh build
	cd web && npm run build

web: web/dist/index.html

# The release binary embeds web/dist, so the console is built first.
build: web
	cargo build --release --locked

run: build
	@scripts/run.sh

test: setup-test lint web test-rust test-web test-e2e
# A full run from a fresh clone gains nothing from incremental caches, which would take about a
# third of target/ (some 3 GB): without them the build fits on a smaller disk.
test: export CARGO_INCREMENTAL := 0

test-rust:
	scripts/test-rust.sh

test-web: setup
	cd web && npm test

# End-to-end: Playwright drives Debian's Chromium against the real (debug) binary.
test-e2e: setup-test web
	cargo build --locked
	cd web && COFFER_BIN=$(CURDIR)/target/debug/coffer npm run e2e

lint: setup
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cd web && npm run typecheck

bench: setup-test web
	scripts/bench.sh

clean:
	cargo clean
	rm -rf web/dist web/node_modules data
