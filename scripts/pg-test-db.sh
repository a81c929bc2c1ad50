#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster (whichever version is installed; the newest when there are several),
# creates the `beacon` role (CREATEDB: each test file makes its own throw-away database) and the
# `beacon_test` database, and prints the URL for TEST_DATABASE_URL. Fails with a message on stderr and
# prints nothing when PostgreSQL is not installed (under CI, server/db/test-db.ts then fails the run).
#   export TEST_DATABASE_URL="$(scripts/pg-test-db.sh)"
#   npx vitest run --project unit server/
# Env: PG_VERSION, PG_CLUSTER (default main), PG_TEST_ROLE, PG_TEST_PASSWORD, PG_TEST_DB.
set -euo pipefail

CLUSTER="${PG_CLUSTER:-main}"
ROLE="${PG_TEST_ROLE:-beacon}"
PASSWORD="${PG_TEST_PASSWORD:-beacon}"
DB="${PG_TEST_DB:-beacon_test}"

fail() {
  echo "pg-test-db: $*" >&2
  exit 1
}

if ! command -v pg_lsclusters >/dev/null || ! command -v pg_ctlcluster >/dev/null; then
  fail "PostgreSQL is not installed (pg_lsclusters not found): apt-get install -y postgresql"
fi

# The version: PG_VERSION, else the newest with a cluster named $CLUSTER, else the newest installed.
VERSION="${PG_VERSION:-}"
if [ -z "$VERSION" ]; then
  VERSION="$(pg_lsclusters -h | awk -v c="$CLUSTER" '$2==c {print $1}' | sort -V | tail -n 1)"
fi
if [ -z "$VERSION" ]; then
  VERSION="$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -n 1)"
fi
[ -n "$VERSION" ] || fail "no PostgreSQL version found under /usr/lib/postgresql"
[ -x "/usr/lib/postgresql/$VERSION/bin/postgres" ] || fail "PostgreSQL $VERSION is not installed"

if ! pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1==v && $2==c {found=1} END {exit !found}'; then
  pg_createcluster "$VERSION" "$CLUSTER" >&2 || fail "could not create the cluster $VERSION/$CLUSTER"
fi
if ! pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1==v && $2==c && $4=="online" {found=1} END {exit !found}'; then
  pg_ctlcluster "$VERSION" "$CLUSTER" start >&2 || fail "could not start the cluster $VERSION/$CLUSTER"
fi
PORT="${PG_PORT:-$(pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1==v && $2==c {print $3}')}"

as_postgres() {
  if [ "$(id -u)" = 0 ]; then su postgres -c "$*"; else sudo -u postgres sh -c "$*"; fi
}
psql_admin() {
  as_postgres "psql -v ON_ERROR_STOP=1 -qtA -p $PORT -d postgres -c \"$1\""
}

ready=0
for _ in $(seq 1 30); do
  if as_postgres "pg_isready -q -p $PORT"; then
    ready=1
    break
  fi
  sleep 0.5
done
[ "$ready" = 1 ] || fail "PostgreSQL $VERSION/$CLUSTER on port $PORT is not accepting connections"

if [ "$(psql_admin "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'")" != 1 ]; then
  psql_admin "CREATE ROLE $ROLE LOGIN CREATEDB PASSWORD '$PASSWORD'" >&2
fi
if [ "$(psql_admin "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != 1 ]; then
  psql_admin "CREATE DATABASE $DB OWNER $ROLE" >&2
fi

echo "postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DB"
