#!/usr/bin/env bash
# `npm test`: every test of the project, in stages, on a fresh machine.
#
#   1. scripts/setup.sh      installs what is missing (idempotent)
#   2. cargo test            the Rust core, UCI, search, match runner, invariants
#                            (and the search margins' UCI options in a `tune` build)
#   3. scripts/build-wasm.sh the wasm module and its JS bindings (pkg/)
#   4. node --test tests/js  the package's JS tests in Node
#   5. scripts/test.d/*.sh   further stages in name order (browser, consumer, page,
#                            held mates, puzzles, the Python package)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in
  *":$cargo_bin:"*) ;;
  *) export PATH="$cargo_bin:$PATH" ;;
esac

stage() { printf '\n[test] === %s ===\n' "$*"; }

stage "setup"
bash scripts/setup.sh
stage "cargo test"
cargo test
stage "cargo test --features tune --test tune"
cargo test --features tune --test tune
stage "wasm build"
bash scripts/build-wasm.sh
stage "node --test tests/js"
# A test that hangs fails after 5 minutes instead of holding CI until its limit.
node --test --test-timeout=300000 tests/js/*.test.mjs
for extra in scripts/test.d/*.sh; do
  [ -e "$extra" ] || continue
  stage "$extra"
  bash "$extra"
done
stage "all tests passed"
