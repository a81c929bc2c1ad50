#!/usr/bin/env bash
# Starts Debian's PostgreSQL 15 cluster, creates the `beacon` role (CREATEDB: each test file makes its
# own throw-away database) and the `beacon_test` database, and prints the URL for TEST_DATABASE_URL.
#   export TEST_DATABASE_URL="$(scripts/pg-test-db.sh)"
#   npx vitest run --project unit server/
set -euo pipefail

VERSION="${PG_VERSION:-15}"
CLUSTER="${PG_CLUSTER:-main}"
PORT="${PG_PORT:-5432}"
ROLE="${PG_TEST_ROLE:-beacon}"
PASSWORD="${PG_TEST_PASSWORD:-beacon}"
DB="${PG_TEST_DB:-beacon_test}"

if ! command -v pg_ctlcluster >/dev/null; then
  echo "pg_ctlcluster not found: apt-get install -y postgresql" >&2
  exit 1
fi

if ! pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1==v && $2==c && $4=="online" {found=1} END {exit !found}'; then
  pg_ctlcluster "$VERSION" "$CLUSTER" start >&2
fi

as_postgres() {
  if [ "$(id -u)" = 0 ]; then su postgres -c "$*"; else sudo -u postgres sh -c "$*"; fi
}
psql_admin() {
  as_postgres "psql -v ON_ERROR_STOP=1 -qtA -p $PORT -d postgres -c \"$1\""
}

for _ in $(seq 1 30); do
  if as_postgres "pg_isready -q -p $PORT"; then break; fi
  sleep 0.5
done

if [ "$(psql_admin "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'")" != 1 ]; then
  psql_admin "CREATE ROLE $ROLE LOGIN CREATEDB PASSWORD '$PASSWORD'" >&2
fi
if [ "$(psql_admin "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != 1 ]; then
  psql_admin "CREATE DATABASE $DB OWNER $ROLE" >&2
fi

echo "postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DB"
