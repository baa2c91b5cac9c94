// The wasm Session under Node: the UCI session the native binary runs, driven in
// slices as the worker drives it: info and bestmove lines, stop, every rule set, mate
// scores, options, and bad input (UCI text answered with `info string`, arguments of
// the wrong type with typed errors).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

let A;

before(async () => {
  A = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  A.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
});

/** Steps the session's search to its end; the lines and the number of slices. */
function drive(session, budget = 2000) {
  const t0 = Date.now();
  const lines = [];
  for (let slices = 1; ; slices++) {
    lines.push(...session.step(budget, Date.now() - t0));
    if (session.status() !== 'running') return { lines, slices };
  }
}

const best = (lines) => lines.at(-1).split(' ')[1];

test('a depth-limited search in slices ends with bestmove after its info lines', () => {
  const session = new A.Session(1);
  assert.deepEqual(session.handleLine('setoption name Hash value 4'), []);
  session.handleLine('position startpos moves e2e4 e7e5');
  assert.deepEqual(session.handleLine('go depth 5'), []);
  assert.equal(session.status(), 'running');
  const { lines, slices } = drive(session, 500);
  assert.ok(slices > 1, 'the search was sliced');
  const game = new A.Game('chess');
  game.move('e4');
  game.move('e5');
  assert.ok(game.legalMoves().includes(best(lines)), lines.at(-1));
  assert.match(lines.at(-2), /^info depth 5 seldepth \d+ multipv 1 score (cp|mate) -?\d+ nodes \d+ nps \d+ hashfull \d+ time \d+ pv /);
  assert.equal(session.status(), 'idle');
});

test('stop ends an infinite search; a finished infinite search holds its answer', () => {
  const session = new A.Session();
  session.handleLine('setoption name UCI_Variant value avalanche');
  session.handleLine('go infinite');
  assert.ok(!session.step(1000, 0).some((l) => l.startsWith('bestmove')));
  const lines = session.handleLine('stop');
  assert.ok(new A.Game('avalanche').legalMoves().includes(best(lines)));
  assert.equal(session.status(), 'idle');
  // A position with one legal action: the search ends at once and waits for stop.
  session.handleLine('setoption name UCI_Variant value chess');
  session.handleLine('position fen 7k/8/5Q1K/8/8/8/8/8 b - - 0 1');
  session.handleLine('go infinite');
  drive(session);
  assert.equal(session.status(), 'holding');
  assert.deepEqual(session.handleLine('isready'), ['readyok']);
  assert.equal(best(session.handleLine('stop')), 'h8g8');
});

test('every rule set answers with a legal action', () => {
  for (const { id } of A.variants()) {
    const session = new A.Session();
    session.handleLine(`setoption name UCI_Variant value ${id}`);
    session.handleLine('go depth 2');
    const { lines } = drive(session, 5000);
    assert.ok(new A.Game(id).legalMoves().includes(best(lines)), `${id}: ${lines.at(-1)}`);
  }
});

test('mate is reported as a mate score', () => {
  const session = new A.Session();
  session.handleLine('position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1');
  session.handleLine('go depth 4');
  const { lines } = drive(session);
  assert.equal(lines.at(-1), 'bestmove d1d8');
  assert.match(lines.at(-2), / score mate 1 /);
});

test('bad input is refused and the position kept', () => {
  const session = new A.Session();
  session.handleLine('position startpos moves e2e4');
  const before = session.handleLine('d');
  for (const bad of ['position startpos moves e2e4 zz', 'position fen garbage', 'setoption name Hash value lots', 'setoption name Nope value 1', 'go depth -1', 'go perft 99']) {
    const lines = session.handleLine(bad);
    assert.equal(lines.length, 1, bad);
    assert.match(lines[0], /^info string /, bad);
  }
  assert.deepEqual(session.handleLine('d'), before);
  for (const call of [() => session.handleLine(3), () => session.step('many', 0), () => session.step(10, {}), () => new A.Session('seed')]) {
    assert.throws(call, (e) => e.name === 'InvalidArgumentError' && e.code === 'INVALID_ARGUMENT');
  }
  session.handleLine('setoption name UCI_LimitStrength value true');
  session.handleLine('setoption name UCI_Elo value 800');
  session.handleLine('go depth 3');
  assert.match(drive(session).lines.at(-1), /^bestmove \S+$/);
  assert.deepEqual(session.handleLine('quit'), []);
  assert.equal(session.status(), 'quit');
});

/** Steps a `go nodes N` search with no node budget, the clock moving `msPerStep` per
 * step; the number of steps it took. */
function stepsAtSpeed(nodes, msPerStep) {
  const session = new A.Session(1);
  session.handleLine(`go nodes ${nodes}`);
  let steps = 0;
  while (session.status() === 'running') session.step(undefined, ++steps * msPerStep);
  return steps;
}

test('without a node budget the session sizes its steps to the time they take', () => {
  // At the first budget (4000 nodes) both would take nodes / 4000 steps. A step that
  // takes 100 ms is cut down towards the smallest slice (500 nodes); one that takes
  // 2 ms grows (8 ms of nodes per step, whatever the machine).
  const slow = stepsAtSpeed(40_000, 100);
  const fast = stepsAtSpeed(400_000, 2);
  assert.ok(slow > (40_000 / 4000) * 5, `slow clock: ${slow} steps`);
  assert.ok(fast < 400_000 / 4000 / 2, `fast clock: ${fast} steps`);
});

test('advance and stopJob step a raw UCI search too, its output as lines', () => {
  const session = new A.Session(1);
  session.handleLine('go depth 3');
  const lines = [];
  while (session.status() === 'running') lines.push(...session.advance(undefined, 0));
  assert.ok(lines.every((l) => typeof l === 'string'));
  assert.ok(new A.Game('chess').legalMoves().includes(best(lines)), lines.at(-1));
  session.handleLine('go infinite');
  session.advance(1000, 0);
  const stopped = session.stopJob();
  assert.ok(new A.Game('chess').legalMoves().includes(best(stopped)), stopped.at(-1));
  assert.equal(session.status(), 'idle');
  assert.deepEqual(session.stopJob(), [], 'nothing runs: nothing to stop');
});

test('options() gives the options under their UCI names, from either door', () => {
  const session = new A.Session(1);
  session.setOption('MultiPV', 4);
  session.handleLine('setoption name uci_limitstrength value true');
  const options = session.options();
  assert.deepEqual([options.MultiPV, options.UCI_LimitStrength, options.UCI_Variant], [4, true, 'chess']);
  assert.throws(() => session.setOption('Hash', 0), { name: 'InvalidArgumentError' });
  assert.equal(session.options().Hash, 16);
});
