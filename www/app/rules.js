// The rules the page and its board use, loaded once. Named, so the bundle leaves out the
// rest of the wasm glue (the engine's Session runs in the worker); the board's part is
// what its own default loader gives (Game, variants, placement, placementHands).

import init, { Game, validateFen, variants, placement, placementHands } from 'alfiere';

let loading = null;

/** The rules, once the wasm from `source` (its URL, or its bytes) is in; one load, however often asked. */
export function loadRulesFrom(source) {
  loading ??= init({ module_or_path: source }).then(() => ({ Game, validateFen, variants, placement, placementHands }));
  return loading;
}
