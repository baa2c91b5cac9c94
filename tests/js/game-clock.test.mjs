// The JS Game's clock: setTimeControl/timeControl, move(mv, {time}), clock(), clocks(),
// flag(color), a fall on a late move, and the PGN TimeControl/%clk round trip.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

let A;

before(async () => {
  A = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  A.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
});

test('a timed game counts each move and adds the increment', () => {
  const g = new A.Game('chess');
  assert.equal(g.timeControl(), null);
  assert.equal(g.clock(), null);
  g.setTimeControl('300+3');
  assert.equal(g.timeControl(), '300+3');
  assert.deepEqual(g.clock(), { w: 300000, b: 300000, winc: 3000, binc: 3000, delay: 0 });
  g.move('e4', { time: 0 });
  g.move({ from: 'e7', to: 'e5' }, { time: 12345 });
  assert.deepEqual(g.clock(), { w: 303000, b: 290655, winc: 3000, binc: 3000, delay: 0 });
  assert.deepEqual(g.timesUsed(), [0, 12345]);
  assert.deepEqual(g.clocks(), [303000, 290655]);
  g.move('Nf3');
  assert.deepEqual(g.clocks(), [303000, 290655, null]);
  g.undo();
  const text = g.pgn();
  assert.match(text, /\[TimeControl "300\+3"\]/);
  assert.match(text, /1\. e4 \{\[%clk 0:05:03\]\} 1\.\.\. e5 \{\[%clk 0:04:50\.6\]\}/);
  const back = new A.Game();
  back.loadPgn(text);
  assert.equal(back.pgn(), text);
  assert.deepEqual(back.clock(), { w: 303000, b: 290600, winc: 3000, binc: 3000, delay: 0 });
});

test('bad time controls and times throw typed errors and change nothing', () => {
  const g = new A.Game();
  g.setTimeControl('60');
  for (const bad of ['5 min', '60+', '', '0']) {
    assert.throws(() => g.setTimeControl(bad),
      (e) => e.name === 'InvalidTimeControlError' && e.code === 'INVALID_TIME_CONTROL');
  }
  assert.equal(g.timeControl(), '60');
  for (const time of [-1, 'soon', Infinity]) {
    assert.throws(() => g.move('e4', { time }), (e) => e.name === 'InvalidArgumentError');
  }
  assert.equal(g.history().length, 0);
  g.setTimeControl(null);
  assert.equal(g.timeControl(), null);
});

test('a move after the fall is refused and ends the game on time', () => {
  const g = new A.Game('chess');
  g.setTimeControl('10');
  g.move('e4', { time: 0 });
  assert.throws(() => g.move('e5', { time: 10001 }), (e) => e.name === 'GameOverError');
  assert.equal(g.history().length, 1);
  assert.deepEqual(g.outcome(), { winner: 'w', reason: 'time_forfeit', text: 'White wins by time forfeit' });
  assert.match(g.pgn(), /\[Termination "time forfeit"\]/);
});

test('flag(color): a loss, or a draw where the opponent can never win', () => {
  const krk = new A.Game('chess', '8/8/4k3/8/8/3K4/8/R7 w - - 0 1');
  assert.equal(krk.flag('w').winner, null);
  const chessgi = new A.Game('chessgi', '8/8/4k3/8/8/3K4/8/R7[] w - - 0 1');
  // In Chess-Gi the rook may change hands: Black could still win.
  assert.equal(chessgi.flag('white').winner, 'b');
  assert.equal(chessgi.isGameOver(), true);
  assert.throws(() => new A.Game().flag('x'), (e) => e.name === 'InvalidArgumentError');
});
