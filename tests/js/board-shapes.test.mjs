// The board's shape model in Node (js/board/shapes.js): checks against the rule set,
// the `Ge2e4,Rd4` notation and the PGN comment commands [%csl]/[%cal].
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkShapes, commentText, formatShape, parseShapeList, shapesInComment, toggleShape, withShapes } from '../../js/board/shapes.js';

const chess = { boards: 1, pockets: false };
const alice = { boards: 2, pockets: false };
const gi = { boards: 1, pockets: true };

test('the notation reads and writes every kind of shape', () => {
  const shapes = parseShapeList('Ge2e4, Rd4 BN@e5 Yg1f3:b #00aa11h1=?!');
  assert.deepEqual(shapes, [
    { from: 'e2', to: 'e4', brush: 'green' },
    { square: 'd4', brush: 'red' },
    { from: 'N@', to: 'e5', brush: 'blue' },
    { from: 'g1', to: 'f3', brush: 'yellow', board: 'b' },
    { square: 'h1', brush: '#00aa11', label: '?!' },
  ]);
  assert.deepEqual(shapes.map(formatShape), ['Ge2e4', 'Rd4', 'BN@e5', 'Yg1f3:b', '#00aa11h1=?!']);
  for (const bad of ['Ge9', 'Xe4', 'GN@', 'ge2e4', 'Ge2e4:c']) assert.throws(() => parseShapeList(bad), { name: 'InvalidShapeError' }, bad);
});

test('checks: squares, pockets only with pockets, board b only in Alice, brushes, labels', () => {
  assert.deepEqual(checkShapes([{ from: 'e2', to: 'e4' }], chess), [{ from: 'e2', to: 'e4', brush: 'green' }]);
  assert.deepEqual(checkShapes([{ square: 'e4' }], alice), [{ square: 'e4', brush: 'green', board: 'a' }]);
  assert.deepEqual(checkShapes([{ from: 'e4', to: 'e4', brush: 'red' }], chess), [{ square: 'e4', brush: 'red' }], 'an arrow to its own square is a circle');
  assert.equal(checkShapes([{ square: 'e4' }, { square: 'e4', brush: 'red' }], chess).length, 1, 'the same shape once');
  assert.deepEqual(checkShapes([{ from: 'N@', to: 'e4' }], gi), [{ from: 'N@', to: 'e4', brush: 'green' }]);
  const fails = [
    [[{ from: 'N@', to: 'e4' }], chess, /pockets/],
    [[{ square: 'e4', board: 'b' }], chess, /only for Alice/],
    [[{ square: 'e4', board: 'c' }], alice, /'a' or 'b'/],
    [[{ square: 'i4' }], chess, /not a square/],
    [[{ square: 'e4', brush: 'url(x)' }], chess, /CSS colour/],
    [[{ square: 'e4', label: 'a b' }], chess, /without spaces/],
    [[{ from: 'e2', to: 'e4', path: ['e2'] }], chess, /path/],
    [{ square: 'e4' }, chess, /array/],
    [Array.from({ length: 65 }, () => ({ square: 'e4' })), chess, /at most 64/],
  ];
  for (const [list, facts, reason] of fails) assert.throws(() => checkShapes(list, facts), (e) => e.name === 'InvalidShapeError' && reason.test(e.message));
});

test('a stroke toggles: the same shape again removes it, another brush replaces it', () => {
  const one = toggleShape([], { square: 'e4', brush: 'green' });
  assert.deepEqual(toggleShape(one, { square: 'e4', brush: 'green' }), []);
  assert.deepEqual(toggleShape(one, { square: 'e4', brush: 'red' }), [{ square: 'e4', brush: 'red' }]);
});

test('comments keep their words; shape commands are replaced and read back', () => {
  const comment = withShapes('a fine move [%clk 0:01:00]', [{ square: 'd4', brush: 'red' }, { from: 'e2', to: 'e4', brush: 'green' }]);
  assert.equal(comment, '[%csl Rd4][%cal Ge2e4] a fine move [%clk 0:01:00]');
  assert.deepEqual(shapesInComment(comment), [{ square: 'd4', brush: 'red' }, { from: 'e2', to: 'e4', brush: 'green' }]);
  assert.equal(commentText(comment), 'a fine move [%clk 0:01:00]');
  assert.equal(withShapes(comment, []), 'a fine move [%clk 0:01:00]');
  // As other programs write them: spaces, unknown items skipped.
  assert.deepEqual(shapesInComment(' [%cal  Ge2e4, Zz9z9 ,Rd7d5] [%csl Ye4] '), [
    { from: 'e2', to: 'e4', brush: 'green' },
    { from: 'd7', to: 'd5', brush: 'red' },
    { square: 'e4', brush: 'yellow' },
  ]);
});
