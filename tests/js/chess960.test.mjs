// Chess960 through the JS Game class (pkg/web under Node): numbered and random starts,
// Shredder-FEN out and X-FEN in, castling by the king onto its rook or its castling
// square, UCI tokens as the king taking its rook, SAN O-O, PGN with Variant and FEN.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

let A;

before(async () => {
  A = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  A.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
});

test('Game.chess960Start(n) numbers the starts as Scharnagl did; no n is a random one', () => {
  assert.equal(A.Game.chess960Start(518).fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1');
  assert.equal(A.Game.chess960Start(0).fen(), 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1');
  assert.equal(A.Game.chess960Start(959).fen(), 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1');
  assert.equal(A.Game.chess960Start(631).fen().split('/')[0], 'rnbkqrnb');
  for (let n = 0; n < 960; n += 37) {
    const game = A.Game.chess960Start(n);
    assert.equal(game.variant(), 'chess960');
    assert.equal(game.chess960Number(), n);
    game.free();
  }
  const random = A.Game.chess960Start();
  assert.ok(Number.isInteger(random.chess960Number()));
  assert.equal(new A.Game().chess960Number(), 518);
  for (const bad of [960, -1, 1.5, Number.NaN, '3']) {
    assert.throws(() => A.Game.chess960Start(bad), (e) => e.name === 'InvalidArgumentError', String(bad));
  }
});

test('castling from any squares: onto the rook, or the king to its castling square', () => {
  // Start 0: king g1, rooks f1 and h1. Clear the way for both castlings.
  const fen = 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/B3RK1R w HEhf - 0 1';
  const g = new A.Game('chess960', fen);
  const castles = g.moves({ verbose: true }).filter((m) => m.kind === 'castle');
  assert.deepEqual(castles.map((m) => [m.san, m.lan]).sort(), [['O-O', 'f1h1'], ['O-O-O', 'f1e1']]);
  // The king's move to g1 is a king step here (f1 to g1), not castling.
  const step = new A.Game('chess960', fen).move({ from: 'f1', to: 'g1' });
  assert.equal(step.kind, 'move');
  const short = new A.Game('chess960', fen).move({ from: 'f1', to: 'h1' });
  assert.equal(short.san, 'O-O');
  assert.equal(short.after.split(' ')[0].split('/')[7], 'B3RRK1');
  // Towards c1: no king step, so castling.
  const long = new A.Game('chess960', fen).move({ from: 'f1', to: 'c1' });
  assert.equal(long.san, 'O-O-O');
  assert.equal(long.after.split(' ')[0].split('/')[7], 'B1KR3R');
  assert.equal(new A.Game('chess960', fen).move('O-O-O').lan, 'f1e1');
});

test('FEN: X-FEN KQkq reads as the outermost rooks, written back as rook files', () => {
  const g = new A.Game('chess960', 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1');
  assert.equal(g.fen(), 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1');
  // Orthodox chess keeps KQkq.
  assert.equal(new A.Game().fen().split(' ')[2], 'KQkq');
  // Two rights on one side of the king are refused with a typed error.
  assert.throws(() => new A.Game('chess960', 'rrknnqbb/pppppppp/8/8/8/8/PPPPPPPP/RRKNNQBB w BA - 0 1'), (e) => e.name === 'InvalidFenError');
});

test('PGN: Variant Chess960 with SetUp and FEN, written and read back', () => {
  const g = A.Game.chess960Start(0);
  g.move('g3');
  g.move('g6');
  const pgn = g.pgn();
  assert.match(pgn, /\[Variant "Chess960"\]/);
  assert.match(pgn, /\[SetUp "1"\]/);
  assert.match(pgn, /\[FEN "bbqnnrkr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/BBQNNRKR w HFhf - 0 1"\]/);
  const back = new A.Game('chess960');
  back.loadPgn(pgn);
  assert.equal(back.fen(), g.fen());
  assert.equal(back.chess960Number(), 0);
});
