#!/usr/bin/env bash
# `make run`: migrate, seed the demo merchant, start on SQLite + devchain.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/coffer
"$bin" migrate
"$bin" admin demo
echo
echo "Open the console at the address below and sign in with the demo account above."
echo "The e-mail code of the second step is in the outbox: $bin admin outbox --to demo@coffer.local"
echo "(It is also in the server log below.) Stop with Ctrl-C."
echo
exec "$bin" serve
