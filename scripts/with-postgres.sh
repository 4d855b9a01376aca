#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster (its own data
# directory and port, removed afterwards): the PostgreSQL leg of the test suite and benchmark.
#   bash scripts/with-postgres.sh npm run test:suite
#   bash scripts/with-postgres.sh --if-available CMD   (runs CMD without DATABASE_URL when PostgreSQL is absent)
# Needs Debian's postgresql package (initdb, pg_ctl) and, for backup tests, pg_dump, pg_restore, psql.
# As root the server runs as the `postgres` user (PostgreSQL refuses to run as root).
set -euo pipefail

optional=false
if [ "${1:-}" = --if-available ]; then optional=true; shift; fi
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  if $optional; then
    echo "with-postgres: PostgreSQL is not installed; running without it." >&2
    exec "$@"
  fi
  echo "with-postgres: PostgreSQL's server binaries were not found under /usr/lib/postgresql/*/bin; install the postgresql package." >&2
  exit 1
fi
port="${TEST_POSTGRES_PORT:-55432}"
dir="$(mktemp -d /tmp/ao-postgres.XXXXXX)"
as_owner() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi; }
[ "$(id -u)" = 0 ] && chown postgres: "$dir"
stop() {
  as_owner "'$bin/pg_ctl' -D '$dir/data' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

as_owner "'$bin/initdb' -D '$dir/data' -A trust -U postgres -E UTF8 --no-locale" >/dev/null
# Durability is not what a throwaway test cluster is for: fsync off makes database creation fast, and
# without autovacuum hundreds of short-lived test databases cost no background CPU during timed tests.
as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/log' -w start -o \"-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c autovacuum=off -c fsync=off -c synchronous_commit=off -c full_page_writes=off\"" >/dev/null
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($dir)" >&2

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
