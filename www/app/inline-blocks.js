// The ids of the blocks the single-file build (scripts/build-single.mjs) carries its
// bytes and texts in, which platform-inline.js reads back: one spelling for both.

/** The wasm module's bytes, base64. */
export const WASM_BLOCK = 'alfiere-wasm';
/** The engine worker's bundled script, base64. */
export const WORKER_BLOCK = 'alfiere-worker';

const NETWORK_PREFIX = 'alfiere-network-';

/** The block of a shipped network's bytes, base64 (`chess-round4.nnue`: `alfiere-network-chess-round4`). */
export function inlineBlockId(network) {
  return `${NETWORK_PREFIX}${network.file.replace(/\.nnue$/, '')}`;
}

/** A selector for every network block the file carries. */
export const NETWORK_BLOCKS = `script[id^="${NETWORK_PREFIX}"]`;

/** The block of a rule set's sample of puzzles (text). */
export function puzzleBlockId(variant) {
  return `alfiere-puzzles-${variant}`;
}
