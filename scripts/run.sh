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
echo "Play collection: add USDT under Token > Token list and request a cold address there, then"
echo "  $bin admin token list --pending; $bin admin token approve ID"
echo "mark the hot wallet as the fee wallet on Collect > Fund collection, give it gas:"
echo "  $bin admin devchain fund HOT_WALLET_ADDRESS 1 --token DEV"
echo "and press Collect now (or turn on automatic collection in the token's settings)."
echo
exec "$bin" serve
