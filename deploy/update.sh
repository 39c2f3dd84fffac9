#!/bin/sh
# Installs version <version> of utilaje beside the one running and moves the instances to it one at a
# time (docs/operations.md, step 7): usage `sh deploy/update.sh <repository> <version>`, as root.
#
# It stops at the first step that fails (set -e): until the switch of `current`, the instances still
# run the previous release, untouched. An instance that is not ready in time after its restart puts
# `current` back and restarts the instances already moved; if the previous release is not ready
# either (the new one migrated the database), the backup taken before the switch is the way back.
set -eu

if [ "$#" -ne 2 ]; then
  echo "usage: $0 <repository> <version>" >&2
  exit 2
fi
repository=$1
version=$2
# The layout of docs/operations.md; the variables exist for tests/deploy/update-script.test.ts.
base=${UTILAJE_BASE:-/opt/utilaje}
ports=${UTILAJE_PORTS:-3001 3002}
backups=${UTILAJE_BACKUPS:-/var/backups/utilaje}
# Seconds an instance may take to answer /readyz after its restart (it migrates the database first).
ready_timeout=${READY_TIMEOUT:-120}
# nginx skips an instance that refused it a connection (while it restarted) for the upstream's
# fail_timeout (5 s): restarting the next one sooner leaves nginx no instance to use (502).
pause=6

previous=$(readlink -f "$base/current")
stamp=$(date -u +%Y%m%d-%H%M%S)
release=$base/releases/$stamp
backup=$backups/utilaje-before-$stamp.backup.gz
switched=no

stopped() {
  status=$?
  if [ "$status" -ne 0 ] && [ "$switched" = no ]; then
    echo "update stopped before the switch: the instances still run $previous; remove $release" >&2
  fi
}
trap stopped EXIT

# A new link renamed over the old one: `current` always names a whole release.
switch_to() {
  ln -sfn "$1" "$base/current.next"
  mv -T "$base/current.next" "$base/current"
}

# Restarts utilaje@$1 and waits for its /readyz; fails when it is not ready within ready_timeout.
restart() {
  systemctl restart "utilaje@$1"
  waited=0
  until curl -sf --max-time 5 "http://127.0.0.1:$1/readyz" >/dev/null; do
    if [ "$waited" -ge "$ready_timeout" ]; then return 1; fi
    sleep 1
    waited=$((waited + 1))
  done
}

install -d "$base/releases"
git clone --depth 1 --branch "$version" "$repository" "$release"
(cd "$release" && npm ci && npm run build)
chown -R root:root "$release"
# The database as it is before the new version migrates it: going back to a release with other
# migrations means restoring this (docs/operations.md, Backup and restore).
install -d -m 0700 "$backups"
systemd-run --quiet --wait --pipe --collect -p EnvironmentFile=/etc/utilaje/utilaje.env \
  --working-directory="$previous" "$previous/node_modules/.bin/node" server/cli/backup.ts "$backup"

switch_to "$release"
switched=yes
moved=""
for port in $ports; do
  moved="$moved $port"
  if ! restart "$port"; then
    echo "utilaje@$port not ready within ${ready_timeout} s: switching back to $previous (see journalctl -u utilaje@$port)" >&2
    switch_to "$previous"
    for back in $moved; do
      if ! restart "$back"; then
        echo "utilaje@$back is not ready on $previous either (the new release may have migrated the database):" >&2
        echo "restore $backup into an empty database (docs/operations.md, Backup and restore)" >&2
        exit 1
      fi
      sleep "$pause"
    done
    echo "back on $previous; $release is left for inspection" >&2
    exit 1
  fi
  sleep "$pause"
done
echo "utilaje runs $release (backup of the database before it: $backup)"
