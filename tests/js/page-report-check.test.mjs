// The page's check of a stored game analysis (www/app/report-check.js): a report as
// Engine.analyseGame gives it (a finished game of chess with a mate, a Marseillais game
// of two-action turns) passes; any field that is not what the engine writes (an
// evaluation, a mark, a cause, the best line, the accuracy, the counts, the number of
// actions) makes the whole record fail.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../js/engine-node.js';
import { checkStoredAnalysis, isEvaluation, isReport } from '../../www/app/report-check.js';

const reports = {};
const engines = [];

before(async () => {
  for (const [variant, pgn] of [
    ['chess', '1. f3 e5 2. g4 Qh4# 0-1'],
    ['marseillais', '[Variant "Marseillais"]\n\n1. e4,d4 e5,d5 2. Nf3,Nc3 *'],
  ]) {
    const engine = new Engine({ variant });
    engines.push(engine);
    await engine.ready;
    reports[variant] = (await engine.analyseGame(pgn, { nodes: 2000 })).report;
  }
});

after(() => {
  for (const engine of engines) engine.terminate();
});

const stored = (report, moves) => ({ version: 1, key: `${report.variant}\nstart\n${moves}`, report, pgn: '*' });

test("the engine's reports pass, through JSON as storage keeps them", () => {
  const chess = JSON.parse(JSON.stringify(reports.chess));
  assert.equal(isReport(chess, 4), true);
  assert.ok(chess.plies[0].best.turn.length >= 1, 'lines as data');
  // A report stored before lines came as data has no `actions` and `turn`.
  const older = JSON.parse(JSON.stringify(reports.chess));
  for (const ply of older.plies) {
    delete ply.best?.actions;
    delete ply.best?.turn;
  }
  assert.equal(isReport(older, 4), true);
  assert.ok(checkStoredAnalysis(stored(chess, 'f2f3 e7e5 g2g4 d8h4')));
  const marseillais = JSON.parse(JSON.stringify(reports.marseillais));
  assert.equal(isReport(marseillais, marseillais.plies.length), true);
  // A stopped analysis: the unreached actions have no evaluation, best line or mark.
  const stopped = { ...chess, complete: false, plies: chess.plies.map((p, i) => (i < 2 ? { ...p, eval: null, best: null, winBefore: null, winAfter: null, class: null, cause: null } : p)) };
  assert.equal(isReport(stopped, 4), true);
});

test('any field that is not what the engine writes fails the whole record', () => {
  const bad = [
    (r) => (r.plies[1].eval = { cp: '<img>' }),
    (r) => (r.plies[1].eval = { cp: 12.5 }),
    (r) => (r.plies[1].eval = { mate: 0 }),
    (r) => (r.plies[1].eval = { cp: 1, mate: 2 }),
    (r) => (r.plies[3].eval = { result: 'win' }),
    (r) => (r.plies[2].class = 'brilliant'),
    (r) => (r.plies[2].cause = 'luck'),
    (r) => (r.plies[0].best = { uci: 'e2e4', san: 'e4', pv: 'e2e4', pvSan: ['e4'] }),
    (r) => (r.plies[0].best.pvSan = [1]),
    (r) => (r.plies[0].best.actions = ['e2e4']),
    (r) => (r.plies[0].best.turn = 'e4'),
    (r) => (r.plies[0].best.turn[0].to = 'z9"><img>'),
    (r) => (r.plies[0].best.turn[0].path = ['e4', 'k1']),
    (r) => (r.plies[0].best.turn[0].endsTurn = 1),
    (r) => (r.plies[0].color = 'red'),
    (r) => (r.plies[0].ply = 3),
    (r) => (r.plies[0].turn = -1),
    (r) => (r.plies[0].endsTurn = 'yes'),
    (r) => (r.plies[0].winAfter = 101),
    (r) => (r.plies[0].forced = null),
    (r) => (r.plies[0] = null),
    (r) => (r.accuracy = { w: 'NaN', b: 50 }),
    (r) => (r.accuracy = null),
    (r) => delete r.counts,
    (r) => (r.counts.b.blunder = -1),
    (r) => (r.start = { cp: 10, extra: 1 }),
    (r) => (r.complete = 'true'),
    (r) => r.plies.pop(),
  ];
  for (const change of bad) {
    const report = JSON.parse(JSON.stringify(reports.chess));
    change(report);
    assert.equal(isReport(report, 4), false, change.toString());
    assert.equal(checkStoredAnalysis(stored(report, 'f2f3 e7e5 g2g4 d8h4')), null, change.toString());
  }
  for (const record of [null, 42, [], { version: 2 }, { version: 1, key: 7, report: reports.chess, pgn: '' }, { version: 1, key: 'one line', report: reports.chess, pgn: '' }]) {
    assert.equal(checkStoredAnalysis(record), null, JSON.stringify(record)?.slice(0, 60));
  }
  assert.equal(isEvaluation({ cp: -35 }), true);
  assert.equal(isEvaluation({ mate: -2 }), true);
  assert.equal(isEvaluation({ result: '1/2-1/2' }), true);
});
