// A whole game's analysis through the JS Engine (Node worker thread, the same host as
// the browser's Web Worker): engine.analyseGame(game | pgn, {nodes | depth | movetime},
// onProgress) in every kind of turn, its report's shape, the annotated PGN a Game takes
// back, stop(), refused input, a Game's notes kept on this side (only its line crosses
// to the worker) and Game.annotate().
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
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

/** A worker thread running the engine's worker, which keeps every message sent to it. */
class SpyWorker extends EventTarget {
  sent = [];
  #thread = new Worker(new URL('../../js/engine-worker-node.js', import.meta.url));

  constructor() {
    super();
    this.#thread.on('message', (data) => this.dispatchEvent(new MessageEvent('message', { data })));
  }

  postMessage(message, transfer) {
    this.sent.push(message);
    this.#thread.postMessage(message, transfer);
  }

  terminate() {
    this.#thread.terminate();
  }
}

// A game with every kind of note: tags, comments (before the first move too), a clock,
// NAGs, a side line, and a result decided off the board.
const NOTED = `[Event "Club night"]
[White "Ann"]
[Black "Bo"]
[Result "0-1"]
[Termination "resignation"]

{Ann's first game} 1. e4 {[%clk 0:04:58] the king's pawn} e5 $1 2. Qh5 (2. Nf3 Nc6 {the usual}) Nc6 3. Qxf7+ Kxf7 0-1`;

test('a Game with notes: only its line crosses to the worker, and its pgn is the one its PGN text gives', async () => {
  const spy = new SpyWorker();
  const spied = new Engine({ worker: spy });
  try {
    const game = new Game();
    game.loadPgn(NOTED);
    const byText = await spied.analyseGame(game.pgn(), { nodes: 4000 });
    const sentBefore = spy.sent.length;
    const byGame = await spied.analyseGame(game, { nodes: 4000 });
    const job = spy.sent.slice(sentBefore).find((m) => m?.type === 'job')?.job;
    assert.equal(job.kind, 'analysis');
    assert.equal(job.pgn, undefined, 'no PGN crosses to the worker');
    assert.deepEqual(Object.keys(job.line).sort(), ['actions', 'fen', 'variant']);
    assert.equal(byGame.pgn, byText.pgn);
    assert.deepEqual(byGame.report, byText.report);
    // The notes are all there, with the analysis written in.
    const flat = byGame.pgn.replace(/\s+/g, ' '); // the movetext is wrapped
    for (const kept of ['[Event "Club night"]', "{Ann's first game}", '[%clk 0:04:58]', "the king's pawn", '$1', '(2. Nf3 Nc6 {the usual})', '0-1']) {
      assert.ok(flat.includes(kept), `${kept} in ${byGame.pgn}`);
    }
    assert.match(byGame.pgn, /Qxf7\+ \$4/);
    // The game itself is untouched.
    const fresh = new Game();
    fresh.loadPgn(NOTED);
    assert.equal(game.pgn(), fresh.pgn());
  } finally {
    spied.terminate();
  }
});

test("Game.annotate() writes a report into the game; another game's or a malformed one is refused and the game stays", async () => {
  const game = played('chess', ['e4', 'e5', 'Qh5', 'Nc6', 'Qxf7+', 'Kxf7']);
  const { report, pgn } = await engine.analyseGame(game.pgn(), { nodes: 4000 });
  const before = game.pgn();
  const other = played('chess', ['d4']);
  assert.throws(() => other.annotate(report), (e) => e.name === 'InvalidArgumentError' && /another game/.test(e.message));
  assert.equal(other.history().length, 1);
  for (const bad of [null, 42, {}, { ...report, plies: 'none' }, { ...report, start: { cp: 'x' } },
    { ...report, plies: [{ ...report.plies[0], ply: 3 }, ...report.plies.slice(1)] },
    { ...report, plies: [{ ...report.plies[0], class: 'awful' }, ...report.plies.slice(1)] }]) {
    assert.throws(() => game.annotate(bad), (e) => e.name === 'InvalidArgumentError', JSON.stringify(bad)?.slice(0, 80));
    assert.equal(game.pgn(), before);
  }
  game.annotate(report);
  assert.equal(game.pgn(), pgn);
});
