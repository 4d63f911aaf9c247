#!/usr/bin/env bash
# Starts a spare PostgreSQL cluster with the production settings (deploy/postgresql.conf), creating it when missing,
# and prints its admin URL (the only line on stdout): the benches on the database as production would run it.
#   BENCH_PG_ADMIN_URL="$(bash bench/tuned-postgres.sh)" npm run bench -- accrual
# Needs Debian's postgresql-common (pg_createcluster) and root. The cluster, `kaskita-bench` on 127.0.0.1:5433
# (BENCH_TUNED_PG_PORT), trusts loopback logins and holds only the benches' throwaway databases; the settings file is
# copied again at each call, so a change to it is measured. Removed with: pg_dropcluster --stop <version> kaskita-bench
set -euo pipefail

port="${BENCH_TUNED_PG_PORT:-5433}"
cluster=kaskita-bench
root="$(cd "$(dirname "$0")/.." && pwd)"
log() { echo "tuned-postgres: $*" >&2; }

version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
dir="/etc/postgresql/$version/$cluster"
if [ ! -d "$dir" ]; then
  log "creating cluster $version/$cluster on port $port"
  pg_createcluster -p "$port" "$version" "$cluster" >&2
fi
# The production file, but listening on loopback only (a later line wins).
{
  cat "$root/deploy/postgresql.conf"
  echo "listen_addresses = '127.0.0.1'"
} >"$dir/conf.d/kaskita.conf"
cat >"$dir/pg_hba.conf" <<'HBA'
local all all peer
host all all 127.0.0.1/32 trust
HBA
chown postgres:postgres "$dir/conf.d/kaskita.conf" "$dir/pg_hba.conf"
# A restart, not a reload: shared_buffers and wal_buffers are read at start only.
pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" restart >&2 ||
  pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start >&2
for _ in $(seq 1 30); do
  psql -XAtq "postgres://postgres@127.0.0.1:$port/postgres" -c 'select 1' >/dev/null 2>&1 && break
  sleep 1
done
log "$(psql -XAtq "postgres://postgres@127.0.0.1:$port/postgres" \
  -c "select string_agg(name || '=' || current_setting(name), ' ') from pg_settings where name in ('shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'wal_compression')")"
echo "postgres://postgres@127.0.0.1:$port/postgres"
