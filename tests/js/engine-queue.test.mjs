// The board's EngineQueue over a real Engine (Node worker): the rule set is the
// Engine's own, asked of it (told by the worker's events), not a copy the queue keeps,
// so a change made on the Engine by another of its users is seen by the next job.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from 'alfiere/engine';
import { Game } from 'alfiere';
import { queueFor } from '../../js/board/engine-queue.js';

const engine = new Engine({ network: null });
after(() => engine.terminate());

test('a job runs in its rule set even after the Engine was switched behind the queue', async () => {
  await engine.ready;
  const queue = queueFor(engine);
  const first = await queue.submit({ variant: 'chess', request: { depth: 2 } }).result;
  assert.ok(new Game('chess').legalMoves().includes(first.bestmove), first.bestmove);
  // Another user of the same Engine plays Racing Kings on it.
  await engine.setOption('UCI_Variant', 'racingkings');
  assert.equal(engine.variant, 'racingkings');
  const second = await queue.submit({ variant: 'chess', request: { depth: 2 } }).result;
  assert.equal(engine.variant, 'chess');
  assert.ok(new Game('chess').legalMoves().includes(second.bestmove), second.bestmove);
  // And the other way round: the queue switches to a job's rule set.
  const third = await queue.submit({ variant: 'alice', request: { depth: 1 } }).result;
  assert.ok(new Game('alice').legalMoves().includes(third.bestmove), third.bestmove);
  assert.equal(engine.variant, 'alice');
});
