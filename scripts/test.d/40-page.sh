#!/usr/bin/env bash
# Test stage: the page (issue 7). Builds dist/page and the single-file build, serves
# dist/page on a free port, runs the end-to-end tests in tests/page/ with Debian's
# Chromium (playwright-core), and stops the server whatever happens.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

log() { printf '[page] %s\n' "$*"; }

if [ "${ALFIERE_NO_BROWSER:-0}" = 1 ]; then
  log "skipped (ALFIERE_NO_BROWSER=1)"
  exit 0
fi

node scripts/build-page.mjs

server_log="$(mktemp)"
PORT=0 node scripts/serve.mjs >"$server_log" 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -f "$server_log"
}
trap cleanup EXIT

url=""
for _ in $(seq 1 100); do
  url="$(grep -o 'http://localhost:[0-9]*/' "$server_log" | head -n 1 || true)"
  [ -n "$url" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then
    cat "$server_log" >&2
    echo "[page] error: the server did not start" >&2
    exit 1
  fi
  sleep 0.1
done
[ -n "$url" ] || { echo "[page] error: no URL from the server" >&2; exit 1; }
log "serving at $url"

start=$(date +%s)
PAGE_URL="$url" node --test --test-concurrency=1 tests/page/*.test.mjs
log "end-to-end tests took $(( $(date +%s) - start )) s"
