// Bad input for every method of the wasm Game and Session classes, the free functions,
// and the JS Engine class ('alfiere/engine'). Every item is one call with one bad value;
// it must throw (or reject with) an Error whose `name` is the expected one and whose
// `code` is that name's stable code, leave the object's state unchanged, and never let
// a Rust panic reach JS (no WebAssembly RuntimeError, no panic message on the console).
//
// Bad values (12 kinds): null, undefined, number 42, NaN, true, {}, [], a function, a
// Symbol, a BigInt, a megabyte string, an unknown variant id ('shogi').
// For each slot below: what each kind gives. "ok" = accepted (the slot is optional, or
// the value is valid there); Arg = InvalidArgumentError; Fen = InvalidFenError;
// Move = IllegalMoveError; Pgn = InvalidPgnError; Var = UnknownVariantError;
// Load = WasmLoadError (ready rejects); a `-> X` after a kind overrides the slot default.
//
//  wasm Game (a game after 1. e4)                    default  overrides
//   1 new Game(v)                                    Arg      null,undefined ok; MB,shogi Var
//   2 new Game('chess', v)                           Arg      null,undefined ok; MB,shogi Fen
//   3 game.move(v)                                   Arg      MB,shogi Move
//   4 game.move({from: v, to: 'e5'})                 Arg      MB,shogi Arg (not a square)
//   5 game.move({from: 'e7', to: 'e5', promotion: v}) Arg     null,undefined ok
//   6 game.moves(v)                                  Arg      null,undefined,{},[] ok
//   7 game.moves({square: v})                        Arg      null,undefined ok
//   8 game.history(v)                                Arg      null,undefined,{},[] ok
//   9 game.load(v)                                   Arg      MB,shogi Fen
//  10 game.pgn(v)                                    Arg      null,undefined,{},[] ok
//  11 game.pgn({tags: v})                            Arg      null,undefined,{},[] ok
//  12 game.pgn({tags: {Event: v}})                   Arg      shogi ok
//  13 game.loadPgn(v)                                Arg      MB,shogi Pgn
//  14 game.resign(v)                                 Arg
//  15 game.perft(v)                                  Arg
//  15a game.setHeader(v, 'x')                         Arg      shogi ok
//  15b game.setHeader('Event', v)                     Arg      shogi ok
//  15c game.removeHeader(v)                           Arg      MB,shogi ok (no such tag: false)
//  15d game.setComment(v)                             Arg      shogi ok
//  15e game.setNags(v)                                Arg      [] ok
//  15f game.attackers(v)                              Arg
//  15g game.attackers('e4', v)                        Arg      null,undefined ok
//  15h game.isAttacked(v, 'w')                        Arg
//  15i game.isAttacked('e4', v)                       Arg
//  15j game.load(fen, v)                              Arg      null,undefined,{},[] ok
//  15k game.load(fen, {accept: v})                    Arg      null,undefined,[] ok
//  15l game.load(fen, {accept: [v]})                  Arg      (no kind names a problem kind)
//  15m game.loadPgn(pgn, {accept: v})                 Arg      null,undefined,[] ok
//  15n game.put(piece, square, {accept: v})           Arg      null,undefined,[] ok
//  15o game.remove(square, {accept: v})               Arg      null,undefined,[] ok
//  15p game.getComments(v)                            Arg      null,undefined,{},[] ok
//  15q game.getComments({asWritten: v})               Arg      null,undefined,true ok
//      (15j-15q on their own game at the start, where each accepted call changes nothing)
//  16 validateFen(v)                                 {ok: false} for every kind (it reports, never throws)
//  17 validateFen('8/8/8/8/8/8/8/K1k5 w - - 0 1', v) Arg      null,undefined ok; MB,shogi Var
//  18 legalMoves(v)                                  Arg      null,undefined ok; MB,shogi Var
//  19 legalMoves('chess', v)                         Arg      null,undefined ok; MB,shogi Fen
//  wasm Session (the UCI session; text is answered, never an error)
//  20 new Session(v)                                 Arg      null,undefined,42 ok
//  21 session.handleLine(v)                          Arg      MB,shogi ok (answered with `info string`)
//  22 session.step(v, 0) during a search             Arg      undefined,42 ok
//  23 session.step(1, v) during a search             Arg      undefined,42 ok
//  24 session.loadNetwork(v)                         Arg      (every kind: only a Uint8Array is read)
//  JS Engine (alfiere/engine, in a worker thread)
//  25 new Engine(v)                                  Arg      undefined,{} ok
//  26 new Engine({variant: v})                       Arg      undefined ok; MB,shogi Var
//  27 new Engine({wasm: v})                          Arg      null,undefined ok; MB,shogi Load
//  28 new Engine({network: v})                      Arg      null,undefined ok; MB,shogi ok (a path: `network` tells it failed)
//  29 engine.setOption(v, 1)                         Arg
//  30 engine.setOption('MultiPV', v)                 Arg      42 ok
//  31 engine.analyse(v)                              Arg      null,undefined,{} ok
//  32 engine.analyse({fen: v, depth: 1})             Arg      null,undefined ok; MB,shogi Fen
//  33 engine.analyse({moves: v, depth: 1})           Arg      null,undefined,[] ok
//  34 engine.analyse({moves: [v], depth: 1})         Arg      MB,shogi Move
//  35 engine.analyse({depth: v})                     Arg      null,undefined,42 ok
//  36 engine.analyse({multipv: v, depth: 1})         Arg      null,undefined,42 ok
//  37 engine.analyse({infinite: v, depth: 1})        Arg      undefined,true ok
//  38 engine.analyse({depth: 1}, v)                  Arg      null,undefined,fn ok
//  39 engine.postMessage(v)                          Arg      MB,shogi ok (answered with `info string`)
// Plus, per class, every method after the object is gone:
//  40 each of the 41 Game methods after free(): wasm-bindgen's Error 'null pointer passed
//     to rust' (its own name 'Error'; wasm-bindgen gives no hook to type it)
//  41 each of the 6 wasm Session methods after free(): the same
//  42 each of the 5 JS Engine methods that talk to the worker after terminate():
//     EngineTerminatedError (stop() and terminate() are then no-ops)
// 56 slots x 12 kinds = 672 items, plus 41 + 6 + 5 = 52 after-the-end items: 724 in all
// (the test counts them and checks the total), and one more check: bytes that are no
// network give InvalidNetworkError.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as A from 'alfiere';
import { Engine as JsEngine } from 'alfiere/engine';

const MB = 'x'.repeat(1 << 20);
const KINDS = {
  null: null,
  undefined: undefined,
  42: 42,
  NaN: NaN,
  true: true,
  '{}': {},
  '[]': [],
  fn: () => 1,
  symbol: Symbol('bad'),
  bigint: 10n,
  MB,
  shogi: 'shogi',
};
const NAMES = {
  Arg: ['InvalidArgumentError', 'INVALID_ARGUMENT'],
  Fen: ['InvalidFenError', 'INVALID_FEN'],
  Move: ['IllegalMoveError', 'ILLEGAL_MOVE'],
  Pgn: ['InvalidPgnError', 'INVALID_PGN'],
  Var: ['UnknownVariantError', 'UNKNOWN_VARIANT'],
  Load: ['WasmLoadError', 'WASM_LOAD_FAILED'],
  Terminated: ['EngineTerminatedError', 'ENGINE_TERMINATED'],
};

let itemCount = 0;
const panics = [];
const realConsoleError = console.error;
before(() => {
  // The module's panic hook reports a Rust panic here before the trap.
  console.error = (...args) => {
    panics.push(args.join(' '));
    realConsoleError(...args);
  };
});
after(() => {
  console.error = realConsoleError;
});

/** The expectation of `kind` in a slot: 'ok' or a NAMES key. */
function expected(defaultName, overrides, kind) {
  for (const [kinds, name] of overrides) if (kinds.split(',').includes(kind)) return name;
  return defaultName;
}

function parseOverrides(text) {
  // "null,undefined ok; MB,shogi Var" -> [['null,undefined', 'ok'], ['MB,shogi', 'Var']]
  return text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const at = s.lastIndexOf(' ');
      return [s.slice(0, at), s.slice(at + 1)];
    });
}

function checkThrown(error, name, where) {
  assert.ok(error instanceof Error, `${where}: threw a non-Error ${String(error)}`);
  assert.notEqual(error.name, 'RuntimeError', `${where}: a wasm trap: ${error.message}`);
  assert.deepEqual([error.name, error.code], NAMES[name], `${where}: ${error.name} ${error.code} ${error.message}`);
}

/** Runs `call(value)` for every kind; `state()` must not change on a throw. */
function sweepSync(label, defaultName, overridesText, call, state = () => null) {
  const overrides = parseOverrides(overridesText);
  for (const [kind, value] of Object.entries(KINDS)) {
    const want = expected(defaultName, overrides, kind);
    const where = `${label} with ${kind}`;
    const before = state();
    let thrown = null;
    let result;
    try {
      result = call(value);
    } catch (error) {
      thrown = error;
    }
    itemCount += 1;
    if (want === 'ok') {
      assert.equal(thrown, null, `${where}: unexpected ${thrown?.name}: ${thrown?.message}`);
      result?.free?.();
    } else {
      assert.ok(thrown, `${where}: did not throw`);
      checkThrown(thrown, want, where);
      assert.deepEqual(state(), before, `${where}: the state changed`);
    }
  }
}

async function sweepAsync(label, defaultName, overridesText, call, cleanup = () => {}) {
  const overrides = parseOverrides(overridesText);
  for (const [kind, value] of Object.entries(KINDS)) {
    const want = expected(defaultName, overrides, kind);
    const where = `${label} with ${kind}`;
    let thrown = null;
    try {
      await call(value);
    } catch (error) {
      thrown = error;
    }
    itemCount += 1;
    if (want === 'ok') assert.equal(thrown, null, `${where}: unexpected ${thrown?.name}: ${thrown?.message}`);
    else {
      assert.ok(thrown, `${where}: did not reject`);
      checkThrown(thrown, want, where);
    }
    await cleanup();
  }
}

test('wasm Game, validateFen, legalMoves: every slot, every kind of bad value', () => {
  const game = new A.Game('chess');
  game.move('e4');
  const state = () => [game.fen(), game.history().length, game.variant(), game.getHeaders(), game.getComments(), game.getNags()];
  sweepSync('new Game(v)', 'Arg', 'null,undefined ok; MB,shogi Var', (v) => new A.Game(v));
  sweepSync("new Game('chess', v)", 'Arg', 'null,undefined ok; MB,shogi Fen', (v) => new A.Game('chess', v));
  const probe = () => {
    // a successful move would change the state; undo it so later items see 1. e4
    const n = game.history().length;
    return () => {
      if (game.history().length > n) game.undo();
    };
  };
  const tryMove = (arg) => {
    const restore = probe();
    try {
      return game.move(arg);
    } finally {
      restore();
    }
  };
  sweepSync('game.move(v)', 'Arg', 'MB,shogi Move', (v) => tryMove(v), state);
  sweepSync("game.move({from: v, to: 'e5'})", 'Arg', '', (v) => tryMove({ from: v, to: 'e5' }), state);
  sweepSync("game.move({from: 'e7', to: 'e5', promotion: v})", 'Arg', 'null,undefined ok', (v) => tryMove({ from: 'e7', to: 'e5', promotion: v }), state);
  sweepSync('game.moves(v)', 'Arg', 'null,undefined,{},[] ok', (v) => game.moves(v), state);
  sweepSync('game.moves({square: v})', 'Arg', 'null,undefined ok', (v) => game.moves({ square: v }), state);
  sweepSync('game.history(v)', 'Arg', 'null,undefined,{},[] ok', (v) => game.history(v), state);
  sweepSync('game.load(v)', 'Arg', 'MB,shogi Fen', (v) => game.load(v), state);
  sweepSync('game.pgn(v)', 'Arg', 'null,undefined,{},[] ok', (v) => game.pgn(v), state);
  sweepSync('game.pgn({tags: v})', 'Arg', 'null,undefined,{},[] ok', (v) => game.pgn({ tags: v }), state);
  sweepSync('game.pgn({tags: {Event: v}})', 'Arg', 'shogi ok', (v) => game.pgn({ tags: { Event: v } }), state);
  sweepSync('game.loadPgn(v)', 'Arg', 'MB,shogi Pgn', (v) => game.loadPgn(v), state);
  sweepSync('game.resign(v)', 'Arg', '', (v) => game.resign(v), state);
  sweepSync('game.perft(v)', 'Arg', '', (v) => game.perft(v), state);
  sweepSync("game.setHeader(v, 'x')", 'Arg', 'shogi ok', (v) => game.setHeader(v, 'x'), state);
  sweepSync("game.setHeader('Event', v)", 'Arg', 'shogi ok', (v) => game.setHeader('Event', v), state);
  sweepSync('game.removeHeader(v)', 'Arg', 'MB,shogi ok', (v) => game.removeHeader(v), state);
  sweepSync('game.setComment(v)', 'Arg', 'shogi ok', (v) => game.setComment(v), state);
  sweepSync('game.setNags(v)', 'Arg', '[] ok', (v) => game.setNags(v), state);
  sweepSync('game.attackers(v)', 'Arg', '', (v) => game.attackers(v), state);
  sweepSync("game.attackers('e4', v)", 'Arg', 'null,undefined ok', (v) => game.attackers('e4', v), state);
  sweepSync("game.isAttacked(v, 'w')", 'Arg', '', (v) => game.isAttacked(v, 'w'), state);
  sweepSync("game.isAttacked('e4', v)", 'Arg', '', (v) => game.isAttacked('e4', v), state);
  // validateFen reports instead of throwing
  for (const [kind, value] of Object.entries(KINDS)) {
    const answer = A.validateFen(value);
    assert.equal(answer.ok, false, `validateFen(${kind})`);
    assert.equal(typeof answer.error, 'string');
    itemCount += 1;
  }
  sweepSync("validateFen(fen, v)", 'Arg', 'null,undefined ok; MB,shogi Var', (v) => A.validateFen('8/8/8/8/8/8/8/K1k5 w - - 0 1', v));
  sweepSync('legalMoves(v)', 'Arg', 'null,undefined ok; MB,shogi Var', (v) => A.legalMoves(v));
  sweepSync("legalMoves('chess', v)", 'Arg', 'null,undefined ok; MB,shogi Fen', (v) => A.legalMoves('chess', v));
  assert.deepEqual(game.history(), ['e4']);
  assert.equal(game.perft(2), 600);
});

test('wasm Game options: accepted problem kinds and the comment view', () => {
  // At the start with a comment, where every accepted call below changes nothing: the
  // FEN and PGN are the position's own, the pawn goes back on its square, e3 is empty.
  const game = new A.Game('chess');
  game.setComment(' as written ');
  const fen = game.fen();
  const pgn = game.pgn();
  const state = () => [game.fen(), game.history().length, game.getComments({ asWritten: true })];
  const keep = (call) => (v) => {
    call(v);
    game.setComment(' as written ');
  };
  sweepSync('game.load(fen, v)', 'Arg', 'null,undefined,{},[] ok', keep((v) => game.load(fen, v)), state);
  sweepSync('game.load(fen, {accept: v})', 'Arg', 'null,undefined,[] ok', keep((v) => game.load(fen, { accept: v })), state);
  sweepSync('game.load(fen, {accept: [v]})', 'Arg', '', (v) => game.load(fen, { accept: [v] }), state);
  sweepSync('game.loadPgn(pgn, {accept: v})', 'Arg', 'null,undefined,[] ok', keep((v) => game.loadPgn(pgn, { accept: v })), state);
  sweepSync('game.put(piece, square, {accept: v})', 'Arg', 'null,undefined,[] ok',
    keep((v) => game.put({ type: 'p', color: 'w' }, 'e2', { accept: v })), state);
  sweepSync('game.remove(square, {accept: v})', 'Arg', 'null,undefined,[] ok', (v) => game.remove('e3', { accept: v }), state);
  sweepSync('game.getComments(v)', 'Arg', 'null,undefined,{},[] ok', (v) => game.getComments(v), state);
  sweepSync('game.getComments({asWritten: v})', 'Arg', 'null,undefined,true ok', (v) => game.getComments({ asWritten: v }), state);
  assert.equal(game.fen(), fen);
  assert.equal(game.getComment(), 'as written');
  assert.equal(game.getComments({ asWritten: true })[0].comment, ' as written ');
});

test('wasm Session: every slot, every kind of bad value', () => {
  sweepSync('new Session(v)', 'Arg', 'null,undefined,42 ok', (v) => new A.Session(v));
  const session = new A.Session(1);
  session.handleLine('position startpos moves e2e4');
  const state = () => session.handleLine('d').join('\n');
  // Text is never an error: it is answered (an unknown command, an overlong line).
  const before = state();
  sweepSync('session.handleLine(v)', 'Arg', 'MB,shogi ok', (v) => session.handleLine(v), state);
  assert.equal(state(), before);
  session.handleLine('go infinite');
  sweepSync('session.step(v, 0)', 'Arg', 'undefined,42 ok', (v) => session.step(v, 0), state);
  sweepSync('session.step(1, v)', 'Arg', 'undefined,42 ok', (v) => session.step(1, v), state);
  assert.notEqual(session.status(), 'idle', 'bad steps do not end the search');
  sweepSync('session.loadNetwork(v)', 'Arg', '', (v) => session.loadNetwork(v), state);
  assert.throws(() => session.loadNetwork(new Uint8Array([1, 2, 3])), (e) => {
    assert.deepEqual([e.name, e.code], ['InvalidNetworkError', 'INVALID_NETWORK']);
    return true;
  });
  assert.equal(session.hasNetwork(), false);
  const lines = session.handleLine('stop');
  assert.equal(session.status(), 'idle');
  const game = new A.Game();
  game.move('e4');
  assert.ok(game.legalMoves().includes(lines.at(-1).split(' ')[1]), lines.at(-1));
});

test('calls after free() throw an Error, never a trap', () => {
  const game = new A.Game();
  game.free();
  const gameCalls = [
    (g) => g.variant(), (g) => g.move('e4'), (g) => g.moves(), (g) => g.legalMoves(), (g) => g.dests(),
    (g) => g.undo(), (g) => g.history(), (g) => g.fen(), (g) => g.load('8/8/8/8/8/8/8/K1k5 w - - 0 1'),
    (g) => g.pgn(), (g) => g.loadPgn('1. e4'), (g) => g.outcome(), (g) => g.isCheck(), (g) => g.isCheckmate(),
    (g) => g.isStalemate(), (g) => g.isDraw(), (g) => g.isGameOver(), (g) => g.isThreefoldRepetition(),
    (g) => g.isInsufficientMaterial(), (g) => g.isDrawByFiftyMoves(), (g) => g.turn(), (g) => g.turnState(),
    (g) => g.board(), (g) => g.hands(), (g) => g.claimableDraw(), (g) => g.claimDraw(), (g) => g.resign('w'),
    (g) => g.perft(1), (g) => g.clone(), (g) => g.agreeDraw(), (g) => g.getHeaders(), (g) => g.setHeader('White', 'x'),
    (g) => g.removeHeader('White'), (g) => g.getComment(), (g) => g.setComment('x'), (g) => g.removeComment(),
    (g) => g.getComments(), (g) => g.getNags(), (g) => g.setNags([1]), (g) => g.attackers('e4'),
    (g) => g.isAttacked('e4', 'w'),
  ];
  const session = new A.Session();
  session.free();
  const sessionCalls = [
    (e) => e.handleLine('isready'), (e) => e.step(1, 0), (e) => e.status(), (e) => e.loadNetwork(new Uint8Array(8)),
    (e) => e.hasNetwork(), (e) => e.free(),
  ];
  for (const [object, calls] of [[game, gameCalls], [session, sessionCalls]]) {
    for (const call of calls) {
      assert.throws(() => call(object), (e) => {
        assert.ok(e instanceof Error && e.name !== 'RuntimeError', String(e));
        assert.equal(e.message, 'null pointer passed to rust');
        return true;
      }, String(call));
      itemCount += 1;
    }
  }
  assert.equal(gameCalls.length + sessionCalls.length, 41 + 6);
});

test('JS Engine: every slot, every kind of bad value', async () => {
  const engines = [];
  const make = (options) => {
    const e = new JsEngine(options);
    engines.push(e);
    return e;
  };
  try {
    await sweepAsync('new Engine(v)', 'Arg', 'undefined,{} ok', async (v) => {
      await make(v).ready;
    });
    await sweepAsync('new Engine({variant: v})', 'Arg', 'undefined ok; MB,shogi Var', async (v) => {
      await make({ variant: v }).ready;
    });
    await sweepAsync('new Engine({wasm: v})', 'Arg', 'null,undefined ok; MB,shogi Load', async (v) => {
      await make({ wasm: v }).ready;
    });
    engines.splice(0).forEach((e) => e.terminate());
    const warn = console.warn;
    console.warn = () => {};
    try {
      await sweepAsync('new Engine({network: v})', 'Arg', 'null,undefined ok; MB,shogi ok', async (v) => {
        const engine = make({ network: v });
        await engine.ready;
        const status = await engine.network;
        if (v !== null && v !== undefined) assert.equal(status.error?.name, 'NetworkLoadError');
      });
    } finally {
      console.warn = warn;
    }
    engines.splice(0).forEach((e) => e.terminate());
    const engine = make({ variant: 'chess' });
    await engine.ready;
    await sweepAsync('engine.setOption(v, 1)', 'Arg', '', (v) => engine.setOption(v, 1));
    await sweepAsync("engine.setOption('MultiPV', v)", 'Arg', '42 ok', (v) => engine.setOption('MultiPV', v));
    // Analyses that are accepted are stopped at once: this sweep is about the input.
    const analyse = (options, onInfo) => {
      const pending = engine.analyse(options, onInfo);
      engine.stop();
      return pending;
    };
    await sweepAsync('engine.analyse(v)', 'Arg', 'null,undefined,{} ok', (v) => analyse(v));
    await sweepAsync('engine.analyse({fen: v, depth: 1})', 'Arg', 'null,undefined ok; MB,shogi Fen', (v) => analyse({ fen: v, depth: 1 }));
    await sweepAsync('engine.analyse({moves: v, depth: 1})', 'Arg', 'null,undefined,[] ok', (v) => analyse({ moves: v, depth: 1 }));
    await sweepAsync('engine.analyse({moves: [v], depth: 1})', 'Arg', 'MB,shogi Move', (v) => analyse({ moves: [v], depth: 1 }));
    await sweepAsync('engine.analyse({depth: v})', 'Arg', 'null,undefined,42 ok', (v) => analyse({ depth: v }));
    await sweepAsync('engine.analyse({multipv: v, depth: 1})', 'Arg', 'null,undefined,42 ok', (v) => analyse({ multipv: v, depth: 1 }));
    await sweepAsync('engine.analyse({infinite: v, depth: 1})', 'Arg', 'undefined,true ok', (v) => analyse({ infinite: v, depth: 1 }));
    await sweepAsync('engine.analyse({depth: 1}, v)', 'Arg', 'null,undefined,fn ok', (v) => analyse({ depth: 1 }, v));
    const replies = [];
    engine.onmessage = (event) => replies.push(event.data);
    await sweepAsync('engine.postMessage(v)', 'Arg', 'MB,shogi ok', async (v) => engine.postMessage(v));
    const ready = new Promise((resolve) => engine.addEventListener('message', (e) => e.data === 'readyok' && resolve()));
    engine.postMessage('isready');
    await ready;
    assert.equal(replies.filter((l) => l.startsWith('info string')).length, 2, replies.join('\n').slice(0, 300));
    assert.equal(engine.variant, 'chess');
    const result = await engine.analyse({ depth: 3 });
    assert.ok(new A.Game().legalMoves().includes(result.bestmove));
    engine.terminate();
    const calls = [
      () => engine.setOption('Hash', 1), () => engine.newGame(), () => engine.analyse({ depth: 1 }),
      async () => engine.postMessage('isready'), async () => engine.uci('isready'),
    ];
    engine.stop();
    engine.terminate();
    for (const call of calls) {
      await assert.rejects(call(), (e) => {
        checkThrown(e, 'Terminated', String(call));
        return true;
      });
      itemCount += 1;
    }
  } finally {
    engines.forEach((e) => e.terminate());
  }
});

test('the catalogue has the size its header says, and nothing panicked', () => {
  assert.equal(itemCount, 56 * 12 + 41 + 6 + 5);
  assert.deepEqual(panics, []);
});
