// Engine.analyse() on the clocks (wtime/btime/winc/binc/movestogo, as UCI `go`): the
// search spends a share of the side to act's time, never most of it, and bad clock
// values are refused with a typed error.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from 'alfiere/engine';

const engine = new Engine({ variant: 'chess', network: null });
after(() => engine.terminate());

test('a search on a short clock answers within a share of its time', async () => {
  await engine.ready;
  const started = Date.now();
  const result = await engine.analyse({ moves: ['e4'], wtime: 60_000, btime: 2_000, winc: 0, binc: 0 });
  const spent = Date.now() - started;
  assert.match(result.bestmove, /^[a-h][1-8][a-h][1-8]$/);
  // Black has 2 s: at most a quarter of it (and the worker's start-up).
  assert.ok(spent < 1_000, `spent ${spent} ms`);
});

test('the increment lets the engine think longer than the time left alone would', async () => {
  const timed = async (limits) => {
    let last = null;
    await engine.analyse({ moves: [], ...limits }, (info) => (last = info));
    return last.time;
  };
  const bare = await timed({ wtime: 4_000, btime: 4_000 });
  const withIncrement = await timed({ wtime: 4_000, btime: 4_000, winc: 2_000, binc: 2_000, movestogo: 40 });
  assert.ok(bare <= 1_000, `bare ${bare}`);
  assert.ok(withIncrement > bare, `${withIncrement} <= ${bare}`);
});

test('bad clock values are refused', async () => {
  for (const bad of [{ wtime: -1 }, { btime: 1.5 }, { winc: 'soon' }, { movestogo: 0 }]) {
    await assert.rejects(engine.analyse({ moves: [], ...bad }), (e) => e.name === 'InvalidArgumentError', JSON.stringify(bad));
  }
});
