// Node ESM: import 'alfiere' (no init call) and 'alfiere/engine' (worker thread).
import assert from 'node:assert/strict';
import { Game, variants, validateFen, IllegalMoveError } from 'alfiere';
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
console.log(`node ESM: ok (engine played ${result.bestmove} at depth ${result.depth})`);
