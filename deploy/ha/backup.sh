#!/usr/bin/env bash
# pgBackRest on the topology of deploy/ha/up.sh DIR, as the database's account:
#   deploy/ha/backup.sh DIR --type=diff backup      a backup (full | diff | incr) from the current primary
#   deploy/ha/backup.sh DIR info                    what the repository holds
#   deploy/ha/backup.sh DIR check                   WAL archiving works from the current primary
set -euo pipefail
DIR=${1:?usage: deploy/ha/backup.sh DIR PGBACKREST-ARGS…}
shift
AS_OWNER=()
[ "$(id -u)" = 0 ] && AS_OWNER=(setpriv --reuid=postgres --regid=postgres --init-groups env HOME="$DIR")
exec "${AS_OWNER[@]}" pgbackrest --config="$DIR/pgbackrest.conf" --stanza=annie "$@"
