#!/usr/bin/env bash
# Rust unit and integration tests, on SQLite and on a throwaway PostgreSQL cluster started here.
set -euo pipefail
cd "$(dirname "$0")/.."
pgdir=$(mktemp -d /tmp/coffer-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
trap 'scripts/pg-test-cluster.sh stop "$pgdir/data"; rm -rf "$pgdir"' EXIT
COFFER_TEST_PG_URL=$(scripts/pg-test-cluster.sh start "$pgdir/data" "$port")
export COFFER_TEST_PG_URL
# The TRON vectors are regenerated with tronweb and must equal the checked-in ones.
export COFFER_TRONWEB=1
echo "Throwaway PostgreSQL at $COFFER_TEST_PG_URL"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast
else
  cargo test --workspace --no-fail-fast
fi
