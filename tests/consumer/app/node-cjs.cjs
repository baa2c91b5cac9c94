// Node CommonJS: require('alfiere') works without an init call.
const assert = require('node:assert/strict');
const { Game, legalMoves } = require('alfiere');

const game = new Game('racingkings');
assert.ok(game.legalMoves().length > 0);
assert.equal(legalMoves().length, 20);
try {
  game.move('Ke3');
  assert.fail('an illegal move was accepted');
} catch (e) {
  assert.equal(e.name, 'IllegalMoveError');
  assert.equal(e.code, 'ILLEGAL_MOVE');
}
assert.match(require.resolve('alfiere/wasm'), /alfiere_bg\.wasm$/);
// The drop-in loads synchronously through require() too (Node 20.19 and later).
const { Chess, DEFAULT_POSITION } = require('alfiere/chessjs');
const chess = new Chess();
chess.move('Nf3');
assert.equal(chess.history().length, 1);
assert.equal(new Chess(DEFAULT_POSITION).fen(), DEFAULT_POSITION);
console.log('node require: ok');
