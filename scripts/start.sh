#!/usr/bin/env bash
# `npm start`: set up what is missing, build the wasm (and the page), serve it.
# PORT (default 8080) picks the port.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh
bash scripts/build-wasm.sh
exec node scripts/serve.mjs
