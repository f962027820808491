#!/usr/bin/env bash
# After a crash (kill-primary.sh) or a machine's restart: start the node's Patroni again. Patroni finds a
# newer timeline in etcd, rewinds the old primary's data folder onto it (`use_pg_rewind`, the `pg_rewind`
# of PostgreSQL 15) and starts it as a replica of the new primary; it waits here until the node's REST API
# answers GET /replica (running, streaming, in the cluster) and prints how long that took, in ms.
#   deploy/ha/rejoin-node.sh DIR node1
set -euo pipefail
DIR=${1:?usage: deploy/ha/rejoin-node.sh DIR NODE}
NODE=${2:?usage: deploy/ha/rejoin-node.sh DIR NODE (node1 or node2)}
. "$DIR/ports"
n=${NODE#node}
rest_var="REST$n"
AS_OWNER=(env HOME="$DIR")
[ "$(id -u)" = 0 ] && AS_OWNER=(setpriv --reuid=postgres --regid=postgres --init-groups env HOME="$DIR")
# A PostgreSQL left without its Patroni (kill -9 of Patroni alone) is stopped first: Patroni starts its own.
pidfile="$DIR/$NODE/postmaster.pid"
if [ -f "$pidfile" ] && kill -0 "$(head -1 "$pidfile")" 2>/dev/null; then
  kill -QUIT "$(head -1 "$pidfile")"
  for _ in $(seq 100); do kill -0 "$(head -1 "$pidfile" 2>/dev/null)" 2>/dev/null || break; sleep 0.1; done
fi
started=$(date +%s%3N)
"${AS_OWNER[@]}" patroni "$DIR/patroni$n.yml" >>"$DIR/patroni$n.log" 2>&1 &
echo $! >"$DIR/patroni$n.pid"
for _ in $(seq 1200); do
  if curl -sf "http://127.0.0.1:${!rest_var}/replica" >/dev/null; then
    echo $(($(date +%s%3N) - started))
    exit 0
  fi
  sleep 0.1
done
echo "$NODE did not rejoin as a replica in 120 s (log: $DIR/patroni$n.log)" >&2
exit 1
