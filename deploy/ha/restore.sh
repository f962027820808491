#!/usr/bin/env bash
# Point-in-time restore of the Patroni cluster of deploy/ha/up.sh DIR from pgBackRest's repository:
#   deploy/ha/restore.sh DIR '2026-11-29 02:30:00+00'
# Stop the API tier first (its instances would write to the old timeline until the stop). Then this:
#   1. stops both Patroni nodes (each stops its PostgreSQL) and removes the cluster's keys from etcd,
#   2. keeps both data folders aside as nodeN.before-restore-<time> (delete them once the restore is checked),
#   3. bootstraps node1 with Patroni's custom bootstrap method: `pgbackrest restore --type=time` to the
#      target, recovery up to it, then promotion — a new timeline that pgBackRest archives on,
#   4. starts node2, which Patroni clones from the new primary (its synchronous standby again).
# HAProxy and PgBouncer stay up and lead to the restored primary once it answers GET /primary.
set -euo pipefail
DIR=${1:?usage: deploy/ha/restore.sh DIR TARGET-TIME}
TARGET=${2:?usage: deploy/ha/restore.sh DIR TARGET-TIME (e.g. '2026-11-29 02:30:00+00')}
. "$DIR/ports"
AS_OWNER=(env HOME="$DIR")
[ "$(id -u)" = 0 ] && AS_OWNER=(setpriv --reuid=postgres --regid=postgres --init-groups env HOME="$DIR")
as_owner() { "${AS_OWNER[@]}" "$@"; }
stop() { # Patroni node: TERM (it stops its PostgreSQL), then wait up to 60 s
  local pidfile="$DIR/patroni$1.pid"
  [ -f "$pidfile" ] || return 0
  local pid
  pid=$(cat "$pidfile")
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$pidfile"
  # A PostgreSQL whose Patroni was killed earlier has no parent left to stop it.
  local postmaster="$DIR/node$1/postmaster.pid"
  if [ -f "$postmaster" ] && kill -0 "$(head -1 "$postmaster")" 2>/dev/null; then
    kill -QUIT "$(head -1 "$postmaster")"
    for _ in $(seq 100); do kill -0 "$(head -1 "$postmaster" 2>/dev/null)" 2>/dev/null || break; sleep 0.1; done
  fi
}
wait_for() { # what, seconds, url, the Patroni node's pid file (its exit ends the wait at once)
  for _ in $(seq $(($2 * 10))); do
    curl -sf "$3" >/dev/null 2>&1 && return 0
    kill -0 "$(cat "$4")" 2>/dev/null || { echo "$1: Patroni exited (logs in $DIR)" >&2; exit 1; }
    sleep 0.1
  done
  echo "$1 did not come up in $2 s (logs in $DIR)" >&2
  exit 1
}

stop 2
stop 1
printf 'annie\nYes I am aware\n' | as_owner patronictl -c "$DIR/patroni1.yml" remove annie >/dev/null
stamp=$(date +%Y%m%dT%H%M%S)
for node in 1 2; do [ -d "$DIR/node$node" ] && mv "$DIR/node$node" "$DIR/node$node.before-restore-$stamp"; done

# node1's bootstrap: the restore instead of initdb (Patroni's custom bootstrap method). pgBackRest writes
# the recovery settings (restore_command, the target, promote) and recovery.signal; Patroni keeps them.
as_owner python3 - "$DIR/patroni1.yml" "$DIR" "$TARGET" <<'PY'
import sys, yaml
path, folder, target = sys.argv[1:4]
with open(path) as f:
    config = yaml.safe_load(f)
config['bootstrap']['method'] = 'pgbackrest'
config['bootstrap']['pgbackrest'] = {
    'command': f"pgbackrest --config={folder}/pgbackrest.conf --stanza=annie --pg1-path={folder}/node1 "
               f"--type=time \"--target={target}\" --target-action=promote restore",
    'keep_existing_recovery_conf': True,
    'no_params': True,
}
with open(path, 'w') as f:
    yaml.safe_dump(config, f, sort_keys=False)
PY
started=$(date +%s%3N)
# Started directly (not through the as_owner function, a subshell): $! is then Patroni itself, which down.sh stops.
"${AS_OWNER[@]}" patroni "$DIR/patroni1.yml" >>"$DIR/patroni1.log" 2>&1 &
echo $! >"$DIR/patroni1.pid"
wait_for "the restored primary" 180 "http://127.0.0.1:$REST1/primary" "$DIR/patroni1.pid"
"${AS_OWNER[@]}" patroni "$DIR/patroni2.yml" >>"$DIR/patroni2.log" 2>&1 &
echo $! >"$DIR/patroni2.pid"
wait_for "the standby cloned from it" 180 "http://127.0.0.1:$REST2/replica" "$DIR/patroni2.pid"
echo "restored to $TARGET in $(($(date +%s%3N) - started)) ms (node1 primary, node2 its standby)"
