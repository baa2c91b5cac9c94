// The single-file build's platform (scripts/build-single.mjs puts it in place of
// platform.js): the wasm, the network and the engine worker's code travel inside the
// HTML file as base64 blocks, and a sample of each rule set's puzzles as a text block,
// so nothing is fetched and the page works from file://. The worker is
// started from a Blob URL and is handed the wasm bytes.

import { Engine } from 'alfiere/engine';
import { NETWORK_BLOCKS, WASM_BLOCK, WORKER_BLOCK, puzzleBlockId } from './inline-blocks.js';
import { loadRulesFrom } from './rules.js';

export const SINGLE_FILE = true;

/** The bytes of a base64 block: `id`, or the block itself. */
function base64Bytes(block) {
  const text = (typeof block === 'string' ? document.getElementById(block) : block)?.textContent.trim() ?? '';
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let wasmBytes = null;
const networkBytes = new Map();

function wasm() {
  if (!wasmBytes) wasmBytes = base64Bytes(WASM_BLOCK);
  return wasmBytes;
}

/** The learned evaluations, every one the file carries (copies: the bytes go to the
 * worker, which tells each network's rule sets from its header). */
function networks() {
  return [...document.querySelectorAll(NETWORK_BLOCKS)].map((block) => {
    if (!networkBytes.has(block.id)) networkBytes.set(block.id, base64Bytes(block));
    return networkBytes.get(block.id).slice();
  });
}

export function loadRules() {
  return loadRulesFrom(wasm());
}

let workerUrl = null;

export async function createEngine(variant) {
  if (!workerUrl) {
    const source = new TextDecoder().decode(base64Bytes(WORKER_BLOCK));
    workerUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  }
  // Classic, not module: Chromium will not start a module worker from a blob: URL when
  // the page itself comes from file://.
  const worker = new Worker(workerUrl, { name: 'alfiere-engine' });
  // A copy: the bytes are transferred to the worker, and the page keeps its own.
  const engine = new Engine({ variant, worker, wasm: wasm().slice(), network: networks() });
  await engine.ready;
  return engine;
}

/** The single-file build's sample of a rule set's puzzles (build-single.mjs embeds it). */
export async function loadPuzzleFile(variant) {
  const block = document.getElementById(puzzleBlockId(variant));
  if (!block) throw new Error('this single-file build has no puzzles of this rule set');
  return block.textContent.trim();
}

export function registerServiceWorker() {
  // A file:// page cannot have one, and needs none: everything is in the file.
}
