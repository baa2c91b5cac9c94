// The package's own entry points, resolved through its `exports` map by name:
// in Node, `import` and `require` both get the fs-loading build, with no init call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

test("import 'alfiere' works in Node without init()", async () => {
  const { Game, variants } = await import('alfiere');
  const g = new Game('chess');
  assert.equal(g.move('e4').san, 'e4');
  assert.ok(variants().length >= 5);
});

test("require('alfiere') works in Node without init()", () => {
  const require = createRequire(import.meta.url);
  const { Game } = require('alfiere');
  assert.equal(new Game().moves().length, 20);
});

test("'alfiere/wasm' resolves to the wasm file", async () => {
  const require = createRequire(import.meta.url);
  assert.match(require.resolve('alfiere/wasm'), /alfiere_bg\.wasm$/);
});
