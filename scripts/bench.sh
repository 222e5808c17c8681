#!/usr/bin/env bash
# `make bench`: throughput of the deposit scanner, callback delivery and withdrawals, and the latency from a
# deposit's confirming block to its callback (p50, p99 over 200 single deposits), release build, on
# SQLite and on a throwaway PostgreSQL cluster (one line per database); the lists, summary, Home, daily
# series and the CSV export over 1,000,000 deposits and 1,000,000 withdrawals (bench_scale; p50/p99,
# rows/s and peak memory); the collection planner over 1,000,000 deposit addresses with 50,000 due
# (bench_collection); TRON collection on the node double with 3-second blocks: sweeps confirmed per
# minute and fee efficiency, spent / the chain's minimum per sweep (bench_collection_tron); the
# deposit scanner catching up on 300 mainnet-sized TRON blocks on the node double (300 transactions,
# 200 USDT transfers, 5 deposits a block, 1,000,000 deposit addresses), blocks per second (bench_scan_tron); EVM
# collection fee efficiency on anvil, the same ratio per ERC20 sweep, with market traffic and idle (bench_collection_evm); how long a
# node killed with SIGKILL leaves its work before the other node takes it, per kind of work (bench_takeover); points-ledger
# transfers per second for one busy account and for 1,000 accounts, one a call and in batches, beside a plain insert rate
# measured in the same run (bench_ledger); the time from a TRON energy order to energy its receiver can
# use, in blocks, on the node double (bench_energy); the TRX a USDT sweep costs with smart collection against
# burning on the same chain parameters (bench_smart_collection); then the
# console's bundle sizes
# from web/dist (`make bench` builds it first): the login page's gzip JavaScript and the largest route
# chunk, measured by web/scripts/bundle-size.mjs, the script the budget test uses.
set -euo pipefail
cd "$(dirname "$0")/.."
pgdir=$(mktemp -d /tmp/coffer-bench-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
trap 'scripts/pg-test-cluster.sh stop "$pgdir/data"; rm -rf "$pgdir"' EXIT
COFFER_TEST_PG_URL=$(scripts/pg-test-cluster.sh start "$pgdir/data" "$port")
export COFFER_TEST_PG_URL
cargo run --release --locked -q -p coffer --example bench
cargo run --release --locked -q -p coffer --example bench_callbacks
cargo run --release --locked -q -p coffer --example bench_withdrawals
cargo run --release --locked -q -p coffer --example bench_scale
cargo run --release --locked -q -p coffer --example bench_collection
cargo run --release --locked -q -p coffer --example bench_collection_evm
cargo run --release --locked -q -p coffer --example bench_collection_tron
# The deposit scanner catching up on mainnet-sized TRON blocks, blocks per second.
cargo run --release --locked -q -p coffer --example bench_scan_tron
# Points-ledger transfers per second, one busy account and 1,000 accounts, beside plain inserts.
cargo run --release --locked -q -p coffer --example bench_ledger
# Energy orders: blocks from an order to usable energy (target: the next block).
cargo run --release --locked -q -p coffer --example bench_energy
# Smart collection: TRX a USDT sweep costs on energy against burning, the same chain parameters.
cargo run --release --locked -q -p coffer --example bench_smart_collection
# Two real `coffer serve` (the release binary) on the throwaway PostgreSQL, one killed with SIGKILL.
cargo build --release --locked -q -p coffer --bin coffer
cargo run --release --locked -q -p coffer --example bench_takeover
node web/scripts/bundle-size.mjs web/dist
