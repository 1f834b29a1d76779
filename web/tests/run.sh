#!/usr/bin/env bash
# The browser tests: builds `tabletop`, starts `tabletop serve` on a free loopback port, runs
# the Playwright tests in Debian's headless Chromium, and stops the server however they end.
# Needs /usr/bin/chromium (`apt-get install chromium`) and `npm ci` here first (.ci/run does both).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

cargo build --quiet -p tabletop
bin="$root/target/debug/tabletop"
log="$(mktemp)"
"$bin" serve --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT

url=""
for _ in $(seq 1 100); do
  url="$(grep -o 'http://127.0.0.1:[0-9]*/' "$log" || true)"
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "the server did not start"; cat "$log"; exit 1; }
echo "server at $url"

cd "$here"
TABLETOP_URL="$url" TABLETOP_BIN="$bin" SCREENSHOTS="$root/target/screenshots" \
  node --test --test-concurrency=1 pages.test.mjs games.test.mjs
