#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: `start DIR PORT` prints its URL, `stop DIR` ends it.
# initdb refuses to run as root, so the cluster belongs to the postgres user.
set -euo pipefail
cmd=${1:?usage: pg-test-cluster.sh start|stop DIR [PORT]}
dir=${2:?data directory}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
# As root the cluster runs as postgres, which must be able to reach DIR (mktemp makes 0700
# folders) and should not start in a folder it cannot enter.
as_pg() { if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi; }
case "$cmd" in
  start)
    port=${3:-55432}
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
      chmod o+x "$(dirname "$dir")"
      chown postgres "$dir"
    fi
    if [ ! -f "$dir/PG_VERSION" ]; then
      as_pg "$bin/initdb" -D "$dir" -U postgres -A trust --no-sync >/dev/null
    fi
    as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o \
      "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
      start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -f "$dir/postmaster.pid" ] && as_pg "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null || true
    ;;
  *) echo "unknown command $cmd" >&2; exit 2 ;;
esac
