#!/usr/bin/env bash
# Starts a local anvil (Foundry's EVM dev node, from the npm registry) and waits until it answers
# JSON-RPC. Installs it first under .tmp/peers when missing.
#   scripts/anvil.sh [PORT] [CHAIN_ID]     defaults 8545 and 31337; Ctrl-C stops it
# COFFER_ANVIL_BIN overrides the binary (the Rust tests read the same variable).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8545}
chain_id=${2:-31337}
version=1.7.1
peers=.tmp/peers
# The real binary, not node_modules/.bin/anvil: that is a Node wrapper, and killing the wrapper
# can leave the node running.
case "$(uname -m)" in aarch64|arm64) arch=arm64 ;; *) arch=amd64 ;; esac
bin=${COFFER_ANVIL_BIN:-$peers/node_modules/@foundry-rs/anvil-linux-$arch/bin/anvil}

if [ ! -x "$bin" ]; then
  echo "Installing anvil $version under $peers..."
  mkdir -p "$peers"
  npm install --prefix "$peers" --save-exact --no-audit --no-fund --loglevel=error "@foundry-rs/anvil@$version"
fi

"$bin" --host 127.0.0.1 --port "$port" --chain-id "$chain_id" --silent &
pid=$!
trap 'kill $pid 2>/dev/null || true' INT TERM EXIT

body='{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'
for _ in $(seq 100); do
  if answer=$(curl -fsS -H 'content-type: application/json' -d "$body" "http://127.0.0.1:$port" 2>/dev/null); then
    echo "anvil $version answers on http://127.0.0.1:$port ($answer); dev mnemonic: test test test test test test test test test test test junk"
    wait $pid
    exit $?
  fi
  kill -0 $pid 2>/dev/null || { echo "anvil exited (port $port taken?)" >&2; exit 1; }
  sleep 0.1
done
echo "anvil did not answer on port $port within 10 s" >&2
exit 1
