#!/usr/bin/env bash
# Builds the WebAssembly module and its JS bindings.
#
#   pkg/web/   ES module for browsers and bundlers (wasm-bindgen --target web)
#   pkg/node/  CommonJS module for Node that reads the .wasm with fs (--target nodejs)
#
# Cargo profile `wasm-release` (Cargo.toml), then wasm-opt from the npm `binaryen`
# devDependency. Needs what scripts/setup.sh installs; without wasm-opt the module is
# only larger. Set ALFIERE_NO_WASM_OPT=1 to skip it (faster local rebuilds).
# When the cargo output and this script are unchanged since the last build, the rest is
# skipped (`npm pack` runs this again through `prepack`).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

log() { printf '[build-wasm] %s\n' "$*"; }
warn() { printf '[build-wasm] warning: %s\n' "$*" >&2; }

cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in
  *":$cargo_bin:"*) ;;
  *) export PATH="$cargo_bin:$PATH" ;;
esac

if ! command -v wasm-bindgen >/dev/null; then
  echo "[build-wasm] error: wasm-bindgen not found; run 'npm run setup' (bash scripts/setup.sh)" >&2
  exit 1
fi

target=wasm32-unknown-unknown
# Ask cargo where its target dir is (honours CARGO_TARGET_DIR and .cargo/config.toml).
target_dir="$(cargo metadata --format-version 1 --no-deps | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).target_directory));
')"
profile=wasm-release
raw_wasm="$target_dir/$target/$profile/alfiere.wasm"

# LLVM inlines calls up to a cost of 225 at opt-level 2; at 112, fewer mid-sized
# functions are copied into their callers in each of the ten monomorphised rule sets
# (about 17 KB less gzipped) while perft and the search stay within 10% of the speed
# at 225; 100 cost perft 10-13% (README, "JavaScript performance"). -C llvm-args is
# stable; a Cargo profile cannot set it.
inline_threshold="${WASM_INLINE_THRESHOLD:-112}"
# v0 symbol mangling names a generic function's type arguments in the name section,
# which scripts/order-functions.mjs reads to order the functions (below); it changes
# no code.
# simd128 (fixed-width SIMD: Chrome 91, Firefox 89, Safari 16.4, Node 16.4 and later)
# lets LLVM vectorise the learned evaluation's accumulator loops (README, "JavaScript
# performance").
export RUSTFLAGS="${RUSTFLAGS:-} -C llvm-args=-inline-threshold=$inline_threshold -C symbol-mangling-version=v0 -C target-feature=+simd128"
# Panic messages name their source files: without remapping, the module carries the
# builder's cargo home in its registry crates' paths, and differs from one machine to
# the next; they are named from their own directory instead. (The standard library's
# `/rustc/<commit>/library/...` paths come from its precompiled metadata, which the
# second prefix does not reach today: they stay.)
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
for registry in "$cargo_home"/registry/src/*/; do
  [ -d "$registry" ] && RUSTFLAGS+=" --remap-path-prefix=$registry="
done
rustc_commit="$(rustc -vV | sed -n 's/^commit-hash: //p')"
[ -n "$rustc_commit" ] && RUSTFLAGS+=" --remap-path-prefix=/rustc/$rustc_commit/="

log "RUSTFLAGS='$RUSTFLAGS' cargo build --profile $profile --target $target --lib"
cargo build --profile "$profile" --target "$target" --lib

# -O1 rather than -O2, -Os or -Oz: on this module it gives the smallest *gzipped* file
# (binaryen's own inlining at -O2 and above adds about 5 KB) and no slower code: V8
# optimises the hot functions itself (README, "JavaScript performance").
wasm_opt_level="${WASM_OPT_LEVEL:--O1}"
# Also: shrink level 1 (0.6 KB less gzipped); drop the producers and target-features
# sections (no debug info is kept anyway); and assume the first 1 KB of memory is
# unused, which lets constant offsets fold into loads and stores. It holds: rustc's
# wasm32 layout puts the 1 MB stack first, growing down towards 0, so only an
# overflowing stack would reach it.
#
# Then order the functions by name (before the names are stripped), names that
# scripts/order-functions.mjs has turned into sort keys: the ten rule sets' copies of
# each generic function (negamax, the SAN writer, ...) become neighbours, in the order
# of Variant::ALL, so gzip's 32 KB window finds each copy's near-twin: about 13 KB
# less gzipped than the linker's order, and no slower (README, "JavaScript
# performance").
#
# Last, dead-argument elimination (drops parameters no caller needs and propagates
# constant ones, which the ten rule sets' copies have many of) and redundant-set
# elimination, the whole list run again until the module stops shrinking
# (--converge): about 1.9 KB less gzipped, for 20 s more build. Code folding (identical
# tails of branches merged) saves 248 bytes more.
wasm_opt_extra=(--shrink-level=1 --low-memory-unused --reorder-functions-by-name
  --strip-debug --strip-producers --strip-target-features
  --dae-optimizing --rse --code-folding --converge)

size_of() { wc -c < "$1" | tr -d ' '; }
report_sizes() {
  local final=pkg/web/alfiere_bg.wasm
  log "sizes: raw cargo output $(size_of "$raw_wasm") bytes;" \
      "$final $(size_of "$final") bytes, $(gzip -9 -c "$final" | wc -c | tr -d ' ') bytes gzipped"
}

# Skip the rest when nothing changed since the last complete build.
stamp_file=pkg/.build-stamp
build_inputs="$( { sha256sum "$raw_wasm" "${BASH_SOURCE[0]}" scripts/order-functions.mjs scripts/glue-tree-shake.mjs src/variant.rs; wasm-bindgen --version;
  echo "${ALFIERE_NO_WASM_OPT:-0} ${WASM_OPT:-} $wasm_opt_level ${wasm_opt_extra[*]}"; ls -l node_modules/.bin/wasm-opt 2>&1; } | sha256sum | awk '{print $1}')"
if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$build_inputs" ] \
   && [ -f pkg/web/alfiere_bg.wasm ] && [ -f pkg/node/alfiere_bg.wasm ]; then
  log "pkg/ is up to date with $raw_wasm"
  report_sizes
  exit 0
fi
rm -f "$stamp_file"

# Out-dirs are wiped first so files from an older build (renamed exports, snippets)
# never linger next to the new ones.
for js_target in web nodejs; do
  case "$js_target" in
    web) out=pkg/web ;;
    nodejs) out=pkg/node ;;
  esac
  log "wasm-bindgen --target $js_target --out-dir $out $raw_wasm"
  rm -rf "$out"
  wasm-bindgen --target "$js_target" --out-dir "$out" "$raw_wasm"
done
node scripts/order-functions.mjs pkg/web/alfiere_bg.wasm pkg/node/alfiere_bg.wasm
node scripts/glue-tree-shake.mjs pkg/web/alfiere.js
# The root package.json says "type": "module", which would make Node parse the
# CommonJS pkg/node/alfiere.js as ESM. A nested package.json scopes each directory.
printf '{ "type": "module" }\n' > pkg/web/package.json
printf '{ "type": "commonjs" }\n' > pkg/node/package.json

# --- wasm-opt (optional) ---------------------------------------------------------------
# Which one: $WASM_OPT, else node_modules/.bin/wasm-opt (the npm `binaryen`
# devDependency); not the one on PATH (Debian's binaryen 108 breaks the module).
wasm_opt="${WASM_OPT:-}"
if [ -z "$wasm_opt" ] && [ -x node_modules/.bin/wasm-opt ]; then wasm_opt=node_modules/.bin/wasm-opt; fi

# rustc's wasm32 target enables these post-MVP features by default and wasm-bindgen
# uses reference types (an externref table); an older binaryen must be told so.
wasm_opt_features=(
  --enable-bulk-memory --enable-mutable-globals --enable-nontrapping-float-to-int
  --enable-sign-ext --enable-reference-types --enable-multivalue
)

# Does the module in pkg/<dir> still instantiate with its glue? Old binaryen releases
# (Debian bookworm's 108) rewrite wasm-bindgen's externref table into one that V8
# rejects at init, so every optimised module is checked and reverted if broken.
instantiates() {
  case "$1" in
    pkg/web) node --input-type=module -e '
      import { readFileSync } from "node:fs";
      import { pathToFileURL } from "node:url";
      try {
        const glue = await import(pathToFileURL(process.argv[1]).href);
        glue.initSync({ module: readFileSync(process.argv[2]) });
      } catch (e) { console.error(String(e?.message ?? e)); process.exit(1); }
    ' "$PWD/pkg/web/alfiere.js" "$PWD/pkg/web/alfiere_bg.wasm" ;;
    pkg/node) node -e '
      try { require(process.argv[1]); }
      catch (e) { console.error(String(e?.message ?? e)); process.exit(1); }
    ' "$PWD/pkg/node/alfiere.js" ;;
  esac
}

# optimise <dir> [<already optimised copy of the same input>]: 0 if the optimised module
# was kept, 1 if the original was put back.
optimise() {
  local dir="$1" file="$1/alfiere_bg.wasm" reuse="${2:-}"
  local backup="$file.unopt" err
  cp "$file" "$backup"
  if [ -n "$reuse" ]; then
    cp "$reuse" "$file"
  elif ! "$wasm_opt" "$wasm_opt_level" "${wasm_opt_extra[@]}" "${wasm_opt_features[@]}" "$backup" -o "$file"; then
    mv "$backup" "$file"
    warn "wasm-opt failed on $file; keeping the unoptimised module"
    return 1
  fi
  if err="$(instantiates "$dir" 2>&1)"; then
    rm -f "$backup"
    return 0
  else
    mv "$backup" "$file"
    warn "$("$wasm_opt" --version 2>/dev/null || echo wasm-opt) made a module that does not" \
         "instantiate (${err}); keeping the unoptimised $file." \
         "A newer binaryen fixes this: npm's 'binaryen' package or WASM_OPT=/path/to/wasm-opt."
    return 1
  fi
}

complete=1
if [ "${ALFIERE_NO_WASM_OPT:-0}" = 1 ]; then
  log "ALFIERE_NO_WASM_OPT=1: skipping wasm-opt"
elif [ -n "$wasm_opt" ]; then
  # Both targets usually get byte-identical modules: optimise once, reuse the result.
  same=0
  cmp -s pkg/web/alfiere_bg.wasm pkg/node/alfiere_bg.wasm && same=1
  log "$wasm_opt $wasm_opt_level pkg/web/alfiere_bg.wasm"
  if [ "$same" = 1 ]; then
    if optimise pkg/web; then
      log "pkg/node/alfiere_bg.wasm: same input, reusing the optimised module"
      optimise pkg/node pkg/web/alfiere_bg.wasm || complete=0
    else
      complete=0
      log "pkg/node/alfiere_bg.wasm: same input, left unoptimised too"
    fi
  else
    optimise pkg/web || complete=0
    log "$wasm_opt $wasm_opt_level pkg/node/alfiere_bg.wasm"
    optimise pkg/node || complete=0
  fi
else
  complete=0
  warn "wasm-opt not found (binaryen); skipping size optimisation"
fi

report_sizes
# A module left unoptimised after a failure is rebuilt next time.
if [ "$complete" = 1 ]; then printf '%s\n' "$build_inputs" > "$stamp_file"; fi
