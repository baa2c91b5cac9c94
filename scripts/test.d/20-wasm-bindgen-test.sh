#!/usr/bin/env bash
# The wasm classes (src/wasm/tests.rs) compiled to wasm32 and run by wasm-bindgen-test:
# first in Node, then in headless Chromium through Debian's chromedriver
# (tests/wasm/webdriver.json adds the flags that keep Chromium off the network).
# The runner is set in .cargo/config.toml. ALFIERE_NO_BROWSER=1 skips the browser run.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in
  *":$cargo_bin:"*) ;;
  *) export PATH="$cargo_bin:$PATH" ;;
esac

log() { printf '[wasm-bindgen-test] %s\n' "$*"; }

log "Node"
cargo test --target wasm32-unknown-unknown --lib

if [ "${ALFIERE_NO_BROWSER:-0}" = 1 ]; then
  log "headless Chromium: skipped (ALFIERE_NO_BROWSER=1)"
  exit 0
fi
log "headless Chromium"
WASM_BINDGEN_USE_BROWSER=1 \
CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}" \
WASM_BINDGEN_TEST_WEBDRIVER_JSON="$PWD/tests/wasm/webdriver.json" \
  cargo test --target wasm32-unknown-unknown --lib
