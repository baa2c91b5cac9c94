// The worker-side host (js/engine-host.js) driven directly in this thread, with the real
// wasm glue or with a stand-in whose search traps: command order, stop of queued
// searches, and recovery after a wasm trap (EngineCrashedError, then a fresh session
// with the same variant and options, whether set through the typed door or raw UCI:
// the options the session last reported).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as glue from '../../pkg/web/alfiere.js';
import { createEngineHost } from '../../js/engine-host.js';

glue.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });

function hostWith(load) {
  const sent = [];
  const waiters = [];
  const host = createEngineHost({
    post: (message) => {
      sent.push(message);
      for (const w of [...waiters]) if (w.match(message)) waiters.splice(waiters.indexOf(w), 1) && w.resolve(message);
    },
    load,
  });
  const next = (match) => new Promise((resolve) => waiters.push({ match, resolve }));
  return { host, sent, next };
}

test('a stop sent before a queued analysis makes it return at once', async () => {
  const { host, next } = hostWith(async () => glue);
  host.receive({ type: 'init', id: 0, variant: 'chess' });
  const done = next((m) => m.type === 'event' && m.final && m.id === 1);
  host.receive({ type: 'job', id: 1, job: { kind: 'search', infinite: true } });
  host.receive({ type: 'stop' });
  const { value: result } = await done;
  assert.ok(new glue.Game().legalMoves().includes(result.bestmove));
});

test('commands run in order: an option set before an analysis applies to it', async () => {
  const { host, next } = hostWith(async () => glue);
  host.receive({ type: 'init', id: 0, variant: 'chess' });
  host.receive({ type: 'setOption', id: 1, name: 'UCI_Variant', value: 'racingkings' });
  const done = next((m) => m.type === 'event' && m.final && m.id === 2);
  host.receive({ type: 'job', id: 2, job: { kind: 'search', depth: 2 } });
  const { value: result } = await done;
  assert.ok(new glue.Game('racingkings').legalMoves().includes(result.bestmove));
  assert.equal(result.depth, 2, 'the request\'s depth limit reached the session');
});

/** A Session whose first search step (raw or typed) traps, as a Rust panic in the wasm
 * would; every session made records the settings it was given. */
function trappingGlue() {
  const made = [];
  let trap = true;
  const trapOnce = () => {
    if (trap) {
      trap = false;
      throw new WebAssembly.RuntimeError('unreachable');
    }
  };
  class TrappingSession extends glue.Session {
    constructor(seed) {
      super(seed);
      this.settings = [];
      made.push(this);
    }
    handleLine(line) {
      if (line.startsWith('setoption')) this.settings.push(line);
      return super.handleLine(line);
    }
    setOption(name, value) {
      this.settings.push(`${name}=${value}`);
      return super.setOption(name, value);
    }
    step(budget, nowMs) {
      trapOnce();
      return super.step(budget, nowMs);
    }
    advance(budget, nowMs) {
      trapOnce();
      return super.advance(budget, nowMs);
    }
  }
  return { made, fake: { ...glue, Session: TrappingSession } };
}

test('a wasm trap in a search is an EngineCrashedError, and the session is rebuilt with its options', async () => {
  const { made, fake } = trappingGlue();
  const { host, next } = hostWith(async () => fake);
  host.receive({ type: 'init', id: 0, variant: 'alice' });
  host.receive({ type: 'setOption', id: 1, name: 'Skill Level', value: 7 });
  const failed = next((m) => m.id === 2 && (m.type === 'error' || m.final));
  host.receive({ type: 'job', id: 2, job: { kind: 'search', depth: 2 } });
  const crash = await failed;
  assert.equal(crash.type, 'error');
  assert.deepEqual([crash.error.name, crash.error.code], ['EngineCrashedError', 'ENGINE_CRASHED']);
  assert.match(crash.error.message, /unreachable/);
  assert.ok(made.length >= 2, 'a new session was made');
  // The new session was given the options the old one reported, through setOption.
  assert.ok(made.at(-1).settings.includes('UCI_Variant=alice') && made.at(-1).settings.includes('Skill Level=7'));
  assert.deepEqual([made.at(-1).variant(), made.at(-1).options()['Skill Level']], ['alice', 7]);
  const done = next((m) => m.id === 3 && (m.type === 'error' || m.final));
  host.receive({ type: 'job', id: 3, job: { kind: 'search', depth: 2 } });
  const ok = await done;
  assert.deepEqual([ok.type, ok.kind], ['event', 'best']);
  assert.ok(new glue.Game('alice').legalMoves().includes(ok.value.bestmove));
});

test('raw UCI after a trap still answers bestmove, so a GUI never hangs', async () => {
  const { fake } = trappingGlue();
  const { host, sent, next } = hostWith(async () => fake);
  const best = next((m) => typeof m === 'string' && m.startsWith('bestmove'));
  host.receive('go depth 3');
  assert.equal(await best, 'bestmove (none)');
  assert.ok(sent.some((l) => typeof l === 'string' && l.startsWith('info string engine error')));
  const again = next((m) => typeof m === 'string' && m.startsWith('bestmove'));
  host.receive('go depth 3');
  assert.ok(new glue.Game().legalMoves().includes((await again).split(' ')[1]));
});

test('settings made by raw UCI are replayed after a trap too', async () => {
  const { made, fake } = trappingGlue();
  const { host, next } = hostWith(async () => fake);
  const ready = next((m) => m === 'readyok');
  host.receive('setoption name UCI_Variant value billiards\nsetoption name Hash value nonsense\nisready');
  await ready;
  const best = next((m) => typeof m === 'string' && m.startsWith('bestmove'));
  host.receive('go depth 2');
  assert.equal(await best, 'bestmove (none)');
  assert.deepEqual([made.at(-1).variant(), made.at(-1).options().Hash], ['billiards', 16], 'the refused Hash is not replayed');
});

test('a game analysis waits for the network of its rule set that is still being read', async () => {
  // The page switches the engine to the game's rule set and asks for the analysis at
  // once: started before the network arrived, the report would be the hand-written
  // evaluation's, and another after it the network's (issue 53).
  const calls = [];
  class RecordingSession extends glue.Session {
    loadNetwork(bytes) {
      calls.push('loadNetwork');
      return super.loadNetwork(bytes);
    }
    start(id, job) {
      calls.push(job.kind);
      return super.start(id, job);
    }
  }
  const bytes = readFileSync(new URL('../../nets/chessgi-round1.nnue', import.meta.url));
  const sent = [];
  let finished;
  const done = new Promise((resolve) => (finished = resolve));
  const host = createEngineHost({
    post: (message) => {
      sent.push(message);
      if (message?.final || message?.type === 'error') finished(message);
    },
    load: async () => ({ ...glue, Session: RecordingSession }),
    readNetwork: () => new Promise((resolve) => setTimeout(() => resolve(bytes), 100)),
  });
  host.receive({ type: 'init', id: 0, variant: 'chess', network: [{ source: 'chessgi.nnue', variants: ['chessgi'] }] });
  host.receive({ type: 'setOption', id: 1, name: 'UCI_Variant', value: 'chessgi' });
  host.receive({ type: 'job', id: 2, job: { kind: 'analysis', pgn: '[Variant "Chessgi"]\n\n1. e4 d5 2. exd5 *', depth: 2 }, awaitNetworks: true });
  const message = await done;
  assert.deepEqual([message.type, message.kind], ['event', 'analysis'], JSON.stringify(message));
  assert.deepEqual(calls, ['loadNetwork', 'analysis']);
});

test('jobs and their events pass through the host as data, whatever their kind', async () => {
  // A session whose jobs the host has never heard of: it starts them, hands on each
  // event as it is, and ends the job at the one marked final.
  class NewJobSession extends glue.Session {
    start(id, job) {
      this.job = { id, job, left: 3 };
    }
    status() {
      return this.job ? 'running' : 'idle';
    }
    advance() {
      const { id, job } = this.job;
      const last = --this.job.left === 0;
      if (last) this.job = null;
      return [{ id, kind: last ? 'verdict' : 'tick', final: last, value: { echo: job.exercise } }];
    }
  }
  const { host, sent, next } = hostWith(async () => ({ ...glue, Session: NewJobSession }));
  host.receive({ type: 'init', id: 0, variant: 'chess' });
  const done = next((m) => m.type === 'event' && m.final);
  host.receive({ type: 'job', id: 5, job: { kind: 'practice', exercise: 'e4' } });
  await done;
  const events = sent.filter((m) => m.type === 'event');
  assert.deepEqual(events.map((m) => [m.id, m.kind, m.final, m.value.echo]), [
    [5, 'tick', false, 'e4'], [5, 'tick', false, 'e4'], [5, 'verdict', true, 'e4'],
  ]);
  // The host is free again: the next job runs.
  const again = next((m) => m.type === 'event' && m.final && m.id === 6);
  host.receive({ type: 'job', id: 6, job: { kind: 'search', depth: 1 } });
  assert.ok(await again);
});
