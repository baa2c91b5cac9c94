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

test('a job\'s options are compared with the session\'s own, not with what the queue last set', async () => {
  await engine.ready;
  const queue = queueFor(engine);
  const set = [];
  const setOption = engine.setOption.bind(engine);
  // The options the queue sets (the rule set aside: the test before left Alice).
  engine.setOption = (name, value) => (name !== 'UCI_Variant' && set.push(`${name}=${value}`), setOption(name, value));
  try {
    await queue.submit({ variant: 'chess', options: { 'Skill Level': 5, MultiPV: 1 }, request: { depth: 1 } }).result;
    assert.deepEqual(set, ['Skill Level=5'], 'MultiPV 1 is the session\'s already');
    assert.equal(engine.options['Skill Level'], 5);
    // Another user of the same Engine changes the level, by raw UCI: the session says so.
    engine.postMessage('setoption name Skill Level value 12');
    await setOption('MultiPV', 1); // a round trip: the raw line has been read before it
    assert.equal(engine.options['Skill Level'], 12);
    set.length = 0;
    await queue.submit({ variant: 'chess', options: { 'Skill Level': 5, MultiPV: 1 }, request: { depth: 1 } }).result;
    assert.deepEqual(set, ['Skill Level=5'], 'the queue set the level again');
    assert.equal(engine.options['Skill Level'], 5);
  } finally {
    delete engine.setOption;
  }
});
