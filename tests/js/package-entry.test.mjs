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

test("'alfiere/engine' and 'alfiere/worker' resolve to the Node builds under the node condition", async () => {
  const require = createRequire(import.meta.url);
  assert.match(require.resolve('alfiere/worker'), /js\/engine-worker-node\.js$/);
  assert.match(import.meta.resolve('alfiere/engine'), /js\/engine-node\.js$/);
  const engineModule = await import('alfiere/engine');
  const { Engine, ErrorKinds } = engineModule;
  assert.equal(typeof Engine, 'function');
  // The UCI parsers went with the typed door (0.x, CHANGELOG): the engine hands out objects.
  assert.equal(engineModule.parseInfo, undefined);
  assert.deepEqual(ErrorKinds.GameOver, ['GameOverError', 'GAME_OVER']);
});

test('a Node script using only the promise API exits without terminate()', async () => {
  const { execFile } = await import('node:child_process');
  const script = `
    import { Engine } from 'alfiere/engine';
    const engine = new Engine({ variant: 'alice' });
    const { bestmove } = await engine.analyse({ depth: 3 });
    console.log(bestmove);
  `;
  const t0 = Date.now();
  const out = await new Promise((resolve, reject) =>
    execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url), timeout: 30000 },
      (error, stdout) => (error ? reject(error) : resolve(stdout))));
  assert.match(out.trim(), /^[a-h][1-8][a-h][1-8]/);
  assert.ok(Date.now() - t0 < 30000);
});

test("'alfiere/puzzles/*' is exported: the shipped puzzle files under data/puzzles/", () => {
  assert.match(import.meta.resolve('alfiere/puzzles/alice.csv'), /\/data\/puzzles\/alice\.csv$/);
  // Only that folder: the rest of data/ is not the package's.
  assert.throws(() => import.meta.resolve('alfiere/data/puzzles/alice.csv'), (e) => e.code === 'ERR_PACKAGE_PATH_NOT_EXPORTED');
  const require = createRequire(import.meta.url);
  const pkg = require('alfiere/package.json');
  assert.equal(pkg.exports['./puzzles/*'], './data/puzzles/*');
  assert.ok(pkg.files.includes('data/puzzles/*.csv'));
});
