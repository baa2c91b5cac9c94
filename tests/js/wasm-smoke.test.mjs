// Smoke test of the wasm build (pkg/web, the wasm-bindgen `web` target) under Node.
// Run after `npm run build`: node --test tests/js/
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkgDir = fileURLToPath(new URL('../../pkg/web/', import.meta.url));
const wasmPath = `${pkgDir}alfiere_bg.wasm`;

let alfiere;

before(async () => {
  assert.ok(existsSync(wasmPath), `${wasmPath} is missing: run \`npm run build\` first`);
  alfiere = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  // The web target's default init() fetches the .wasm by URL; in Node, hand it the bytes.
  alfiere.initSync({ module: readFileSync(wasmPath) });
});

test('legalMoves() lists the 20 moves of the chess start position', () => {
  const moves = alfiere.legalMoves();
  assert.ok(Array.isArray(moves), 'returns an array');
  assert.equal(moves.length, 20, `got ${JSON.stringify(moves)}`);
  for (const m of moves) assert.equal(typeof m, 'string');
  assert.ok(moves.includes('e2e4'), 'includes e2e4');
  assert.ok(moves.includes('g1f3'), 'includes g1f3');
  assert.equal(new Set(moves).size, 20, 'no duplicates');
});

test("legalMoves('chess') with no FEN is the start position too", () => {
  assert.deepEqual([...alfiere.legalMoves('chess')].sort(), [...alfiere.legalMoves()].sort());
});

test("legalMoves('chess', 'garbage') throws an Error", () => {
  assert.throws(() => alfiere.legalMoves('chess', 'garbage'), Error);
});

test('pkg/node (CommonJS, reads the .wasm with fs) loads with require and agrees', async () => {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const node = require('../../pkg/node/alfiere.js');
  assert.equal(typeof node.legalMoves, 'function');
  assert.throws(() => node.legalMoves('chess', 'garbage'), Error);
  assert.deepEqual([...node.legalMoves()].sort(), [...alfiere.legalMoves()].sort());
});
