// The puzzle file reader and the puzzle session (js/puzzles.js): the solving rules of
// the puzzle contract on hand-made puzzles (tests/fixtures/puzzles), each first
// replayed through the wasm Game; bad files and bad puzzles give InvalidPuzzleError
// and change nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import {
  Game, parsePuzzles, checkPuzzle, normalisePuzzle, PuzzleSession, PUZZLE_HEADER,
  InvalidPuzzleError, InvalidArgumentError, IllegalMoveError,
} from 'alfiere';

const fixture = (variant) => parsePuzzles(
  readFileSync(new URL(`../fixtures/puzzles/${variant}.csv`, import.meta.url), 'utf8'),
  { variant, Game },
);
const [backRank, twoMates] = fixture('chess');
const [wholeTurn] = fixture('marseillais');
const [drop] = fixture('chessgi');
const [alice] = fixture('alice');
const [avalanche] = fixture('avalanche');

function throwsPuzzle(fn, pattern) {
  let caught;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  assert.ok(caught instanceof InvalidPuzzleError, `expected InvalidPuzzleError, got ${caught}`);
  assert.equal(caught.code, 'INVALID_PUZZLE');
  if (pattern) assert.match(caught.message, pattern);
  return caught;
}

/** Plays the setup action and the replies; answers each solver token itself. */
function solveAll(session) {
  session.playNext();
  while (session.status !== 'complete') {
    if (session.status === 'reply') session.playNext();
    else assert.equal(session.answer(session.solution()[0]).correct, true);
  }
}

test('the fixtures replay through the Game and end as their themes say', () => {
  for (const puzzle of [backRank, twoMates, wholeTurn, drop, alice, avalanche]) {
    assert.deepEqual(checkPuzzle(puzzle, { Game }), puzzle);
    const game = new Game(puzzle.variant, puzzle.fen);
    for (const token of puzzle.moves) game.move(token);
    assert.equal(game.isCheckmate(), puzzle.themes.includes('mate'), `${puzzle.variant} ${puzzle.id}`);
    game.free();
  }
  // Avalanche: after White's turn Black is in check and every action of its turn loses.
  const game = new Game('avalanche', avalanche.fen);
  for (const token of avalanche.moves) game.move(token);
  assert.equal(game.isCheck(), true);
  for (const move of game.legalMoves()) {
    const after = game.clone();
    after.move(move);
    const pushes = after.turn() === 'b' && !after.isGameOver() ? after.legalMoves() : [];
    for (const push of pushes) {
      const end = after.clone();
      end.move(push);
      assert.equal(end.outcome()?.winner, 'w', `${move} ${push}`);
      end.free();
    }
    if (!pushes.length) assert.equal(after.outcome()?.winner, 'w', move);
    after.free();
  }
  assert.deepEqual(backRank, {
    id: 'fix01', variant: 'chess', fen: '3r3k/5ppp/8/8/8/8/4RPPP/4R1K1 b - - 0 1',
    moves: ['h8g8', 'e2e8', 'd8e8', 'e1e8'], rating: 900, themes: ['mate', 'mateIn2', 'short'],
  });
});

test('a mate in 2: the setup, the solver, the reply played for the opponent, solved', () => {
  const session = new PuzzleSession(backRank);
  assert.equal(session.status, 'setup');
  assert.equal(session.solverToAct, false);
  assert.equal(session.hint(), null);
  assert.throws(() => session.answer('e2e8'), InvalidArgumentError);
  const setup = session.playNext();
  assert.equal(setup.lan, 'h8g8');
  assert.equal(session.solver, 'w');
  assert.equal(session.status, 'solving');
  assert.throws(() => session.playNext(), InvalidArgumentError, 'the person is to act');
  const first = session.answer({ from: 'e2', to: 'e8' });
  assert.deepEqual([first.correct, first.move.san, first.expected, first.complete], [true, 'Re8+', 'e2e8', false]);
  assert.equal(session.status, 'reply');
  assert.equal(session.playNext().lan, 'd8e8');
  assert.deepEqual(session.solution(), ['e1e8']);
  const last = session.answer('Rxe8#');
  assert.equal(last.correct, true);
  assert.equal(last.complete, true);
  assert.equal(session.status, 'complete');
  assert.equal(session.solved, true);
  assert.equal(session.failed, false);
  assert.equal(session.mistakes, 0);
  assert.equal(session.game.isCheckmate(), true);
  assert.deepEqual(session.solution(), []);
  assert.throws(() => session.playNext(), InvalidArgumentError);
  session.free();
});

test('a wrong action is not played, counts a mistake and fails the puzzle; the right one still solves it', () => {
  const session = new PuzzleSession(backRank);
  session.playNext();
  const fen = session.game.fen();
  const wrong = session.answer('e2e7');
  assert.deepEqual([wrong.correct, wrong.move.lan, wrong.expected, wrong.complete], [false, 'e2e7', 'e2e8', false]);
  assert.equal(session.game.fen(), fen);
  assert.equal(session.status, 'solving');
  assert.equal(session.mistakes, 1);
  assert.equal(session.failed, true);
  // An illegal action is an error, not a mistake, and changes nothing.
  assert.throws(() => session.answer('e2f3'), IllegalMoveError);
  assert.throws(() => session.answer('nonsense'), IllegalMoveError);
  assert.equal(session.mistakes, 1);
  assert.equal(session.game.fen(), fen);
  solveAllFromHere(session);
  assert.equal(session.solved, true, 'found after a mistake: solved, with the mistake counted');
  assert.equal(session.failed, true);
});

function solveAllFromHere(session) {
  while (session.status !== 'complete') {
    if (session.status === 'reply') session.playNext();
    else session.answer(session.solution()[0]);
  }
}

test('another action that mates at once is right too, and ends the line', () => {
  const session = new PuzzleSession(twoMates);
  session.playNext();
  const other = session.answer('a1a8');
  assert.equal(other.correct, true);
  assert.equal(other.expected, 'e1e8');
  assert.equal(other.complete, true);
  assert.equal(session.solved, true);
  assert.equal(session.game.isCheckmate(), true);
  // An action that does not end the game is no alternative.
  const again = new PuzzleSession(twoMates);
  again.playNext();
  assert.equal(again.answer('e1e7').correct, false);
  assert.equal(again.answer('g1f1').correct, false);
  assert.equal(again.mistakes, 2);
});

test('Marseillais: the solver finds both actions of one turn', () => {
  const session = new PuzzleSession(wholeTurn);
  session.playNext();
  assert.equal(session.solver, 'w');
  assert.deepEqual(session.game.turnState(), { side: 'w', length: 2, played: 0, phase: 'move' });
  assert.deepEqual(session.hint(), { square: 'e5', piece: 'n', drop: false, token: 'e5c4'});
  assert.equal(session.hintUsed, true);
  assert.equal(session.answer('e5c4').correct, true);
  assert.equal(session.status, 'solving', 'the same side acts again: still the person');
  assert.equal(session.answer('e1e7').correct, false);
  assert.equal(session.answer('e1e8').complete, true);
  assert.equal(session.solved, true);
});

test('Chess-Gi: the hint of a drop is its target square, and the drop solves', () => {
  const session = new PuzzleSession(drop);
  session.playNext();
  assert.deepEqual(session.hint(), { square: 'e8', piece: 'q', drop: true, token: 'Q@e8' });
  assert.equal(session.answer('Q@d8').correct, true, 'Q@d8 mates as well');
  const again = new PuzzleSession(drop);
  again.playNext();
  assert.equal(again.answer('Q@a2').correct, false);
  assert.equal(again.answer('Q@e8').correct, true);
});

test('Alice: the hint names the board the piece stands on; the mate crosses to the other board', () => {
  const session = new PuzzleSession(alice);
  session.playNext();
  assert.deepEqual(session.hint(), { square: 'e1', piece: 'r', drop: false, token: 'e1e8', board: 'b' });
  assert.equal(session.answer('h2h3').correct, false);
  const right = session.answer('Re8#');
  assert.equal(right.correct, true);
  assert.equal(right.move.board, 'a');
  assert.equal(session.solved, true);
});

test('Avalanche: the move and the push are both the solver\'s; a push that frees the king is wrong', () => {
  const session = new PuzzleSession(avalanche);
  assert.equal(session.playNext().kind, 'push', 'the setup is Black\'s push');
  assert.equal(session.solver, 'w');
  assert.equal(session.answer('e1e8').correct, true);
  assert.deepEqual(session.game.turnState(), { side: 'w', length: 2, played: 1, phase: 'push' });
  assert.equal(session.status, 'solving');
  assert.deepEqual(session.hint(), { square: 'a7', piece: 'p', drop: false, token: 'a7a6' });
  assert.equal(session.answer('h7h6').correct, false);
  assert.equal(session.answer('a7a6').complete, true);
  assert.equal(session.solved, true);
});

test('reveal: the puzzle fails and playNext plays the rest of the line', () => {
  const session = new PuzzleSession(backRank);
  session.playNext();
  session.reveal();
  assert.equal(session.failed, true);
  const played = [];
  while (session.status !== 'complete') played.push(session.playNext().lan);
  assert.deepEqual(played, ['e2e8', 'd8e8', 'e1e8']);
  assert.equal(session.solved, false);
});

test('every fixture is solved by its own line', () => {
  for (const puzzle of [backRank, twoMates, wholeTurn, drop, alice, avalanche]) {
    const session = new PuzzleSession(puzzle);
    solveAll(session);
    assert.equal(session.solved, true);
    assert.equal(session.ply, puzzle.moves.length);
  }
});

test('a puzzle may be given with its moves as one string', () => {
  const puzzle = normalisePuzzle({ variant: 'chess', fen: ' 7k/5ppp/8/8/8/8/5PPP/R3R1K1 b - - 0 1 ', moves: ' h8g8  e1e8 ' });
  assert.deepEqual(puzzle, { id: null, variant: 'chess', fen: '7k/5ppp/8/8/8/8/5PPP/R3R1K1 b - - 0 1', moves: ['h8g8', 'e1e8'], rating: null, themes: [] });
  assert.equal(normalisePuzzle({ fen: puzzle.fen, moves: puzzle.moves }).variant, 'chess', 'chess by default');
});

test('bad puzzles: typed errors naming what is wrong', () => {
  const fen = backRank.fen;
  throwsPuzzle(() => checkPuzzle(null), /object/);
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen, moves: 'h8g8' }), /setup action and at least one/);
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen, moves: 42 }), /UCI actions/);
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen, moves: ['h8g8', '<b>x</b>'] }), /not a UCI action/);
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen, moves: Array(257).fill('h8g8') }), /at most 256/);
  throwsPuzzle(() => checkPuzzle({ variant: 'shogi', fen, moves: 'h8g8 e2e8' }), /unknown variant/);
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen: 'nonsense', moves: 'h8g8 e2e8' }), /invalid FEN/);
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen: 'x'.repeat(257), moves: 'h8g8 e2e8' }), /at most 256/);
  const illegal = throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen, moves: 'h8g8 e2e9' }), /action 2 \(e2e9\) is not legal/);
  assert.equal(illegal.cause.code, 'ILLEGAL_MOVE');
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen, moves: 'h8g8 e2e8 d8e8' }), /must end with an action of the solver \(White\)/);
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen: twoMates.fen, moves: 'h8g8 e1e8 g8h8' }), /game is over before action 3/);
  throwsPuzzle(() => new PuzzleSession({ variant: 'chess', fen, moves: 'h8g8 e2e9' }));
  assert.throws(() => checkPuzzle(backRank, { Game: null }), /puzzles need the wasm Game/);
});

test('puzzle files: the header, the fields, the line of the first bad one', () => {
  const good = `${PUZZLE_HEADER}\nfix01,${backRank.fen},h8g8 e2e8 d8e8 e1e8,900,mate mateIn2\n`;
  assert.equal(parsePuzzles(good, { variant: 'chess' }).length, 1);
  assert.equal(parsePuzzles(good.replaceAll('\n', '\r\n'), { variant: 'chess' }).length, 1, 'CRLF lines');
  assert.equal(parsePuzzles(`${PUZZLE_HEADER}\n`, { variant: 'chess' }).length, 0);
  assert.equal(parsePuzzles(`${PUZZLE_HEADER}\nfix01,${backRank.fen},h8g8 e2e8,900,\n`, { variant: 'chess' })[0].themes.length, 0);
  const row = (fields) => `${PUZZLE_HEADER}\n${good.split('\n')[1]}\n${fields}\n`;
  const cases = [
    ['PuzzleId,FEN,Moves,Rating\n', 1, /header must be exactly/],
    ['', 1, /header must be exactly/],
    [row('fix02,x,y'), 3, /expected 5 fields/],
    [row(`FIX02,${backRank.fen},h8g8 e2e8,900,mate`), 3, /PuzzleId must be 5 characters/],
    [row(`fix1,${backRank.fen},h8g8 e2e8,900,mate`), 3, /PuzzleId must be 5 characters/],
    [row(`fix01,${backRank.fen},h8g8 e2e8,900,mate`), 3, /used twice/],
    [row(`fix02,${backRank.fen},h8g8  e2e8,900,mate`), 3, /single spaces/],
    [row(`fix02,${backRank.fen},h8g8 e2e8,599,mate`), 3, /Rating must be a whole number from 600 to 2800/],
    [row(`fix02,${backRank.fen},h8g8 e2e8,2801,mate`), 3, /Rating/],
    [row(`fix02,${backRank.fen},h8g8 e2e8,12.5,mate`), 3, /Rating/],
    [row(`fix02,${backRank.fen},h8g8 e2e8,900,mate Mate-in-2`), 3, /not a theme/],
    [row(`fix02,${backRank.fen},h8g8,900,mate`), 3, /setup action and at least one/],
    [`${PUZZLE_HEADER}\n\nfix02,${backRank.fen},h8g8 e2e8,900,mate\n`, 2, /expected 5 fields/],
  ];
  for (const [text, line, pattern] of cases) {
    const error = throwsPuzzle(() => parsePuzzles(text, { variant: 'chess' }), pattern);
    assert.equal(error.line, line, error.message);
    assert.match(error.message, new RegExp(`^line ${line}: `));
  }
  // Replayed when given the Game: an illegal line is reported at its line.
  const replayed = throwsPuzzle(() => parsePuzzles(row(`fix02,${backRank.fen},h8g8 e2e9,900,mate`), { variant: 'chess', Game }), /^line 3: puzzle fix02: action 2/);
  assert.equal(replayed.line, 3);
  assert.equal(parsePuzzles(row(`fix02,${backRank.fen},h8g8 e2e9,900,mate`), { variant: 'chess' }).length, 2, 'without the Game, form only');
  assert.throws(() => parsePuzzles(42, { variant: 'chess' }), InvalidArgumentError);
  assert.throws(() => parsePuzzles(good), InvalidArgumentError, 'the rule set is needed');
});

test('bad arguments to answer(): typed errors, no mistake counted, the position unchanged', () => {
  const session = new PuzzleSession(backRank);
  session.playNext();
  const fen = session.game.fen();
  for (const value of [null, undefined, 42, NaN, true, {}, [], () => 1, Symbol('x'), 10n, 'x'.repeat(1e6), { from: 'e2' }, { from: 'e2', to: 'e9' }]) {
    assert.throws(() => session.answer(value), (err) => ['INVALID_ARGUMENT', 'ILLEGAL_MOVE'].includes(err.code), String(typeof value));
  }
  assert.equal(session.game.fen(), fen);
  assert.equal(session.mistakes, 0);
  assert.equal(session.status, 'solving');
  for (const value of [null, undefined, 42, 'text', [], { fen: 1 }, { variant: {}, fen: 'x', moves: 'a b' }, { variant: 'chess', fen: backRank.fen, moves: ['h8g8', 5] }]) {
    throwsPuzzle(() => new PuzzleSession(value));
  }
});

test('the session keeps its own frozen copy of the line', () => {
  const input = { variant: 'chess', fen: backRank.fen, moves: [...backRank.moves] };
  const session = new PuzzleSession(input);
  input.moves[1] = 'e2e7';
  assert.equal(session.puzzle.moves[1], 'e2e8');
  assert.throws(() => session.puzzle.moves.push('a1a2'), TypeError);
  assert.equal(Object.isFrozen(session.puzzle), true);
});

test('Progressive: a turn\'s actions in another order are right, a check that would end the series early is not', () => {
  // Black's last action sets it up; White's series of three: two knight and king moves
  // in any order, then the rook's check, which ends a Scottish series.
  const puzzle = {
    variant: 'progressive-scottish',
    fen: '7k/8/8/8/8/8/8/R3K1N1 b - - 0 1 2:1',
    moves: 'h8g8 g1f3 e1e2 a1a8',
  };
  const session = new PuzzleSession(puzzle);
  session.playNext();
  assert.equal(session.answer('a1a8').correct, false, 'the check now would end the series with two actions left');
  assert.equal(session.answer('e1e2').correct, true, 'the turn\'s second action first');
  assert.deepEqual(session.solution(), ['g1f3', 'a1a8']);
  assert.equal(session.hint().token, 'g1f3');
  assert.equal(session.answer('g1f3').correct, true);
  const last = session.answer('a1a8');
  assert.equal(last.correct, true);
  assert.equal(last.complete, true);
  assert.equal(session.mistakes, 1);
});

test('A last turn that wins may be played any way that wins; each action is judged as it comes', async () => {
  // The line: the knight leaves the e-file to c4, then the rook mates. Any knight move
  // that gives no check lets the rook mate as well.
  const session = new PuzzleSession(wholeTurn);
  session.playNext();
  const first = session.answer('e5d3');
  assert.equal(first.correct, true);
  assert.equal(first.offLine, true);
  assert.equal(first.provisional, false, 'judged at once: the rook can still mate');
  assert.equal(session.offLine, 1);
  assert.equal(session.hint(), null, 'no hint off the line');
  const mate = session.answer('e1e8');
  assert.equal(mate.correct, true);
  assert.equal(mate.complete, true);
  assert.equal(session.solved, true);
  assert.equal(session.mistakes, 0);

  const again = new PuzzleSession(wholeTurn);
  again.playNext();
  const fen = again.game.fen();
  again.answer('e5d3');
  const afterKnight = again.game.fen();
  const miss = again.answer('g1h1');
  assert.equal(miss.correct, false, 'the turn ends without the mate');
  assert.equal(miss.reason, 'turn-cannot-win');
  assert.equal(miss.firstWrong.san, 'Kh1', 'the knight move was right: the king move is the first wrong one');
  assert.equal(miss.takeBack, 1, 'only the action tried goes back');
  assert.equal(again.game.fen(), afterKnight);
  assert.equal(again.mistakes, 1);
  assert.equal(again.answer('e1e8').complete, true);

  const giveUp = new PuzzleSession(wholeTurn);
  giveUp.playNext();
  giveUp.answer('e5f3');
  assert.equal(giveUp.abandonTurn(), 1);
  assert.equal(giveUp.game.fen(), fen);
  giveUp.reveal();
  giveUp.playNext();
  assert.equal(giveUp.playNext().san, 'Re8#');
});

test('Progressive: each action of a winning series is judged at once, and the first wrong one is named (issue 53)', () => {
  // Puzzle xs6se: after 4... dxc6 White's series of five mates with Bg5 and Qd8#. Spare
  // actions may come first; the queen on d2 blocks the bishop but can step away again,
  // until too few actions are left.
  const xs6se = {
    id: 'xs6se',
    variant: 'progressive-scottish',
    fen: 'r1b1kbnr/1ppp1ppp/p1P1p3/2q5/8/7P/PPP1PPP1/RNBQKBNR b KQkq - 2 2 4:3',
    moves: 'd7c6 c1g5 d1d8',
  };
  const session = new PuzzleSession(xs6se);
  session.playNext();
  for (const [action, san] of [['d1d2', 'Qd2'], ['g1f3', 'Nf3']]) {
    const verdict = session.answer(action);
    assert.equal(verdict.correct, true, san);
    assert.equal(verdict.provisional, false, `${san}: known at once that the series can still mate`);
  }
  const fen = session.game.fen();
  const ruin = session.answer('b1c3');
  assert.equal(ruin.correct, false, 'after Nc3 two actions are left, and the mate needs three (the queen off d2, Bg5, Qd8#)');
  assert.equal(ruin.reason, 'turn-cannot-win');
  assert.equal(ruin.firstWrong.san, 'Nc3');
  assert.equal(ruin.takeBack, 1);
  assert.equal(session.game.fen(), fen, 'Qd2 and Nf3 stay');
  assert.equal(session.mistakes, 1);
  // The way that still wins: the queen steps off d2, the bishop out, the mate.
  for (const action of ['d2d3', 'c1g5']) assert.equal(session.answer(action).correct, true, action);
  const mate = session.answer('d3d8');
  assert.equal(mate.complete, true);
  assert.equal(session.status, 'complete');
  session.free();
});

test('every shipped puzzle file reads and every puzzle replays in its rule set', () => {
  const dir = new URL('../../data/puzzles/', import.meta.url);
  const files = readdirSync(dir).filter((name) => name.endsWith('.csv'));
  assert.ok(files.length >= 10, `${files.length} puzzle files`);
  for (const name of files) {
    const variant = name.slice(0, -4);
    const puzzles = parsePuzzles(readFileSync(new URL(name, dir), 'utf8'), { variant, Game });
    assert.ok(puzzles.length >= 200, `${name}: ${puzzles.length} puzzles`);
  }
});
