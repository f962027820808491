#!/usr/bin/env bash
# Chaos: kill -9 the current primary's Patroni and its PostgreSQL, as a crashed machine would leave them.
# Prints the killed node's name.
set -euo pipefail
DIR=${1:?usage: deploy/ha/kill-primary.sh DIR}
. "$DIR/ports"
for node in 1 2; do
  rest_var="REST$node"
  if curl -sf "http://127.0.0.1:${!rest_var}/primary" >/dev/null; then
    patroni=$(cat "$DIR/patroni$node.pid")
    postmaster=$(head -1 "$DIR/node$node/postmaster.pid")
    kill -KILL "$patroni" "$postmaster"
    echo "node$node"
    exit 0
  fi
done
echo "no primary answers" >&2
exit 1
