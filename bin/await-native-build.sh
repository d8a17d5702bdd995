#!/usr/bin/env bash
# Waits for the better-sqlite3 compile that `bin/install-deps.sh --native-in-background` started,
# if one is under way, and fails with its log when it failed. Anything that opens a SQLite
# database (Vitest, the end-to-end servers, bin/goldenset) runs after this.
set -euo pipefail
cd "$(dirname "$0")/.."
native_dir=node_modules/.cache/goldenset-native-build
[ -f "$native_dir/started" ] || exit 0
while [ ! -f "$native_dir/status" ]; do sleep 0.5; done
status="$(cat "$native_dir/status")"
if [ "$status" != 0 ]; then
  cat "$native_dir/log" >&2
  echo "› better-sqlite3 failed to compile (npm rebuild better-sqlite3, exit $status): the log is above." >&2
  exit 1
fi
