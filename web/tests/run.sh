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
  node --test --test-concurrency=1 pages.test.mjs games.test.mjs site.test.mjs

# The same tests against the static site (`cargo xtask site`, built by .ci/run first) on a
# plain static file server, from a sub-folder as a project's pages are published (the server's
# root holds a link `tabletop` to the site): the pages compute in a Web Worker and never call
# /api/ (the harness fails any test that does); tests of the API itself are skipped there.
# site.test.mjs also opens the folder's pages from disk (file://).
if [ -f "$root/target/site/tabletop_wasm_bg.wasm" ]; then
  static_log="$(mktemp)"
  static_root="$(mktemp -d)"
  ln -s "$root/target/site" "$static_root/tabletop"
  python3 -u -m http.server 0 --bind 127.0.0.1 -d "$static_root" >"$static_log" 2>&1 &
  static=$!
  trap 'kill "$server" "$static" 2>/dev/null || true; wait "$server" "$static" 2>/dev/null || true; rm -rf "$log" "$static_log" "$static_root"' EXIT
  static_url=""
  for _ in $(seq 1 100); do
    port="$(grep -o 'port [0-9]*' "$static_log" | grep -o '[0-9]*' || true)"
    [ -n "$port" ] && static_url="http://127.0.0.1:$port/tabletop/" && break
    kill -0 "$static" 2>/dev/null || { cat "$static_log"; exit 1; }
    sleep 0.1
  done
  [ -n "$static_url" ] || { echo "the static server did not start"; exit 1; }
  echo "static site at $static_url"
  TABLETOP_URL="$static_url" TABLETOP_STATIC=1 TABLETOP_SITE_DIR="$root/target/site" TABLETOP_BIN="$bin" \
    SCREENSHOTS="$root/target/screenshots/site" node --test --test-concurrency=1 site.test.mjs pages.test.mjs games.test.mjs
elif [ -n "${TABLETOP_REQUIRE_SITE:-}" ]; then
  echo "no target/site/tabletop_wasm_bg.wasm: cargo xtask site did not build the static site"
  exit 1
else
  echo "no target/site: run cargo xtask site for the static site's run"
fi
