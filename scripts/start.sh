#!/usr/bin/env bash
# `npm start`: set up what is missing, build the wasm and the page (dist/page), serve
# it at http://localhost:8080. PORT picks another port.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh
bash scripts/build-wasm.sh
node scripts/build-page.mjs
exec node scripts/serve.mjs
