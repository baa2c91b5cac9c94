// The Game's PGN tags, comments and NAGs: kept by loadPgn, edited with chess.js's
// names, written by pgn(), refused with InvalidArgumentError when malformed.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

let A;

before(async () => {
  A = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  A.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
});

function throwsInvalid(fn) {
  assert.throws(fn, (e) => e instanceof Error && e.name === 'InvalidArgumentError');
}

const ANNOTATED = `[Event "Club"]
[Site "Here"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Annotator "C"]

{Opening} 1. e4 $1 {best by test} e5 (1... c5 {Sicilian} 2. Nf3) 2. Nf3 Nc6 $6 1-0`;

test('loadPgn keeps tags, comments, NAGs and variations, and pgn() writes them back', () => {
  const g = new A.Game();
  g.loadPgn(ANNOTATED);
  const headers = g.getHeaders();
  assert.deepEqual(Object.keys(headers), ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'Annotator']);
  assert.equal(headers.Event, 'Club');
  assert.equal(headers.Result, '1-0');
  assert.deepEqual(g.getComments(), [
    { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', comment: 'Opening' },
    { fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', comment: 'best by test' },
  ]);
  assert.deepEqual(g.getNags(), [6]);
  const out = g.pgn();
  const movetext = out.split('\n\n')[1].replace(/\s+/g, ' ').trim();
  assert.equal(movetext, '{Opening} 1. e4 $1 {best by test} 1... e5 (1... c5 {Sicilian} 2. Nf3) 2. Nf3 Nc6 $6 1-0');
  const again = new A.Game();
  again.loadPgn(out);
  assert.equal(again.pgn(), out);
});

test('headers: set, override per call, remove, and the tags the game decides', () => {
  const g = new A.Game();
  const after = g.setHeader('White', 'Anna');
  assert.equal(after.White, 'Anna');
  g.setHeader('TimeControl', '300+2');
  assert.match(g.pgn(), /\[White "Anna"\][\s\S]*\[TimeControl "300\+2"\]/);
  assert.match(g.pgn({ tags: { White: 'Bo' } }), /\[White "Bo"\]/);
  assert.equal(g.getHeaders().White, 'Anna');
  assert.equal(g.removeHeader('White'), true);
  assert.equal(g.removeHeader('White'), false);
  assert.equal(g.getHeaders().White, '?');
  for (const bad of [['FEN', 'x'], ['Variant', 'x'], ['SetUp', '1'], ['', 'x'], ['a b', 'x'], ['Event', 'a\nb']]) {
    throwsInvalid(() => g.setHeader(...bad));
  }
  throwsInvalid(() => g.setHeader('Event', 42));
  throwsInvalid(() => g.setHeader('Event', 'x'.repeat(513)));
  assert.equal(g.getHeaders().Event, '?');
  // A non-standard start writes SetUp and FEN; a result tag fills in for an
  // undecided game.
  g.load('4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  g.setHeader('Result', '1-0');
  const tags = g.getHeaders();
  assert.equal(tags.SetUp, '1');
  assert.equal(tags.FEN, '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  assert.match(g.pgn(), /\n1-0\n$/);
});

test('comments and NAGs belong to positions and follow undo and replay', () => {
  const g = new A.Game();
  g.setComment('before the first move');
  g.move('e4');
  g.setComment('the king\'s pawn');
  g.setNags([1]);
  g.move('e5');
  assert.equal(g.getComment(), undefined);
  g.undo();
  assert.equal(g.getComment(), 'the king\'s pawn');
  g.undo();
  g.move('e4');
  assert.deepEqual(g.getNags(), [1]);
  g.undo();
  g.move('d4');
  assert.equal(g.getComment(), undefined);
  assert.deepEqual(g.getNags(), []);
  assert.equal(g.getComments().length, 1);
  g.undo();
  assert.equal(g.removeComment(), 'before the first move');
  assert.equal(g.removeComment(), undefined);
  throwsInvalid(() => g.setNags([1]));
  g.move('e4');
  for (const bad of [[256], [1.5], ['1'], 1, [1, 2, 3, 4, 5, 6, 7, 8, 9]]) throwsInvalid(() => g.setNags(bad));
  throwsInvalid(() => g.setComment('x'.repeat(4097)));
  throwsInvalid(() => g.setComment(null));
  assert.deepEqual(g.getNags(), []);
});

test('notes in multi-action turns go on the turn\'s token', () => {
  const g = new A.Game('marseillais');
  g.move('e4');
  g.setComment('one action of the first turn');
  g.move('d4');
  g.move('d6');
  g.move('d5');
  g.setComment('a whole turn');
  const out = g.pgn();
  assert.match(out, /1\. e4,d4 \{one action of the first turn\} 1\.\.\. d6,d5 \{a whole turn\}/);
  const again = new A.Game('marseillais');
  again.loadPgn(out);
  assert.equal(again.getComments().length, 2);
});
