#!/usr/bin/env bash
# Stops what deploy/ha/up.sh and api.sh started in DIR (by the pids they recorded), the API tier first; removes nothing:
# `rm -rf DIR` afterwards discards the data.
set -uo pipefail
DIR=${1:?usage: deploy/ha/down.sh DIR}
# Stops the named services (TERM, then waits for each up to 30 s).
stop() {
  for name in "$@"; do [ -f "$DIR/$name.pid" ] && kill -TERM "$(cat "$DIR/$name.pid")" 2>/dev/null; done
  for name in "$@"; do
    [ -f "$DIR/$name.pid" ] || continue
    pid=$(cat "$DIR/$name.pid")
    for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    rm -f "$DIR/$name.pid"
  done
}
# The API tier of deploy/ha/api.sh first (its instances drain on SIGTERM), then the database tier.
# shellcheck disable=SC2046 # one word per pid file
stop $(cd "$DIR" && ls lb.pid api-*.pid 2>/dev/null | sed 's/\.pid$//')
stop pgbouncer haproxy patroni2 patroni1 etcd
# A PostgreSQL whose Patroni was killed (kill-primary.sh) has no parent left to stop it.
for node in 1 2; do
  pidfile="$DIR/node$node/postmaster.pid"
  [ -f "$pidfile" ] && kill -QUIT "$(head -1 "$pidfile")" 2>/dev/null
done
exit 0
