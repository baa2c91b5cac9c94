#!/usr/bin/env bash
# The consumer test: `npm pack` (which runs `prepack`: set-up and wasm build), then the
# tarball installed into a fresh temporary project, used the ways a user would:
#   1. Node ESM:      import 'alfiere' and 'alfiere/engine' (worker thread)
#   2. Node require:  require('alfiere')
#   3. TypeScript:    tsc --noEmit against the package's types (bundler and NodeNext)
#   4. Vite:          a production build of a page importing 'alfiere' and 'alfiere/engine'
#   5. Chromium:      the plain module-script page and the Vite build in headless Chromium
#                     (playwright-core, /usr/bin/chromium): the Engine in its Web Worker
#                     gives a legal best move and stops an infinite analysis in 50 ms.
#   6. The board:     'alfiere/board' on a plain HTML page and the same page built by Vite:
#                     two boards (Alice against the engine, Chess-Gi between people) played
#                     by click, drag, keyboard and a drop, storage, bad attributes.
# Vite, TypeScript and playwright-core come from this repository's devDependencies; the
# tarball has no dependencies, so installing it needs no network.
# ALFIERE_NO_BROWSER=1 skips step 5. KEEP_CONSUMER=1 keeps the temporary project.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
repo="$PWD"

log() { printf '[consumer] %s\n' "$*"; }

work="$(mktemp -d "${TMPDIR:-/tmp}/alfiere-consumer.XXXXXX")"
cleanup() { if [ "${KEEP_CONSUMER:-0}" = 1 ]; then log "kept $work"; else rm -rf "$work"; fi; }
trap cleanup EXIT

log "npm pack (prepack builds the wasm if needed)"
npm pack --json --pack-destination "$work" > "$work/pack.json"
node tests/consumer/check-tarball.mjs < "$work/pack.json"
tarball="$work/$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))[0].filename)' "$work/pack.json")"

app="$work/app"
cp -r tests/consumer/app "$app"
log "npm install $(basename "$tarball") into a fresh project"
(cd "$app" && npm install --no-audit --no-fund --no-package-lock --offline "$tarball" > /dev/null)

log "1. Node ESM"
puzzle_files="$(cd data/puzzles 2>/dev/null && ls -- *.csv 2>/dev/null | tr '\n' ' ' || true)"
(cd "$app" && ALFIERE_PUZZLE_FILES="$puzzle_files" node node-esm.mjs)
log "2. Node require"
(cd "$app" && node node-cjs.cjs)

log "3. TypeScript (bundler and NodeNext resolution)"
(cd "$app" && "$repo/node_modules/.bin/tsc" -p tsconfig.bundler.json && "$repo/node_modules/.bin/tsc" -p tsconfig.nodenext.json)
log "   types check"

log "4. Vite production build (the engine page and the boards page)"
(cd "$app/web" && "$repo/node_modules/.bin/vite" build --base ./ --outDir dist --emptyOutDir --logLevel warn)
(cd "$app/boards" && "$repo/node_modules/.bin/vite" build --base ./ --outDir dist --emptyOutDir --logLevel warn)
node -e '
  const fs = require("fs"), path = require("path");
  const dir = path.join(process.argv[1], "dist/assets");
  const files = fs.readdirSync(dir);
  const wasm = files.filter((f) => f.endsWith(".wasm"));
  const workers = files.filter((f) => /engine-worker/.test(f));
  if (wasm.length === 0 || workers.length === 0) { console.error("dist/assets:", files); process.exit(1); }
  console.log(`   dist/assets: ${files.length} files, wasm ${wasm.join(" ")}, worker ${workers.join(" ")}`);
' "$app/web"

if [ "${ALFIERE_NO_BROWSER:-0}" = 1 ]; then
  log "5-6. headless Chromium: skipped (ALFIERE_NO_BROWSER=1)"
  exit 0
fi
log "5. headless Chromium: plain module script and the Vite build"
node tests/consumer/run-browser.mjs "$app"
log "6. the board component: plain HTML page and the Vite build"
node tests/consumer/run-boards.mjs "$app"
