#!/usr/bin/env bash
# Installs what the build and tests need and is missing; a no-op when all is there.
#   setup.sh build   npm packages of the console
#   setup.sh test    + PostgreSQL server binaries, Chromium with CJK fonts, tronweb, anvil
set -euo pipefail
what=${1:-build}
cd "$(dirname "$0")/.."

apt_updated=
apt_install() {
  if [ "$(id -u)" != 0 ]; then
    echo "missing Debian packages: $* (run: sudo apt-get install -y $*)" >&2; exit 1
  fi
  [ -n "$apt_updated" ] || { apt-get update -qq; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

command -v cargo >/dev/null || { echo "cargo is required (https://rustup.rs)" >&2; exit 1; }
command -v npm >/dev/null || apt_install nodejs npm

# npm ci only when the lock file changed since the last install.
if [ ! -f web/node_modules/.package-lock.json ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  echo "Installing console packages (npm ci)..."
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi

if [ "$what" = test ]; then
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt_install postgresql
  python3 -c "import aiosmtpd" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check "aiosmtpd==1.4.6"
  command -v chromium >/dev/null || apt_install chromium
  dpkg -s fonts-wqy-zenhei >/dev/null 2>&1 || apt_install fonts-wqy-zenhei
  # anvil (Foundry's EVM dev node) for the EVM adapter tests: a real binary from the npm package.
  ls .tmp/peers/node_modules/@foundry-rs/anvil-linux-*/bin/anvil >/dev/null 2>&1 || \
    npm install --prefix .tmp/peers --save-exact --no-audit --no-fund --loglevel=error @foundry-rs/anvil@1.7.1
  # tronweb: the reference the TRON adapter's transactions are compared with, byte for byte (offline).
  if [ ! -f scripts/tron-vectors/node_modules/.package-lock.json ] || [ scripts/tron-vectors/package-lock.json -nt scripts/tron-vectors/node_modules/.package-lock.json ]; then
    echo "Installing tronweb for the TRON vectors (npm ci)..."
    (cd scripts/tron-vectors && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi
