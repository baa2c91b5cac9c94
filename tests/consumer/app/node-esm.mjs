// Node ESM: import 'alfiere' (no init call) and 'alfiere/engine' (worker thread).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Game, variants, validateFen, IllegalMoveError, PuzzleSession, parsePuzzles, checkPuzzle } from 'alfiere';
import { Engine } from 'alfiere/engine';
import { Chess } from 'alfiere/chessjs';

const game = new Game('chessgi');
assert.equal(game.move('e4').san, 'e4');
assert.equal(variants().length, 11);
assert.equal(validateFen('8/8/8/8/8/8/8/K1k5 w - - 0 1').ok, true);

assert.throws(() => game.move('e4'), IllegalMoveError);
const chess = new Chess();
chess.move('e4');
assert.throws(() => chess.move('e4'), (e) => e instanceof IllegalMoveError && e.message === 'Invalid move: e4');
assert.equal(chess.moves()[0], 'Nc6'); // chess.js's order: b8's knight first

const engine = new Engine({ variant: 'chess' });
await engine.ready;
const result = await engine.analyse({ moves: ['e2e4'], depth: 5 });
const after = new Game();
after.move('e2e4');
assert.ok(after.legalMoves().includes(result.bestmove), result.bestmove);
await assert.rejects(engine.analyse({ fen: 'bad' }), (e) => e.name === 'InvalidFenError' && e.code === 'INVALID_FEN');
// Puzzles: the session from the main entry; the shipped files through 'alfiere/puzzles/*'
// (ALFIERE_PUZZLE_FILES: the names the repository has in data/puzzles/), each read,
// parsed and replayed.
const session = new PuzzleSession({ variant: 'chess', fen: '7k/5ppp/8/8/8/8/5PPP/R3R1K1 b - - 0 1', moves: 'h8g8 e1e8' });
session.playNext();
assert.equal(session.answer('a1a8').correct, true); // another mate is right too
assert.equal(session.solved, true);
// The board's storage helpers load in Node too (where there is no storage, nothing throws).
const storage = await import('alfiere/board/storage');
assert.deepEqual(Object.keys(storage).sort(), ['keepText', 'load', 'read', 'remove', 'save', 'store']);
assert.ok(['absent', 'ok', 'unreadable'].includes(storage.read('alfiere-consumer-test').status));
assert.match(import.meta.resolve('alfiere/puzzles/alice.csv'), /\/node_modules\/alfiere\/data\/puzzles\/alice\.csv$/);
const shipped = (process.env.ALFIERE_PUZZLE_FILES ?? '').split(/\s+/).filter(Boolean);
let puzzleCount = 0;
for (const name of shipped) {
  const url = import.meta.resolve(`alfiere/puzzles/${name}`);
  assert.match(url, new RegExp(`/node_modules/alfiere/data/puzzles/${name}$`));
  const variant = name.replace(/\.csv$/, '');
  const puzzles = parsePuzzles(readFileSync(new URL(url), 'utf8'), { variant });
  assert.ok(puzzles.length > 0, `${name} has puzzles`);
  checkPuzzle(puzzles[0]);
  puzzleCount += puzzles.length;
}
console.log(`node ESM: puzzles: ${shipped.length} shipped files read through 'alfiere/puzzles/*' (${puzzleCount} puzzles)`);

console.log(`node ESM: ok (engine played ${result.bestmove} at depth ${result.depth})`);
