#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests of the web game's PostgreSQL store
# (cmd/farkle/web/pgstore and farkle serve -postgres), which read a
# connection string from FARKLE_TEST_POSTGRES. .ci/run uses it; by hand:
#
#	.ci/postgres.sh install          # Debian's postgresql, if missing
#	.ci/postgres.sh bindir           # where its programs are, or exit 1
#	dir=$(mktemp -d)
#	export FARKLE_TEST_POSTGRES=$(.ci/postgres.sh start "$dir")
#	go test ./cmd/farkle/...
#	.ci/postgres.sh stop "$dir"
#
# start makes a new cluster in DIR (initdb, not syncing its first files:
# 2.7 s, was 5.3; run as the user postgres when called as root, since
# PostgreSQL will not run as root), then serves it with fsync and
# synchronous_commit on as in production, listening only on a Unix socket
# in DIR, with a database "farkle"; it prints the connection string.
# stop stops that cluster and removes DIR.
set -euo pipefail

# bindir prints the directory of PostgreSQL's programs: Debian puts them
# under /usr/lib/postgresql/VERSION/bin, off the PATH.
bindir() {
	local d
	if command -v initdb >/dev/null; then
		dirname "$(readlink -f "$(command -v initdb)")"
		return
	fi
	for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
		if [ -x "$d/initdb" ]; then echo "$d"; return; fi
	done
	return 1
}

# as runs a command as the cluster's owner: postgres when we are root.
as() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

case "${1:-}" in
bindir)
	bindir
	;;
install)
	if bindir >/dev/null; then
		echo "PostgreSQL is installed: $(bindir)"
		exit 0
	fi
	sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql
	bindir >/dev/null || { echo "no initdb after installing postgresql"; exit 1; }
	;;
start)
	dir=${2:?usage: postgres.sh start DIR}
	bin=$(bindir) || { echo "PostgreSQL is not installed: run postgres.sh install" >&2; exit 1; }
	if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
	chmod 700 "$dir"
	as "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync --no-instructions >"$dir/initdb.log" 2>&1 ||
		{ cat "$dir/initdb.log" >&2; exit 1; }
	as "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -s \
		-o "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=on -c synchronous_commit=on -c max_connections=200" \
		start >&2 || { cat "$dir/server.log" >&2; exit 1; }
	as "$bin/createdb" -h "$dir" -U postgres farkle
	echo "host=$dir user=postgres dbname=farkle sslmode=disable"
	;;
stop)
	dir=${2:?usage: postgres.sh stop DIR}
	bin=$(bindir)
	if [ -f "$dir/data/postmaster.pid" ]; then
		as "$bin/pg_ctl" -D "$dir/data" -m fast -w -s stop || true
	fi
	rm -rf "$dir"
	;;
*)
	echo "usage: postgres.sh bindir | install | start DIR | stop DIR" >&2
	exit 2
	;;
esac
