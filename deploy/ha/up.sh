#!/usr/bin/env bash
# The production database topology on one machine, from Debian's packages (docs/deployment.md):
#   etcd (the consensus store) → two Patroni nodes running PostgreSQL 15, a primary and a synchronous
#   standby, with automatic failover → HAProxy, whose one port always leads to the primary (it asks each
#   node's Patroni REST API GET /primary) → PgBouncer in transaction mode in front of HAProxy; WAL archived
#   continuously by pgBackRest from whichever node is primary, and a first full backup taken.
# The API takes DATABASE_URL = PgBouncer (requests) and DATABASE_DIRECT_URL = HAProxy (LISTEN, pg-boss,
# migrations); both are written to DIR/annie.env. Loopback only, trust authentication: a rehearsal and
# a test bed; production hosts take the same files with scram-sha-256 and one node per machine.
#
#   deploy/ha/up.sh DIR          start everything in DIR (created; ports are free ones picked now)
#   deploy/ha/down.sh DIR        stop what up.sh started in DIR
#   deploy/ha/kill-primary.sh DIR   kill -9 the current primary's Patroni and PostgreSQL (chaos)
set -euo pipefail
DIR=${1:?usage: deploy/ha/up.sh DIR}
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
for tool in etcd patroni haproxy pgbouncer pgbackrest curl "$PG_BIN/postgres"; do
  command -v "$tool" >/dev/null || {
    echo "missing $tool: apt-get install etcd-server patroni haproxy pgbouncer pgbackrest curl postgresql-15" >&2
    exit 1
  }
done
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)

# PostgreSQL and PgBouncer refuse to run as root: run everything as the postgres account then. setpriv
# execs (no process in between), so a recorded pid is the service's own.
AS_OWNER=(env HOME="$DIR")
if [ "$(id -u)" = 0 ]; then
  AS_OWNER=(setpriv --reuid=postgres --regid=postgres --init-groups env HOME="$DIR")
  chown postgres: "$DIR"
fi
as_owner() { "${AS_OWNER[@]}" "$@"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
start() { # name, command…: started in the background as the owner, its pid kept in DIR/name.pid
  local name=$1
  shift
  "${AS_OWNER[@]}" "$@" >>"$DIR/$name.log" 2>&1 &
  echo $! >"$DIR/$name.pid"
}
wait_for() { # what, seconds, command…
  local what=$1 seconds=$2
  shift 2
  for _ in $(seq $((seconds * 10))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "$what did not come up in ${seconds}s (logs in $DIR)" >&2
  exit 1
}

ETCD=$(free_port) ETCD_PEER=$(free_port) PG1=$(free_port) PG2=$(free_port)
REST1=$(free_port) REST2=$(free_port) PRIMARY=$(free_port) BOUNCER=$(free_port)
cat >"$DIR/ports" <<PORTS
ETCD=$ETCD
PG1=$PG1
PG2=$PG2
REST1=$REST1
REST2=$REST2
PRIMARY=$PRIMARY
BOUNCER=$BOUNCER
PORTS

start etcd etcd --name annie-etcd --data-dir "$DIR/etcd" \
  --listen-client-urls "http://127.0.0.1:$ETCD" --advertise-client-urls "http://127.0.0.1:$ETCD" \
  --listen-peer-urls "http://127.0.0.1:$ETCD_PEER" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER" \
  --initial-cluster "annie-etcd=http://127.0.0.1:$ETCD_PEER"
wait_for etcd 20 curl -sf "http://127.0.0.1:$ETCD/health"

# ttl 5 s, checked every second: a dead primary's leader key lapses within 5 s and the synchronous
# standby takes over (Patroni requires loop_wait + 2 × retry_timeout ≤ ttl).
for node in 1 2; do
  pg_port_var="PG$node" rest_port_var="REST$node"
  cat >"$DIR/patroni$node.yml" <<YAML
scope: annie
name: node$node
restapi:
  listen: 127.0.0.1:${!rest_port_var}
  connect_address: 127.0.0.1:${!rest_port_var}
etcd3:
  hosts: 127.0.0.1:$ETCD
bootstrap:
  dcs:
    ttl: 5
    loop_wait: 1
    retry_timeout: 2
    maximum_lag_on_failover: 0
    synchronous_mode: true
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      parameters:
        wal_level: replica
        hot_standby: "on"
        wal_log_hints: "on"
        max_connections: 200
        max_wal_senders: 10
        max_replication_slots: 10
  initdb:
    - encoding: UTF8
    - data-checksums
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 trust
    - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${!pg_port_var}
  connect_address: 127.0.0.1:${!pg_port_var}
  data_dir: $DIR/node$node
  bin_dir: $PG_BIN
  pgpass: $DIR/pgpass$node
  authentication:
    superuser:
      username: postgres
      password: postgres
    replication:
      username: replicator
      password: replicator
  parameters:
    unix_socket_directories: $DIR
    # Every WAL segment to pgBackRest's repository, from whichever node is the primary (each names its own
    # data folder: %p is relative to it).
    archive_mode: "on"
    archive_command: pgbackrest --config=$DIR/pgbackrest.conf --stanza=annie --pg1-path=$DIR/node$node archive-push %p
    archive_timeout: 60
YAML
done
[ "$(id -u)" = 0 ] && chown postgres: "$DIR"/patroni*.yml
# pgBackRest: the repository (here a folder; in production another host or object storage) and both
# nodes; `backup` finds whichever is the primary.
cat >"$DIR/pgbackrest.conf" <<CONF
[global]
repo1-path=$DIR/backups
repo1-retention-full=2
lock-path=$DIR/pgbackrest-lock
log-path=$DIR
log-level-file=off
log-level-console=warn
start-fast=y
[annie]
pg1-path=$DIR/node1
pg1-port=$PG1
pg1-socket-path=$DIR
pg1-user=postgres
pg2-path=$DIR/node2
pg2-port=$PG2
pg2-socket-path=$DIR
pg2-user=postgres
CONF
[ "$(id -u)" = 0 ] && chown postgres: "$DIR/pgbackrest.conf"
start patroni1 patroni "$DIR/patroni1.yml"
wait_for "the first node (primary)" 60 curl -sf "http://127.0.0.1:$REST1/primary"
start patroni2 patroni "$DIR/patroni2.yml"
wait_for "the synchronous standby" 90 curl -sf "http://127.0.0.1:$REST2/sync"

cat >"$DIR/haproxy.cfg" <<CFG
global
  maxconn 2000
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
listen primary
  bind 127.0.0.1:$PRIMARY
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
  server node1 127.0.0.1:$PG1 check port $REST1
  server node2 127.0.0.1:$PG2 check port $REST2
CFG
start haproxy haproxy -f "$DIR/haproxy.cfg" -db
# HAProxy counts a server up until its first checks fail: wait until its port leads to the primary only.
is_primary() { [ "$(as_owner "$PG_BIN/psql" -h 127.0.0.1 -p "$PRIMARY" -U postgres -d postgres -Atc 'select pg_is_in_recovery()')" = f ]; }
primary_only() { for _ in 1 2 3 4 5 6; do is_primary || return 1; done; }
sleep 1.5
wait_for "haproxy to the primary" 20 primary_only

as_owner "$PG_BIN/psql" -h 127.0.0.1 -p "$PRIMARY" -U postgres -d postgres -v ON_ERROR_STOP=1 -q \
  -c "create role annie login" -c "create database annie owner annie"

# The stanza and a first full backup (later ones: deploy/pgbackrest/annie-backup-*.timer, or deploy/ha/backup.sh DIR --type=diff backup).
as_owner pgbackrest --config="$DIR/pgbackrest.conf" --stanza=annie stanza-create
as_owner pgbackrest --config="$DIR/pgbackrest.conf" --stanza=annie --type=full backup

cat >"$DIR/userlist.txt" <<USERS
"annie" ""
USERS
cat >"$DIR/pgbouncer.ini" <<INI
[databases]
annie = host=127.0.0.1 port=$PRIMARY dbname=annie
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $BOUNCER
unix_socket_dir =
auth_type = trust
auth_file = $DIR/userlist.txt
pool_mode = transaction
default_pool_size = 20
max_client_conn = 1000
server_login_retry = 1
ignore_startup_parameters = extra_float_digits
INI
[ "$(id -u)" = 0 ] && chown postgres: "$DIR/userlist.txt" "$DIR/pgbouncer.ini"
start pgbouncer pgbouncer "$DIR/pgbouncer.ini"
wait_for pgbouncer 20 "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$BOUNCER"

cat >"$DIR/annie.env" <<ENV
DATABASE_URL=postgres://annie@127.0.0.1:$BOUNCER/annie
DATABASE_DIRECT_URL=postgres://annie@127.0.0.1:$PRIMARY/annie
PGBACKREST_STANZA=annie
PGBACKREST_CONFIG=$DIR/pgbackrest.conf
ENV
echo "HA PostgreSQL is up in $DIR: primary node1 (:$PG1), synchronous standby node2 (:$PG2), HAProxy :$PRIMARY, PgBouncer :$BOUNCER, pgBackRest stanza annie"
echo "API settings: $DIR/annie.env"
