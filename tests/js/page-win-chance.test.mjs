// The page's reading of a game's analysis (www/app): the win chance it computes from an
// evaluation, pinned against the win chances of a real Engine.analyseGame report (one
// curve, one constant: docs/analysis.md); `[%eval]` comment commands; the view of a
// report and of an imported PGN's notes (the NAGs read through the Game).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from 'alfiere/engine';
import { Game } from 'alfiere';
import { whiteWinChance, WIN_CHANCE_SLOPE } from '../../www/app/win-chance.js';
import { commentText, evalInComment } from '../../www/app/comment-commands.js';
import { marksFromNotes, marksFromReport, nagsOfGame, shownNags } from '../../www/app/game-marks.js';

const engine = new Engine();
after(() => engine.terminate());

function played(variant, moves) {
  const game = new Game(variant);
  for (const m of moves) game.move(m);
  return game;
}

/** The mover's win percentage from White's, as the report gives it. */
const moverView = (white, color) => (color === 'w' ? white : 100 - white);

test("the page's win chance is the report's, to its rounding, in a single-action and a multi-action game", async () => {
  assert.equal(WIN_CHANCE_SLOPE, 0.00368208);
  for (const [variant, moves] of [
    ['chess', ['e4', 'e5', 'Qh5', 'Nc6', 'Qxf7+', 'Kxf7', 'd4', 'Kf6']],
    ['marseillais', ['e4', 'Qh5', 'Nf6', 'Nxh5', 'd4', 'Nc3']],
  ]) {
    const { report } = await engine.analyseGame(played(variant, moves), { nodes: 5000 });
    let compared = 0;
    for (const ply of report.plies) {
      if (!ply.eval || !('cp' in ply.eval || 'mate' in ply.eval)) continue;
      const mine = moverView(whiteWinChance(ply.eval), ply.color);
      assert.ok(Math.abs(mine - ply.winAfter) <= 0.051, `${variant} ply ${ply.ply}: ${mine} vs ${ply.winAfter}`);
      compared++;
    }
    assert.ok(compared >= moves.length - 1, `${variant}: ${compared} plies compared`);
    const start = moverView(whiteWinChance(report.start), report.plies[0].color);
    assert.ok(Math.abs(start - report.plies[0].winBefore) <= 0.051);
  }
});

test('the curve: capped at ±1000 cp, a mate counts as the cap, a result is exact, junk is null', () => {
  assert.equal(whiteWinChance({ cp: 0 }), 50);
  assert.equal(whiteWinChance({ cp: 5000 }), whiteWinChance({ cp: 1000 }));
  assert.equal(whiteWinChance({ mate: 3 }), whiteWinChance({ cp: 1000 }));
  assert.equal(whiteWinChance({ mate: -1 }), whiteWinChance({ cp: -1000 }));
  assert.ok(Math.abs(whiteWinChance({ cp: 100 }) - 59.1) < 0.05);
  assert.equal(whiteWinChance({ result: '1-0' }), 100);
  assert.equal(whiteWinChance({ result: '1/2-1/2' }), 50);
  for (const junk of [null, undefined, {}, { cp: 'x' }, { mate: 0 }, { result: '2-0' }, 'cp']) {
    assert.equal(whiteWinChance(junk), null);
  }
});

test('[%eval] comment commands and the words around them', () => {
  assert.deepEqual(evalInComment('[%eval 0.31]'), { cp: 31 });
  assert.deepEqual(evalInComment('[%eval -1.5] Blunder. Nf3 was best.'), { cp: -150 });
  assert.deepEqual(evalInComment('[%eval #-3]'), { mate: -3 });
  assert.deepEqual(evalInComment('[%eval  #2,18]'), { mate: 2 });
  assert.deepEqual(evalInComment('[%eval 0.2,24]'), { cp: 20 });
  assert.equal(evalInComment('no evaluation [%cal Ge2e4]'), null);
  assert.equal(evalInComment('[%eval x]'), null);
  assert.equal(commentText('[%eval 0.31] Blunder.  [%cal Ge2e4] Nf3 was best.'), 'Blunder. Nf3 was best.');
  assert.equal(commentText('[%eval 0.31]'), '');
});

test("a report's view and an annotated PGN's view agree on points and marks", async () => {
  const game = played('chess', ['e4', 'e5', 'Qh5', 'Nc6', 'Qxf7+', 'Kxf7']);
  const { report, pgn } = await engine.analyseGame(game, { nodes: 5000 });
  const fromReport = marksFromReport(report);
  assert.equal(fromReport.actions[4].mark, 'blunder');
  assert.equal(fromReport.counts.w.blunder, 1);
  const annotated = new Game();
  annotated.loadPgn(pgn);
  const history = annotated.history({ verbose: true });
  const nags = nagsOfGame(annotated, history.length);
  assert.deepEqual(nags[4], [4]);
  assert.equal(annotated.history().length, 6, 'reading the NAGs leaves the game as it was');
  const fromNotes = marksFromNotes(annotated, history, nags);
  assert.equal(fromNotes.source, 'notes');
  assert.deepEqual(
    fromNotes.actions.map((a) => a.mark),
    fromReport.actions.map((a) => a.mark),
  );
  fromNotes.actions.forEach((action, i) => {
    // The PGN writes pawns with two decimals: the chances agree to that rounding.
    assert.ok(Math.abs(action.whiteWin - fromReport.actions[i].whiteWin) < 0.2, `action ${i}`);
  });
  // Marks in the move list: the report's verdict replaces the game's own ?/??/?!; others stay.
  assert.deepEqual(shownNags([[1], [2], []], { source: 'report', actions: [{ mark: null }, { mark: 'blunder' }, { mark: 'inaccuracy' }] }), [[1], [4], [6]]);
  assert.equal(marksFromNotes(new Game(), [], []), null, 'a game without evaluations is not analysed');
  for (const g of [game, annotated]) g.free();
});
