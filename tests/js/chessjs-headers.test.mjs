// alfiere/chessjs headers: chess.js 1.4's roster, tag order and SetUp/FEN handling.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, ChessJs, SEVEN_TAG_ROSTER } from './chessjs/peers.mjs';
import * as ours from '../../js/chessjs-node.js';

function same(script) {
  assert.deepEqual(script(new Chess()), script(new ChessJs()));
}

test('the roster is always there, set tags come in template order', () => {
  same((chess) => [
    chess.getHeaders(),
    chess.setHeader('ECO', 'C20'),
    chess.setHeader('Annotator', 'me'),
    chess.setHeader('WhiteElo', '2000'),
    chess.setHeader('Custom', 'x'),
    chess.setHeader('Event', 'Club'),
    chess.pgn(),
  ]);
});

test('removeHeader resets roster tags to their defaults and reports unknown tags', () => {
  same((chess) => {
    chess.setHeader('Event', 'Club');
    chess.setHeader('Custom', 'x');
    return [chess.removeHeader('Event'), chess.removeHeader('Custom'), chess.removeHeader('Never'),
      chess.removeHeader('ECO'), chess.setHeader('Round', null), chess.getHeaders()];
  });
});

test('deprecated header() sets pairs and returns every known tag', () => {
  same((chess) => chess.header('White', 'A', 'Black', 'B', 'Odd'));
});

test('load sets SetUp and FEN unless the position is the standard start; clear drops them', () => {
  same((chess) => {
    const seen = [];
    chess.load('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    seen.push(chess.getHeaders());
    chess.setHeader('White', 'kept');
    chess.load('4k3/8/8/8/8/8/4P3/4K3 b - - 0 1', { preserveHeaders: true });
    seen.push(chess.getHeaders());
    chess.clear({ preserveHeaders: true });
    seen.push(chess.getHeaders());
    chess.reset();
    seen.push(chess.getHeaders());
    return seen;
  });
});

test('the module exports chess.js constants with the same values', async () => {
  const reference = await import('chess.js');
  for (const name of ['WHITE', 'BLACK', 'PAWN', 'KNIGHT', 'BISHOP', 'ROOK', 'QUEEN', 'KING',
    'DEFAULT_POSITION', 'SQUARES', 'SEVEN_TAG_ROSTER']) {
    assert.deepEqual(ours[name], reference[name], name);
  }
  assert.deepEqual(Object.keys(SEVEN_TAG_ROSTER), ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result']);
  const next = ours.xoroshiro128(0xa187eb39cdcaed8f31c4b365b102e01en);
  assert.deepEqual([next(), next()].map((n) => n.toString(16)), ['c9c4700ec0b2a75c', 'ce613bcab5ad7ec2']);
});
