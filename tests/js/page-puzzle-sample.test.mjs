// The single-file build's puzzle sample (scripts/build-single.mjs): the header and 20
// puzzles spread evenly over a file's ratings, the lines kept as they are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SINGLE_FILE_PUZZLES, puzzleSample } from '../../scripts/build-single.mjs';

const HEADER = 'PuzzleId,FEN,Moves,Rating,Themes';
const row = (i, rating) => `p${String(i).padStart(4, '0')},7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,${rating},mate`;

test('a sample spreads over the ratings and keeps the lines', () => {
  // 200 puzzles in a shuffled order of ratings 600..2590.
  const rows = Array.from({ length: 200 }, (_, i) => row(i, 600 + 10 * ((i * 37) % 200)));
  const sample = puzzleSample([HEADER, ...rows].join('\n') + '\n').split('\n');
  assert.equal(sample[0], HEADER);
  const picked = sample.slice(1);
  assert.equal(picked.length, SINGLE_FILE_PUZZLES);
  assert.equal(new Set(picked).size, picked.length);
  for (const line of picked) assert.ok(rows.includes(line));
  const ratings = picked.map((line) => Number(line.split(',')[3]));
  assert.deepEqual(ratings, [...ratings].sort((a, b) => a - b));
  assert.equal(ratings[0], 600);
  assert.ok(ratings.at(-1) >= 2400, 'up to the hard end');
  // A small file is taken whole; CRLF line ends are read too.
  const small = [HEADER, row(1, 900), row(2, 700)].join('\r\n');
  assert.deepEqual(puzzleSample(small).split('\n'), [HEADER, row(2, 700), row(1, 900)]);
});
