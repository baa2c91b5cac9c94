// The JS Game class (pkg/web, wasm-bindgen `web` target) under Node: chess.js names,
// verbose moves, typed errors that leave the game unchanged, bad argument types.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

let A;

before(async () => {
  A = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  A.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
});

function throwsNamed(fn, name, code) {
  let caught;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof Error, `expected an Error, got ${caught}`);
  assert.equal(caught.name, name, caught.message);
  if (code) assert.equal(caught.code, code);
  return caught;
}

test('moves by SAN, UCI and {from, to}; verbose objects like chess.js', () => {
  const g = new A.Game();
  const e4 = g.move('e4');
  assert.equal(e4.san, 'e4');
  assert.equal(e4.lan, 'e2e4');
  assert.equal(e4.from, 'e2');
  assert.equal(e4.to, 'e4');
  assert.equal(e4.color, 'w');
  assert.equal(e4.piece, 'p');
  assert.equal(e4.flags, 'b');
  assert.equal(e4.endsTurn, true);
  g.move('e7e5');
  const nf3 = g.move({ from: 'g1', to: 'f3' });
  assert.equal(nf3.san, 'Nf3');
  assert.deepEqual(g.history(), ['e4', 'e5', 'Nf3']);
  assert.equal(g.history({ verbose: true })[2].lan, 'g1f3');
  assert.equal(g.turn(), 'b');
  assert.equal(g.undo().san, 'Nf3');
  assert.equal(g.undo().san, 'e5');
  assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
});

test('moves(), legalMoves(), dests()', () => {
  const g = new A.Game('chess');
  assert.equal(g.moves().length, 20);
  assert.deepEqual(g.moves({ square: 'g1' }).sort(), ['Nf3', 'Nh3']);
  assert.equal(g.moves({ verbose: true, square: 'e2' })[0].piece, 'p');
  assert.ok(g.legalMoves().includes('e2e4'));
  const dests = g.dests();
  assert.ok(dests instanceof Map);
  assert.deepEqual(dests.get('e2'), ['e3', 'e4']);
  assert.equal(dests.size, 10);
});

test('errors carry a stable name and code and leave the game unchanged', () => {
  const g = new A.Game();
  g.move('e4');
  const fen = g.fen();
  throwsNamed(() => g.move('Ke3'), 'IllegalMoveError', 'ILLEGAL_MOVE');
  throwsNamed(() => g.move({ from: 'e2', to: 'e5' }), 'IllegalMoveError');
  throwsNamed(() => g.load('garbage'), 'InvalidFenError', 'INVALID_FEN');
  throwsNamed(() => g.loadPgn('1. e4 e5 2. Qxf7'), 'InvalidPgnError', 'INVALID_PGN');
  throwsNamed(() => new A.Game('shogi'), 'UnknownVariantError', 'UNKNOWN_VARIANT');
  throwsNamed(() => g.claimDraw(), 'NoClaimError');
  assert.equal(g.fen(), fen);
  assert.equal(g.history().length, 1);
});

test('arguments of the wrong type get InvalidArgumentError, not a crash', () => {
  const g = new A.Game();
  for (const bad of [null, undefined, 42, true, [], () => 1]) {
    throwsNamed(() => g.move(bad), 'InvalidArgumentError');
  }
  throwsNamed(() => g.move({ from: 1, to: 'e4' }), 'InvalidArgumentError');
  throwsNamed(() => g.load(null), 'InvalidArgumentError');
  throwsNamed(() => g.load(12), 'InvalidArgumentError');
  throwsNamed(() => g.loadPgn({}), 'InvalidArgumentError');
  throwsNamed(() => new A.Game(7), 'InvalidArgumentError');
  throwsNamed(() => g.perft(-1), 'InvalidArgumentError');
  throwsNamed(() => g.perft('3'), 'InvalidArgumentError');
  throwsNamed(() => g.resign('green'), 'InvalidArgumentError');
  throwsNamed(() => g.moves(5), 'InvalidArgumentError');
  throwsNamed(() => g.move('x'.repeat(1 << 20)), 'IllegalMoveError');
  throwsNamed(() => g.load('x'.repeat(1 << 20)), 'InvalidFenError');
  throwsNamed(() => g.loadPgn('1. e4 {'.repeat(200000)), 'InvalidPgnError');
  assert.equal(g.history().length, 0);
  assert.equal(g.perft(2), 400);
});

test('game endings and predicates', () => {
  const g = new A.Game();
  for (const m of ['f3', 'e5', 'g4', 'Qh4#']) g.move(m);
  assert.equal(g.isCheckmate(), true);
  assert.equal(g.isGameOver(), true);
  assert.equal(g.isCheck(), true);
  assert.deepEqual(g.outcome(), { winner: 'b', reason: 'checkmate', text: 'Black wins by checkmate' });
  throwsNamed(() => g.move('a3'), 'GameOverError', 'GAME_OVER');
  const r = new A.Game();
  for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']) r.move(m);
  assert.equal(r.isThreefoldRepetition(), true);
  assert.equal(r.claimableDraw(), 'threefold_repetition');
  assert.deepEqual(r.claimDraw(), {
    winner: null, reason: 'threefold_repetition', text: 'Draw by threefold repetition (claimed)',
  });
  assert.equal(new A.Game().resign('w').text, 'Black wins by resignation');
  assert.equal(new A.Game().agreeDraw().text, 'Draw by agreement');
  const rk = new A.Game('racingkings', '8/6K1/8/8/8/8/k7/8 w - - 0 1');
  rk.move('Kg8');
  assert.equal(rk.outcome().text, 'White wins by reaching the eighth rank');
  const k = new A.Game('chess', '8/8/8/4k3/8/8/8/K7 w - - 0 1');
  assert.equal(k.isInsufficientMaterial(), true);
  assert.equal(k.isDraw(), true);
});

test('board(), hands(), turnState(), pgn round trip, validateFen, variants', () => {
  const g = new A.Game();
  const board = g.board();
  assert.equal(board.length, 8);
  assert.deepEqual(board[7][4], { square: 'e1', type: 'k', color: 'w' });
  assert.equal(board[4][4], null);
  assert.equal(g.hands(), null);
  assert.deepEqual(g.turnState(), { side: 'w', length: 1, played: 0, phase: 'move' });
  g.move('e4');
  const text = g.pgn({ tags: { White: 'Ann' } });
  assert.match(text, /\[White "Ann"\]/);
  const h = new A.Game();
  h.loadPgn(text);
  assert.equal(h.fen(), g.fen());
  assert.deepEqual(A.validateFen('8/8/8/8/8/8/8/K1k5 w - - 0 1'), { ok: true });
  const bad = A.validateFen('8/8/8 w');
  assert.equal(bad.ok, false);
  assert.equal(typeof bad.error, 'string');
  assert.equal(A.validateFen(null).ok, false);
  // Each problem on its own, as a board editor lists them.
  const two = A.validateFen('4k3/8/8/8/8/8/8/P3KK2 w - - 0 1');
  assert.equal(two.problems.length, 2);
  for (const problem of two.problems) assert.ok(two.error.includes(problem), problem);
  const ids = A.variants().map((v) => v.id);
  assert.ok(ids.includes('chess') && ids.includes('alice'));
  const gi = new A.Game('chessgi');
  assert.deepEqual(gi.hands().w, { p: 0, n: 0, b: 0, r: 0, q: 0 });
  const alice = new A.Game('alice');
  assert.equal(alice.move('e4').board, 'b');
});

test('variants() gives the facts a UI needs about each rule set', () => {
  const facts = Object.fromEntries(A.variants().map((v) => [v.id, v]));
  assert.equal(Object.keys(facts).length, 11);
  for (const [id, f] of Object.entries(facts)) {
    assert.equal(f.boards, id === 'alice' ? 2 : 1, id);
    assert.equal(f.reboundingDiagonals, id === 'billiards', id);
    const turn = id === 'avalanche' ? 'move-and-push' : /^(progressive|marseillais)/.test(id) ? 'series' : 'single';
    assert.equal(f.turn, turn, id);
  }
  assert.equal(facts.chessgi.name, 'Chess-Gi');
});

test('every implemented variant plays a few random moves through the API', () => {
  for (const { id } of A.variants()) {
    const g = new A.Game(id);
    for (let i = 0; i < 12 && !g.isGameOver(); i++) {
      const legal = g.legalMoves();
      g.move(legal[(i * 7) % legal.length]);
    }
    assert.ok(g.history().length > 0, id);
  }
});

test('calls after free() throw instead of crashing', () => {
  const g = new A.Game();
  g.free();
  assert.throws(() => g.fen(), Error);
});

test('put and remove edit the board of any rule set, or throw and change nothing', () => {
  const g = new A.Game();
  g.move('e4');
  g.put({ type: 'q', color: 'w' }, 'e4');
  assert.equal(g.fen(), 'rnbqkbnr/pppppppp/8/8/4Q3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  assert.deepEqual(g.history(), [], 'the game starts again from the edited position');
  assert.deepEqual(g.remove('h1'), { square: 'h1', type: 'r', color: 'w' });
  assert.match(g.fen(), / b Qkq /, 'the rook took its castling right with it');
  assert.equal(g.remove('e5'), undefined);
  const before = g.fen();
  throwsNamed(() => g.remove('e1'), 'InvalidPositionError', 'INVALID_POSITION');
  throwsNamed(() => g.put({ type: 'k', color: 'w' }, 'a5'), 'InvalidPositionError');
  throwsNamed(() => g.put({ type: 'p', color: 'b' }, 'a1'), 'InvalidPositionError');
  throwsNamed(() => g.put({ type: 'x', color: 'w' }, 'a5'), 'InvalidArgumentError');
  throwsNamed(() => g.put({ type: 'q', color: 'white' }, 'a5'), 'InvalidArgumentError');
  throwsNamed(() => g.put('Q', 'a5'), 'InvalidArgumentError');
  throwsNamed(() => g.put({ type: 'q', color: 'w' }, 'z9'), 'InvalidArgumentError');
  throwsNamed(() => g.put({ type: 'q', color: 'w', board: 'b' }, 'a5'), 'InvalidArgumentError');
  throwsNamed(() => g.remove(42), 'InvalidArgumentError');
  assert.equal(g.fen(), before);

  const alice = new A.Game('alice');
  alice.remove('g1');
  alice.put({ type: 'n', color: 'w', board: 'b' }, 'e4');
  const e4 = alice.board()[4][4];
  assert.deepEqual(e4, { square: 'e4', type: 'n', color: 'w', board: 'b' });
  throwsNamed(() => alice.put({ type: 'n', color: 'w', board: 'c' }, 'e5'), 'InvalidArgumentError');

  const gi = new A.Game('chessgi');
  gi.put({ type: 'n', color: 'b' }, 'e4');
  assert.equal(gi.board()[4][4].type, 'n');
});

test('attackers and isAttacked, in orthodox chess and a variant', () => {
  const game = new A.Game('chess', 'r3k2r/8/8/4p3/3P4/8/8/R3K2R w KQkq - 0 1');
  assert.deepEqual(game.attackers('e5').sort(), ['d4']);
  assert.deepEqual(game.attackers('d4', 'b'), ['e5']);
  assert.deepEqual(game.attackers('d4', 'black'), ['e5']);
  assert.deepEqual(game.attackers('d1').sort(), ['a1', 'e1']);
  assert.equal(game.isAttacked('h8', 'w'), true);
  assert.equal(game.isAttacked('e8', 'b'), true, 'rooks defend their own king');
  assert.equal(game.isAttacked('c6', 'w'), false);
  assert.throws(() => game.attackers('z9'), { name: 'InvalidArgumentError' });
  const racing = new A.Game('racingkings');
  assert.ok(racing.attackers('c3', 'w').length > 0);
});

test('placement(fen) draws any FEN as board() does; checkers() and Billiards paths', () => {
  for (const info of A.variants()) {
    const g = new A.Game(info.id);
    g.move(g.moves()[0]);
    assert.deepEqual(A.placement(g.fen(), info.id), g.board(), info.id);
  }
  assert.deepEqual(A.placementHands('8/8/8/8/8/8/8/K6k[Nq] w - - 0 1'), {
    w: { p: 0, n: 1, b: 0, r: 0, q: 0 }, b: { p: 0, n: 0, b: 0, r: 0, q: 1 },
  });
  assert.equal(A.placementHands('8/8/8/8/8/8/8/K6k w - - 0 1'), null);
  throwsNamed(() => A.placement('8/8/8/8/8/8/8/K6x w - - 0 1'), 'InvalidFenError', 'INVALID_FEN');
  throwsNamed(() => A.placement(42), 'InvalidArgumentError');
  const b = new A.Game('billiards', '7k/p7/8/8/8/8/8/2B1K3 w - - 0 1');
  const verbose = b.moves({ verbose: true });
  assert.deepEqual(verbose.find((m) => m.lan === 'c1c5').path, ['c1', 'a3', 'c5']);
  assert.equal(verbose.find((m) => m.lan === 'c1e3').path, undefined);
  assert.deepEqual(b.move('Bc5').path, ['c1', 'a3', 'c5']);
  assert.deepEqual(b.history({ verbose: true })[0].path, ['c1', 'a3', 'c5']);
  const bent = new A.Game('billiards', '4k3/p7/8/8/8/8/2B5/4K3 b - - 0 1');
  assert.deepEqual(bent.checkers(), [{ square: 'c2', path: ['c2', 'a4', 'e8'] }]);
  assert.deepEqual(new A.Game().checkers(), []);
});

test('refusal(from, to): the rules\' reason, with the attackers\' paths; undefined when legal', () => {
  const g = new A.Game();
  assert.equal(g.refusal('e2', 'e4'), undefined);
  assert.equal(g.refusal('e2', 'e5').reason, 'cannot_move_there');
  assert.equal(g.refusal('e2', 'e5').text, 'That piece does not move there');
  throwsNamed(() => g.refusal('z9', 'e4'), 'InvalidArgumentError', 'INVALID_ARGUMENT');
  throwsNamed(() => g.refusal(7, 'e4'), 'InvalidArgumentError', 'INVALID_ARGUMENT');
  // Billiards: the queen on d8 guards f2 along its rebound d8-h4-f2.
  const billiards = new A.Game('billiards', '3qk3/8/8/8/8/8/8/4K3 w - - 0 1');
  assert.deepEqual(billiards.refusal('e1', 'f2'), {
    reason: 'king_attacked',
    text: 'Your king would be attacked',
    attackers: [{ square: 'd8', path: ['d8', 'h4', 'f2'] }],
  });
  // Alice: the attacker's board comes with it.
  const alice = new A.Game('alice', '4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1');
  const why = alice.refusal('e1', 'e2');
  assert.ok(why.reason === 'own_piece_there' || why.reason === 'king_attacked', JSON.stringify(why));
  const gi = new A.Game('chessgi', '4k3/8/8/8/8/8/8/4K3[P] w - - 0 1');
  assert.equal(gi.refusal('P@', 'e8').reason, 'pawn_drop_on_last_rank');
  assert.equal(gi.refusal('Q@', 'e4').reason, 'not_in_hand');
  assert.equal(gi.refusal('P@', 'e4'), undefined);
  assert.equal(new A.Game('racingkings').refusal('e2', 'c3').reason, 'gives_check');
});

test('variants() gives the goal squares; lenient SAN reads nf3 and qd1 as pieces, bxc3 as a pawn', () => {
  const racing = A.variants().find((v) => v.id === 'racingkings');
  assert.deepEqual(racing.goal, ['a8', 'b8', 'c8', 'd8', 'e8', 'f8', 'g8', 'h8']);
  assert.deepEqual(A.variants().find((v) => v.id === 'chess').goal, []);
  const g = new A.Game();
  assert.equal(g.move('nf3').san, 'Nf3');
  g.move('d5');
  g.move('e3');
  g.move('e6');
  assert.equal(g.move('qe2').san, 'Qe2');
  const pawn = new A.Game('chess', 'rnbqkbnr/pppp1ppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.equal(pawn.move('bxc3').san, 'bxc3');
});

test('Game and Session free themselves through Symbol.dispose (kept by scripts/glue-tree-shake.mjs)', () => {
  for (const make of [() => new A.Game(), () => new A.Session(1)]) {
    const object = make();
    assert.equal(typeof object[Symbol.dispose], 'function');
    object[Symbol.dispose]();
    assert.equal(object.__wbg_ptr, 0, 'disposed: the wasm object is freed');
  }
});

test('getVariations gives the side lines a PGN gave to the move that led to the current position', () => {
  const game = new A.Game();
  game.loadPgn('1. e4 e5 (1... c5 2. Nf3) (1... e6) 2. Nf3 *');
  assert.deepEqual(game.getVariations(), []);
  game.undo();
  assert.deepEqual(game.getVariations(), [['c5', 'Nf3'], ['e6']]);
  game.undo();
  assert.deepEqual(game.getVariations(), []);
  const marseillais = new A.Game('marseillais');
  marseillais.loadPgn('[Variant "Marseillais"]\n\n1. e4,d4 d5,Nf6 (1... e5,Nc6) *');
  assert.deepEqual(marseillais.getVariations(), [['e5,Nc6']]);
  game.free();
  marseillais.free();
});
