// The wasm Engine class under Node: a search driven in slices (as the Web Worker
// will drive it), info objects, stop, options and bad input.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

let A;

before(async () => {
  A = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  A.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
});

function drive(engine, budget = 2000, onInfo = () => {}) {
  const t0 = Date.now();
  for (let slices = 1; ; slices++) {
    const result = engine.step(budget, Date.now() - t0, onInfo);
    if (result) return { result, slices };
  }
}

test('a depth-limited search in slices returns a legal best move with info objects', () => {
  const engine = new A.Engine('chess');
  engine.setOption('Hash', 4);
  engine.position(null, ['e2e4', 'e7e5']);
  engine.go({ depth: 5 });
  const infos = [];
  const { result, slices } = drive(engine, 500, (i) => infos.push(i));
  assert.ok(slices > 1, 'the search was sliced');
  const game = new A.Game('chess');
  game.move('e4');
  game.move('e5');
  assert.ok(game.legalMoves().includes(result.bestmove), result.bestmove);
  assert.equal(result.depth, 5);
  assert.equal(result.pv[0], result.bestmove);
  assert.match(result.uci, /^bestmove \S+/);
  const last = infos.at(-1);
  assert.equal(last.depth, 5);
  assert.ok('cp' in last.score || 'mate' in last.score);
  assert.match(last.uci, /^info depth 5 /);
});

test('stop ends an infinite search at the next slice', () => {
  const engine = new A.Engine('avalanche');
  engine.go({ infinite: true });
  assert.equal(engine.step(1000, 0, () => {}), null);
  engine.stop();
  const result = engine.step(1000, 5, () => {});
  assert.ok(result && typeof result.bestmove === 'string');
  assert.equal(engine.isSearching(), false);
});

test('every rule set answers with a legal action', () => {
  for (const { id } of A.variants()) {
    const engine = new A.Engine(id);
    engine.go({ depth: 2 });
    const { result } = drive(engine, 5000);
    assert.ok(new A.Game(id).legalMoves().includes(result.bestmove), `${id}: ${result.bestmove}`);
  }
});

test('mate is reported as a mate score', () => {
  const engine = new A.Engine();
  engine.position('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', []);
  engine.go({ depth: 4 });
  const { result } = drive(engine);
  assert.equal(result.bestmove, 'd1d8');
  assert.deepEqual(result.score, { mate: 1 });
});

test('bad input is refused with typed errors and the position kept', () => {
  const engine = new A.Engine();
  engine.position(null, ['e2e4']);
  const fen = engine.fen();
  assert.throws(() => engine.position(null, ['e2e4', 'zz']), (e) => e.name === 'IllegalMoveError');
  assert.throws(() => engine.position('garbage', []), (e) => e.name === 'InvalidFenError');
  assert.throws(() => engine.position(null, 'e2e4'), (e) => e.name === 'InvalidArgumentError');
  assert.equal(engine.fen(), fen);
  assert.throws(() => engine.setOption('Hash', 'lots'), (e) => e.name === 'InvalidArgumentError');
  assert.throws(() => engine.setOption('Nope', 1), (e) => e.name === 'InvalidArgumentError');
  assert.throws(() => engine.go({ depth: -1 }), (e) => e.name === 'InvalidArgumentError');
  assert.throws(() => engine.step(100, 0, () => {}), (e) => e.name === 'InvalidArgumentError');
  assert.throws(() => new A.Engine('shogi'), (e) => e.name === 'UnknownVariantError');
  engine.setOption('UCI_LimitStrength', true);
  engine.setOption('UCI_Elo', 800);
  engine.go({ depth: 3 });
  const { result } = drive(engine);
  assert.equal(typeof result.bestmove, 'string');
});
