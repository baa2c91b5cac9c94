// The page's puzzle rating (www/app): the Glicko-2 update against the worked example
// of Glickman's paper, the stored record (a corrupt or hostile value is ignored), the
// result of a puzzle, and the choice of the next puzzle near the rating.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NEW_PLAYER, rate } from '../../www/app/glicko2.js';
import {
  MAX_DEVIATION,
  MIN_DEVIATION,
  RECENT_LIMIT,
  readRecords,
  newRecord,
  ratingText,
  recordResult,
  recordSkipped,
  sanitizeRecord,
  storedRecords,
} from '../../www/app/puzzle-ratings.js';
import { CLOSEST, chooseNextPuzzle } from '../../www/app/puzzle-choice.js';
import { seeded } from '../page/helpers.mjs';

test("Glicko-2: the worked example of Glickman's paper", () => {
  const player = { rating: 1500, deviation: 200, volatility: 0.06 };
  const games = [
    { rating: 1400, deviation: 30, score: 1 },
    { rating: 1550, deviation: 100, score: 0 },
    { rating: 1700, deviation: 300, score: 0 },
  ];
  const after = rate(player, games, { tau: 0.5 });
  assert.ok(Math.abs(after.rating - 1464.06) < 0.01, `rating ${after.rating}`);
  assert.ok(Math.abs(after.deviation - 151.52) < 0.01, `deviation ${after.deviation}`);
  assert.ok(Math.abs(after.volatility - 0.05999) < 0.00001, `volatility ${after.volatility}`);
});

test('Glicko-2: a win raises, a loss lowers, an upset moves more, no games widens the deviation', () => {
  const equal = { rating: 1500, deviation: 100, score: 1 };
  const won = rate(NEW_PLAYER, [equal]);
  const lost = rate(NEW_PLAYER, [{ ...equal, score: 0 }]);
  assert.ok(won.rating > 1500 && lost.rating < 1500);
  assert.ok(Math.abs(won.rating - 1500 - (1500 - lost.rating)) < 1e-6, 'symmetric around an equal opponent');
  assert.ok(won.deviation < NEW_PLAYER.deviation);
  const upset = rate(NEW_PLAYER, [{ rating: 1900, deviation: 100, score: 1 }]);
  const expectedWin = rate(NEW_PLAYER, [{ rating: 1100, deviation: 100, score: 1 }]);
  assert.ok(upset.rating - 1500 > expectedWin.rating - 1500);
  const idle = rate({ rating: 1600, deviation: 80, volatility: 0.06 }, []);
  assert.equal(idle.rating, 1600);
  assert.ok(idle.deviation > 80);
  // A long run of wins converges instead of overflowing.
  let player = { ...NEW_PLAYER };
  for (let i = 0; i < 500; i++) player = rate(player, [{ rating: 2800, deviation: 100, score: 1 }]);
  assert.ok(Number.isFinite(player.rating) && Number.isFinite(player.deviation) && Number.isFinite(player.volatility));
});

test('a puzzle result: rating change, streak, recent puzzles, deviation bounds', () => {
  let record = newRecord();
  record.current = 'abcde';
  const first = recordResult(record, { id: 'abcde', rating: 1500, solved: true });
  assert.ok(first.change > 0);
  assert.equal(first.change, Math.round(first.record.rating) - 1500);
  assert.equal(first.record.streak, 1);
  assert.equal(first.record.played, 1);
  assert.deepEqual(first.record.recent, ['abcde']);
  assert.equal(first.record.current, null);
  const second = recordResult(first.record, { id: 'fghij', rating: 1500, solved: false });
  assert.ok(second.change < 0);
  assert.equal(second.record.streak, 0);
  assert.deepEqual(second.record.recent, ['abcde', 'fghij']);
  // Many puzzles: the deviation stops at its floor, the recent list at its limit.
  record = newRecord();
  for (let i = 0; i < RECENT_LIMIT + 20; i++) {
    record = recordResult(record, { id: i.toString(36).padStart(5, '0'), rating: 1500, solved: i % 2 === 0 }).record;
  }
  assert.ok(record.deviation >= MIN_DEVIATION && record.deviation < 70, `${record.deviation}`);
  const settled = { ...newRecord(), deviation: MIN_DEVIATION, volatility: 0.001 };
  assert.equal(recordResult(settled, { id: 'abcde', rating: 1500, solved: true }).record.deviation, MIN_DEVIATION);
  assert.equal(record.recent.length, RECENT_LIMIT);
  assert.equal(record.recent.at(-1), (RECENT_LIMIT + 19).toString(36).padStart(5, '0'));
  assert.ok(record.deviation <= MAX_DEVIATION);
  assert.equal(ratingText(newRecord()), '1500?');
  const skipped = recordSkipped({ ...first.record, current: 'zzzzz' }, 'zzzzz');
  assert.deepEqual(skipped, { ...first.record, current: null, recent: ['abcde', 'zzzzz'] });
  assert.equal(ratingText({ ...newRecord(), rating: 1623.4, deviation: 60 }), '1623');
});

test('the stored records come back, and a corrupt or hostile value is ignored', () => {
  const records = new Map([['alice', recordResult(newRecord(), { id: 'abcde', rating: 1700, solved: true }).record]]);
  // Through JSON, as localStorage keeps it.
  assert.deepEqual(readRecords(JSON.parse(JSON.stringify(storedRecords(records)))), records);

  const bad = [null, 42, 'text', [], { version: 2, ruleSets: { chess: { rating: 1800 } } }, { version: 1, ruleSets: null }, { version: 1, ruleSets: [1, 2] }];
  for (const value of bad) assert.equal(readRecords(value).size, 0, JSON.stringify(value));
  const hostile = JSON.parse(
    JSON.stringify({
      version: 1,
      ruleSets: {
        chess: { rating: 'NaN', deviation: 1e9, volatility: -1, played: -3, streak: 1.5, recent: ['<img>', 'abcde', 7, 'ABCDE'], current: '<b>' },
        '<script>': { rating: 2000, deviation: 100, volatility: 0.06 },
        alice: { rating: 1234, deviation: 80, volatility: 0.05, played: 12, streak: 3, recent: 'abcde' },
      },
    }).replace('"alice"', '"__proto__":{"rating":2000},"alice"'),
  );
  // A record with any wrong field is dropped whole (never half-used), and said.
  const problems = [];
  const read = readRecords(hostile, problems);
  assert.deepEqual([...read.keys()], []);
  assert.deepEqual(problems, ['puzzle ratings']);
  const good = { rating: 1234, deviation: 80, volatility: 0.05, played: 12, streak: 3, recent: ['abcde'], current: null };
  const mixed = readRecords({ version: 1, ruleSets: { alice: good, chess: { ...good, streak: -1 } } }, problems);
  assert.deepEqual([...mixed.keys()], ['alice']);
  assert.deepEqual(mixed.get('alice'), { ...newRecord(), ...good });
  // Half a rating is no rating; an older page's record without the counts is read.
  assert.equal(sanitizeRecord({ rating: 1900, deviation: 'x', volatility: 0.06 }), null);
  assert.equal(sanitizeRecord([1500, 100]), null);
  assert.equal(sanitizeRecord({ ...good, recent: ['abcde', '<img>'] }), null);
  assert.deepEqual(sanitizeRecord({ rating: 1900, deviation: 100, volatility: 0.06 }), { ...newRecord(), rating: 1900, deviation: 100, volatility: 0.06 });
  // Nothing stored is no problem.
  const none = [];
  readRecords(null, none);
  assert.deepEqual(none, []);
});

function puzzleSet(count) {
  // Ratings 600, 620, ... with ids in order.
  return Array.from({ length: count }, (_, i) => ({ id: i.toString(36).padStart(5, '0'), rating: 600 + 20 * i }));
}

test('the next puzzle: near the rating, drawn among the closest, not a recent one', () => {
  const puzzles = puzzleSet(100);
  const random = seeded(7);
  const drawn = new Set();
  for (let i = 0; i < 200; i++) {
    const puzzle = chooseNextPuzzle(puzzles, { rating: 1500, random });
    // The CLOSEST nearest to 1500 lie within CLOSEST/2 steps of 20 either side.
    assert.ok(Math.abs(puzzle.rating - 1500) <= (CLOSEST / 2) * 20, `${puzzle.rating}`);
    drawn.add(puzzle.id);
  }
  assert.ok(drawn.size > CLOSEST / 2, 'a draw, not always the same puzzle');
  // The recent ones are held back, the next nearest come instead.
  const nearest = puzzles.filter((p) => Math.abs(p.rating - 1500) <= 200).map((p) => p.id);
  for (let i = 0; i < 50; i++) {
    const puzzle = chooseNextPuzzle(puzzles, { rating: 1500, recent: nearest, random });
    assert.ok(!nearest.includes(puzzle.id));
    assert.ok(Math.abs(puzzle.rating - 1500) <= 200 + CLOSEST * 20);
  }
  // Far outside the set: the nearest end.
  assert.ok(chooseNextPuzzle(puzzles, { rating: 3000, random: () => 0.999 }).rating >= 2580 - CLOSEST * 20);
  assert.equal(chooseNextPuzzle(puzzles, { rating: 0, random: () => 0 }).rating, 600);
});

test('the next puzzle in a small set: never more than half held back, never the one just played', () => {
  const puzzles = puzzleSet(4);
  const ids = puzzles.map((p) => p.id);
  const drawn = new Set();
  for (let seed = 0; seed < 20; seed++) {
    const puzzle = chooseNextPuzzle(puzzles, { rating: 2000, recent: ids, avoid: ids[3], random: seeded(seed) });
    drawn.add(puzzle.id);
  }
  assert.deepEqual([...drawn].sort(), [ids[0], ids[1]], 'the most recent half is held back');
  assert.equal(chooseNextPuzzle(puzzleSet(2), { rating: 600, recent: ['00000', '00001'], avoid: '00000' }).id, '00001');
  assert.equal(chooseNextPuzzle(puzzleSet(1), { rating: 2000, recent: ['00000'], avoid: '00000' }).id, '00000');
  assert.equal(chooseNextPuzzle([], { rating: 1500 }), null);
});
