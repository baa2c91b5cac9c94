// A whole game's analysis through the JS Engine (Node worker thread, the same host as
// the browser's Web Worker): engine.analyseGame(game | pgn, {nodes | depth | movetime},
// onProgress) in every kind of turn, its report's shape, the annotated PGN a Game takes
// back, stop(), and refused input.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from 'alfiere/engine';
import { Game } from 'alfiere';

const engine = new Engine();
after(() => engine.terminate());

function played(variant, moves) {
  const game = new Game(variant);
  for (const m of moves) game.move(m);
  return game;
}

async function rejectsNamed(promise, name) {
  await assert.rejects(promise, (e) => {
    assert.equal(e.name, name, e.message);
    return true;
  });
}

test('a Game: every action judged, progress per position, an annotated PGN the Game takes', async () => {
  await engine.ready;
  const game = played('chess', ['e4', 'e5', 'Qh5', 'Nc6', 'Qxf7+', 'Kxf7']);
  const progress = [];
  const { report, pgn } = await engine.analyseGame(game, { nodes: 20000 }, (p) => progress.push(p));
  assert.deepEqual(progress.map((p) => p.done), [1, 2, 3, 4, 5, 6, 7]);
  assert.ok(progress.every((p) => p.total === 7));
  assert.equal(report.variant, 'chess');
  assert.equal(report.complete, true);
  assert.deepEqual(report.plies.map((p) => p.san), game.history());
  const hung = report.plies[4];
  assert.equal(hung.class, 'blunder');
  assert.equal(hung.color, 'w');
  assert.ok(hung.best && hung.best.uci !== 'h5f7' && hung.best.pv[0] === hung.best.uci);
  assert.ok('cp' in report.plies[5].eval && report.plies[5].eval.cp < -500);
  assert.ok(report.accuracy.w < report.accuracy.b);
  assert.equal(report.counts.w.blunder, 1);
  // The annotated PGN: the Game takes it back with its moves, evaluations and NAG.
  game.loadPgn(pgn);
  assert.deepEqual(game.history(), ['e4', 'e5', 'Qh5', 'Nc6', 'Qxf7+', 'Kxf7']);
  assert.match(game.pgn(), /Qxf7\+ \$4\s+\{\[%eval -?\d+\.\d\d\]\s+Blunder\.\s+\S+\s+was\s+best\.\}/);
  // The engine's own position and variant are untouched.
  assert.equal(engine.variant, 'chess');
});

test('any rule set, whatever the engine plays; a PGN text; multi-action turns judged once', async () => {
  const alice = played('alice', ['e4', 'd5', 'Bb5', 'c6']);
  const a = await engine.analyseGame(alice, { depth: 3 });
  assert.equal(a.report.variant, 'alice');
  assert.equal(a.report.plies.length, 4);
  const text = played('marseillais', ['e4', 'd4', 'e5', 'd5', 'Nf3', 'Bd3']).pgn();
  const m = await engine.analyseGame(text, { nodes: 5000 });
  assert.equal(m.report.variant, 'marseillais');
  assert.deepEqual(m.report.plies.map((p) => p.turn), [0, 0, 1, 1, 2, 2]);
  assert.deepEqual(m.report.plies.map((p) => p.endsTurn), [false, true, false, true, false, true]);
  for (const turn of [0, 1, 2]) {
    assert.ok(m.report.plies.filter((p) => p.turn === turn && p.class).length <= 1);
  }
  assert.equal(engine.variant, 'chess');
});

test('stop() ends a game analysis early with the analysed tail', async () => {
  const game = played('chess', ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7']);
  let stopped = false;
  const running = engine.analyseGame(game, { nodes: 2_000_000 }, (p) => {
    if (p.done >= 1 && !stopped) {
      stopped = true;
      engine.stop();
    }
  });
  const { report, pgn } = await running;
  assert.equal(report.complete, false);
  assert.equal(report.plies.at(-1).eval !== null, true, 'the end was analysed first');
  assert.equal(report.plies[0].eval, null);
  assert.match(pgn, /Be7/);
  // The engine answers the next request as usual.
  const result = await engine.analyse({ depth: 2 });
  assert.ok(result.bestmove);
});

test('bad input rejects with typed errors and the engine goes on', async () => {
  await rejectsNamed(engine.analyseGame(42), 'InvalidArgumentError');
  await rejectsNamed(engine.analyseGame(new Game('chess'), 'fast'), 'InvalidArgumentError');
  await rejectsNamed(engine.analyseGame(new Game('chess'), { nodes: 0 }), 'InvalidArgumentError');
  await rejectsNamed(engine.analyseGame(new Game('chess'), { nodes: 10, depth: 3 }), 'InvalidArgumentError');
  await rejectsNamed(engine.analyseGame('1. e4 e5 2. Ke3 *'), 'InvalidPgnError');
  await rejectsNamed(engine.analyseGame(new Game('chess'), {}, 'not a function'), 'InvalidArgumentError');
  const { report } = await engine.analyseGame(new Game('chess'), { nodes: 1000 });
  assert.deepEqual(report.plies, []);
  assert.ok(report.start);
});

test('the same game, the same budget: the same report after the engine played it as for a fresh engine (issue 53)', async () => {
  const moves = ['e4', 'Qh5', 'Nf6', 'Nxh5', 'd4', 'Nc3', 'e6', 'Bb4', 'Bd2', 'a3'];
  const game = played('marseillais', moves);
  const fresh = new Engine({ variant: 'marseillais' });
  try {
    const expected = await fresh.analyseGame(game.pgn(), { nodes: 4000 });
    // The engine plays the game (its table fills with the game's searches), then analyses it.
    const player = new Engine({ variant: 'marseillais' });
    try {
      for (let i = 1; i <= moves.length; i += 3) await player.analyse({ moves: game.history({ verbose: true }).slice(0, i).map((m) => m.lan), nodes: 30000 });
      const after = await player.analyseGame(game, { nodes: 4000 });
      assert.deepEqual(after.report, expected.report);
    } finally {
      player.terminate();
    }
  } finally {
    fresh.terminate();
  }
});
