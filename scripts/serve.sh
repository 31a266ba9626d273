#!/bin/sh
# Starts one of the service's processes as `npm start`, `npm run start:prod`, `start:cluster` and
# `start:redirector` do: builds it first when the build is stale (unless --built), then replaces this shell with
# node, so signals (SIGTERM at shutdown) reach the service itself.
#
# Usage: scripts/serve.sh <app> <entry> [--built]    e.g. scripts/serve.sh api main, scripts/serve.sh api cluster
#
# MALLOC_ARENA_MAX=2 (unless set): glibc gives each thread that allocates (V8's garbage-collector helpers,
# libuv's pool) an arena of its own, and memory freed in one of them is seldom handed back; under load a
# redirector's resident memory grew about 4 times faster than what its cache held (docs/benchmarks-history.md, the
# redirect-scale memory figures). Two arenas cost no measurable throughput here. The benchmarks start their
# processes with the same default (bench/lib/context.ts).
set -e
app="$1"
entry="$2"
if [ "$3" != "--built" ]; then node "$(dirname "$0")/build-if-stale.js" "$app"; fi
: "${MALLOC_ARENA_MAX:=2}"
export MALLOC_ARENA_MAX
exec node "dist/apps/$app/apps/$app/src/$entry.js"
