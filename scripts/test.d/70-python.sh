#!/usr/bin/env bash
# The Python package (python/): a venv outside the sources (target/python-venv, which
# git ignores) with the pinned tools of python/requirements-test.txt from PyPI
# (installed once, and again only when the pins change), the package built by maturin
# as its abi3 wheel and installed, then its pytest suite, which compares the package
# with the release `alfiere` and `alfiere-puzzles` of this checkout (built by cargo
# when stale) and runs alfiere.dask on a LocalCluster of two worker processes.
# PYTHON picks the interpreter the venv is made from (python3 by default).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in
  *":$cargo_bin:"*) ;;
  *) export PATH="$cargo_bin:$PATH" ;;
esac

log() { printf '[python] %s\n' "$*"; }

venv="$PWD/target/python-venv"
requirements="python/requirements-test.txt"
if [ ! -x "$venv/bin/python" ]; then
  log "venv in $venv"
  "${PYTHON:-python3}" -m venv "$venv"
fi
if ! cmp -s "$requirements" "$venv/.requirements-test.txt"; then
  log "pip install -r $requirements"
  "$venv/bin/pip" install --disable-pip-version-check -q -r "$requirements"
  cp "$requirements" "$venv/.requirements-test.txt"
fi

wheels="$PWD/target/python-wheels"
rm -rf "$wheels"
log "maturin build (the abi3 wheel)"
"$venv/bin/maturin" build --release --manifest-path python/Cargo.toml --out "$wheels"
"$venv/bin/pip" install --disable-pip-version-check -q --force-reinstall --no-deps "$wheels"/alfiere-*.whl

log "pytest python/tests"
start=$(date +%s)
status=0
"$venv/bin/pytest" -q -p no:cacheprovider python/tests || status=$?
log "pytest took $(( $(date +%s) - start )) s"
if [ "$status" -eq 5 ]; then
  echo "[python] error: pytest collected no test" >&2
fi
exit "$status"
