#!/usr/bin/env bash
# The API tier on the database tier of deploy/ha/up.sh DIR, on one machine: N API instances (this
# repository's `node api/src/main.ts`, built pages served when `node scripts/annie.mjs build` ran) behind
# HAProxy as the HTTP load balancer (least connections; an instance whose GET /readyz fails gets no
# traffic; event streams and WebSockets pass through). deploy/ha/down.sh DIR stops them too.
#
#   deploy/ha/api.sh DIR [N=2]     prints the load balancer's URL
set -euo pipefail
DIR=${1:?usage: deploy/ha/api.sh DIR [N]}
N=${2:-2}
DIR=$(cd "$DIR" && pwd)
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
[ -f "$DIR/annie.env" ] || { echo "run deploy/ha/up.sh $DIR first" >&2; exit 1; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# One SESSION_SECRET for every instance (a session made on one is valid on the others).
[ -f "$DIR/session-secret" ] || (umask 077 && openssl rand -base64 48 | tr -d '\n' >"$DIR/session-secret")
LB=$(free_port)
servers=""
for i in $(seq "$N"); do
  port=$(free_port)
  (
    set -a
    . "$DIR/annie.env"
    set +a
    cd "$ROOT"
    exec env NODE_ENV=production HOST=127.0.0.1 PORT="$port" PUBLIC_URL="http://127.0.0.1:$LB" TRUST_PROXY=true \
      SESSION_SECRET="$(cat "$DIR/session-secret")" EXPECTED_INSTANCES="$N" DATA_DIR="$DIR/api-$i" \
      node api/src/main.ts
  ) >>"$DIR/api-$i.log" 2>&1 &
  echo $! >"$DIR/api-$i.pid"
  servers+="  server api$i 127.0.0.1:$port check"$'\n'
done

cat >"$DIR/lb.cfg" <<CFG
global
  maxconn 4000
defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout tunnel 1h
  timeout check 2s
listen api
  bind 127.0.0.1:$LB
  balance leastconn
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 1
$servers
CFG
haproxy -f "$DIR/lb.cfg" -db >>"$DIR/lb.log" 2>&1 &
echo $! >"$DIR/lb.pid"

for _ in $(seq 600); do
  up=$(for i in $(seq "$N"); do grep -c '"AnnieAI is ready"' "$DIR/api-$i.log" 2>/dev/null || true; done | grep -c '^[1-9]' || true)
  [ "$up" = "$N" ] && curl -sf "http://127.0.0.1:$LB/readyz" >/dev/null && break
  sleep 0.1
done
curl -sf "http://127.0.0.1:$LB/readyz" >/dev/null || { echo "the API instances did not become ready (logs in $DIR/api-*.log)" >&2; exit 1; }
echo "$N API instances behind http://127.0.0.1:$LB (first admin's password, if generated: $DIR/api-1.log)"
