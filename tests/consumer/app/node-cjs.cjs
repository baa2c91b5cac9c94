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
console.log('node require: ok');
