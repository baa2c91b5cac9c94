// The puzzle file reader and the puzzle session (js/puzzles.js): the solving rules of
// the puzzle contract on hand-made puzzles (tests/fixtures/puzzles), each first
// replayed through the wasm Game; bad files and bad puzzles give InvalidPuzzleError
// and change nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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
  for (const puzzle of [backRank, twoMates, wholeTurn, drop]) {
    assert.deepEqual(checkPuzzle(puzzle, { Game }), puzzle);
    const game = new Game(puzzle.variant, puzzle.fen);
    for (const token of puzzle.moves) game.move(token);
    assert.equal(game.isCheckmate(), puzzle.themes.includes('mate'), `${puzzle.variant} ${puzzle.id}`);
    game.free();
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
  for (const puzzle of [backRank, twoMates, wholeTurn, drop]) {
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
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen, moves: Array(61).fill('h8g8') }), /at most 60/);
  throwsPuzzle(() => checkPuzzle({ variant: 'shogi', fen, moves: 'h8g8 e2e8' }), /unknown variant/);
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen: 'nonsense', moves: 'h8g8 e2e8' }), /invalid FEN/);
  throwsPuzzle(() => checkPuzzle({ variant: 'chess', fen: 'x'.repeat(201), moves: 'h8g8 e2e8' }), /at most 200/);
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
