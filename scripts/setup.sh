#!/usr/bin/env bash
# Installs everything `npm start` / `npm test` need, and nothing that is already there.
#
#  - the wasm32-unknown-unknown Rust target (rustup);
#  - wasm-bindgen-cli, at exactly the `wasm-bindgen` version in Cargo.lock (the CLI and
#    the library must match, or wasm-bindgen refuses to run);
#  - npm dependencies, only when package-lock.json changed since the last install;
#
# Idempotent: a second run does no work.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

log() { printf '[setup] %s\n' "$*"; }
warn() { printf '[setup] warning: %s\n' "$*" >&2; }

# `cargo install` puts binaries here; make them visible even if the shell profile
# that rustup edits has not been sourced (fresh CI shells).
cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in
  *":$cargo_bin:"*) ;;
  *) export PATH="$cargo_bin:$PATH" ;;
esac

command -v cargo >/dev/null || { echo "[setup] error: cargo not found; install Rust with rustup" >&2; exit 1; }

# --- Rust wasm target --------------------------------------------------------------
target=wasm32-unknown-unknown
if command -v rustup >/dev/null; then
  if rustup target list --installed | grep -qx "$target"; then
    log "rust target $target: already installed"
  else
    log "rust target $target: installing (rustup target add $target)"
    rustup target add "$target"
  fi
else
  sysroot="$(rustc --print sysroot)"
  if [ -d "$sysroot/lib/rustlib/$target" ]; then
    log "rust target $target: present in $sysroot (no rustup)"
  else
    echo "[setup] error: no rustup and no $target in $sysroot; install rustup" >&2
    exit 1
  fi
fi

# --- wasm-bindgen-cli, pinned to Cargo.lock ------------------------------------------
if [ ! -f Cargo.lock ]; then
  log "Cargo.lock missing: cargo generate-lockfile"
  cargo generate-lockfile
fi
wb_version="$(awk '
  /^\[\[package\]\]/ { name = "" }
  /^name = /         { name = $3 }
  /^version = / && name == "\"wasm-bindgen\"" { gsub(/"/, "", $3); print $3; exit }
' Cargo.lock)"
if [ -z "$wb_version" ]; then
  echo "[setup] error: no wasm-bindgen package in Cargo.lock" >&2
  exit 1
fi
have_wb="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
# The same crate installs wasm-bindgen-test-runner (scripts/test.d/20-wasm-bindgen-test.sh).
have_runner="$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}' || true)"
[ "$have_runner" = "$wb_version" ] || have_wb="${have_wb:-none} (test runner: ${have_runner:-none})"
if [ "$have_wb" = "$wb_version" ]; then
  log "wasm-bindgen-cli $wb_version: already installed"
else
  log "wasm-bindgen-cli: have '${have_wb:-none}', need $wb_version (Cargo.lock);" \
      "cargo install wasm-bindgen-cli --version $wb_version (compiles for a few minutes)"
  # No --locked: one of the CLI's locked dependencies is not available on these machines.
  cargo install wasm-bindgen-cli --version "$wb_version"
  have_wb="$(wasm-bindgen --version | awk '{print $2}')"
  if [ "$have_wb" != "$wb_version" ]; then
    echo "[setup] error: wasm-bindgen on PATH ($(command -v wasm-bindgen)) is $have_wb, not $wb_version" >&2
    exit 1
  fi
fi

# --- Chromium + ChromeDriver (Debian packages) for the browser tests -----------------
# The browser tests drive Debian's /usr/bin/chromium (playwright-core, wasm-bindgen-test);
# downloaded browsers are not used. Set ALFIERE_NO_BROWSER=1 to skip (no browser tests).
if [ "${ALFIERE_NO_BROWSER:-0}" = 1 ]; then
  log "chromium: skipped (ALFIERE_NO_BROWSER=1)"
elif [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  log "chromium + chromedriver: already installed"
else
  log "chromium + chromedriver: apt-get install chromium chromium-driver"
  sudo_cmd=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "[setup] error: need root or sudo to apt-get install chromium chromium-driver" >&2; exit 1; }
    sudo_cmd="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ! $sudo_cmd apt-get install -y --no-install-recommends chromium chromium-driver; then
    $sudo_cmd apt-get update
    $sudo_cmd apt-get install -y --no-install-recommends chromium chromium-driver
  fi
fi

# --- npm dependencies ---------------------------------------------------------------
# The stamp records the lockfile hash we last installed from, so this is a no-op until
# package.json / package-lock.json change.
stamp=node_modules/.alfiere-setup-stamp
npm_inputs_hash() {
  local f
  for f in package.json package-lock.json; do
    if [ -f "$f" ]; then sha256sum "$f"; else echo "missing $f"; fi
  done | sha256sum | awk '{print $1}'
}
want_stamp="$(npm_inputs_hash)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want_stamp" ]; then
  log "npm dependencies: up to date"
else
  if [ -f package-lock.json ]; then
    log "npm dependencies: npm ci"
    npm ci --no-audit --no-fund
  else
    log "npm dependencies: npm install (creates package-lock.json)"
    npm install --no-audit --no-fund
  fi
  mkdir -p node_modules
  npm_inputs_hash > "$stamp"  # after the install, which may have written the lockfile
fi

# wasm-opt is not installed here: Debian's binaryen (108) breaks wasm-bindgen's externref
# table, so scripts/build-wasm.sh uses a wasm-opt only when one is provided ($WASM_OPT or
# node_modules/.bin/wasm-opt) and checks the result still loads.

log "done"
