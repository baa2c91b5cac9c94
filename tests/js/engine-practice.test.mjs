// Practice your mistakes through the JS Engine (Node worker thread, the same host as the
// browser's Web Worker): engine.judgeTurn(game, {from, nodes}) judges the turn a game
// ends with as analyseGame judges a played one: a sound move accepted, a blunder
// refused with the better move, a multi-action turn judged whole, and bad requests
// refused with typed errors.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from 'alfiere/engine';
import { Game } from 'alfiere';

const engine = new Engine();
after(() => engine.terminate());

function played(variant, moves) {
  const game = new Game(variant);
  for (const m of moves) game.move(m);
  return game;
}

const OPENING = ['e4', 'e5', 'Qh5', 'Nc6'];

test('a sound move is accepted, a hung queen refused with the better move', async () => {
  await engine.ready;
  const good = await engine.judgeTurn(played('chess', [...OPENING, 'Bc4']), { nodes: 20000 });
  assert.equal(good.accepted, true, JSON.stringify(good));
  assert.equal(good.complete, true);
  assert.equal(good.mark, null);
  assert.deepEqual(good.san, ['Bc4']);
  assert.deepEqual(good.uci, ['f1c4']);
  assert.equal(good.mover, 'w');
  assert.ok('cp' in good.before && 'cp' in good.after);
  const bad = await engine.judgeTurn(played('chess', [...OPENING, 'Qxf7+']), { nodes: 20000 });
  assert.equal(bad.accepted, false);
  assert.equal(bad.mark, 'blunder');
  assert.equal(bad.cause, 'win-chance');
  assert.ok(bad.winAfter < bad.winBefore - 15, JSON.stringify(bad));
  assert.equal(bad.bestTurn.length, 1);
  assert.notDeepEqual(bad.bestTurn, ['Qxf7+']);
  assert.equal(bad.best.san, bad.bestTurn[0]);
  // The same verdict as the game's analysis gives the played move.
  const { report } = await engine.analyseGame(played('chess', [...OPENING, 'Qxf7+']), { nodes: 20000 });
  assert.equal(report.plies[4].class, bad.mark);
});

test('a Marseillais turn is judged whole, from where it starts, and a PGN text works too', async () => {
  const blunder = await engine.judgeTurn(played('marseillais', ['f3', 'g4']).pgn(), { nodes: 20000 });
  assert.deepEqual(blunder.san, ['f3', 'g4']);
  assert.equal(blunder.mark, 'blunder');
  assert.equal(blunder.cause, 'allowed-mate');
  assert.equal(blunder.bestTurn.length, 2);
  // The better turn, played, is accepted (not a fixed opening turn: what the engine
  // thinks of one moves with its search).
  const sound = await engine.judgeTurn(played('marseillais', blunder.bestTurn), { from: 0, nodes: 20000 });
  assert.equal(sound.accepted, true, JSON.stringify(sound));
  assert.deepEqual(sound.san, blunder.bestTurn);
  // Alice, whatever rule set the engine plays.
  const alice = await engine.judgeTurn(played('alice', ['e4', 'd5', 'Bb5']), { depth: 3 });
  assert.equal(alice.complete, true);
  assert.deepEqual(alice.san, ['Bb5']);
  assert.equal(engine.variant, 'chess');
});

test('bad requests are refused with typed errors', async () => {
  const refused = async (promise, name, pattern) =>
    assert.rejects(promise, (e) => {
      assert.equal(e.name, name, e.message);
      if (pattern) assert.match(e.message, pattern);
      return true;
    });
  await refused(engine.judgeTurn(played('marseillais', ['e4', 'd4', 'e5']), { nodes: 100 }), 'InvalidArgumentError', /not finished/);
  await refused(engine.judgeTurn(played('marseillais', ['e4', 'd4', 'e5', 'd5']), { from: 3, nodes: 100 }), 'InvalidArgumentError', /from must be 2/);
  await refused(engine.judgeTurn(new Game('chess'), { nodes: 100 }), 'InvalidArgumentError', /no turn/);
  await refused(engine.judgeTurn(played('chess', ['e4']), { nodes: 0 }), 'InvalidArgumentError', /nodes/);
  await refused(engine.judgeTurn(played('chess', ['e4']), { from: -1 }), 'InvalidArgumentError', /from/);
  await refused(engine.judgeTurn(played('chess', ['e4']), { from: 2 ** 32 }), 'InvalidArgumentError', /from must be a whole number from 0 to 2000/);
  await refused(engine.judgeTurn(42), 'InvalidArgumentError', /judgeTurn\(\) takes a Game or a PGN text/);
  await refused(engine.judgeTurn(played('chess', ['e4']), 'nodes'), 'InvalidArgumentError', /judgeTurn\(\)'s options/);
  // The engine still works.
  const ok = await engine.judgeTurn(played('chess', ['e4']), { nodes: 2000 });
  assert.equal(ok.complete, true);
});
