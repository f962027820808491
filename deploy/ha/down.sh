#!/usr/bin/env bash
# Stops what deploy/ha/up.sh DIR started (by the pids it recorded), the pooler first, then removes nothing:
# `rm -rf DIR` afterwards discards the data.
set -uo pipefail
DIR=${1:?usage: deploy/ha/down.sh DIR}
for name in pgbouncer haproxy patroni2 patroni1 etcd; do
  [ -f "$DIR/$name.pid" ] || continue
  pid=$(cat "$DIR/$name.pid")
  kill -TERM "$pid" 2>/dev/null
done
for name in pgbouncer haproxy patroni2 patroni1 etcd; do
  [ -f "$DIR/$name.pid" ] || continue
  pid=$(cat "$DIR/$name.pid")
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$DIR/$name.pid"
done
# A PostgreSQL whose Patroni was killed (kill-primary.sh) has no parent left to stop it.
for node in 1 2; do
  pidfile="$DIR/node$node/postmaster.pid"
  [ -f "$pidfile" ] && kill -QUIT "$(head -1 "$pidfile")" 2>/dev/null
done
exit 0
