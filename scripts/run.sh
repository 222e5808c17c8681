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
echo "Play end user on the embedded devchain (a block every 2 s), in another terminal:"
echo "  $bin admin address new --email demo@coffer.local --chain 1337 --openid user-1"
echo "  $bin admin devchain send --to ADDRESS --amount 25 --token USDT"
echo "  $bin admin devchain balance ADDRESS"
echo
exec "$bin" serve
