// The page of the browser tests, used twice: as a plain module script (plain.html, an
// import map points the bare specifiers into node_modules) and through a Vite production
// build (index.html). Results go to window.__alfiere for the test driver.
import init, { Game } from 'alfiere';
import { Engine } from 'alfiere/engine';
import { Chess } from 'alfiere/chessjs';

const out = { errors: [], done: false };
window.__alfiere = out;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  await init();
  const game = new Game('chess');
  game.move('e4');
  out.fen = game.fen();
  const chess = new Chess();
  chess.move('e4');
  out.chessJsFen = chess.fen();

  const engine = new Engine({ variant: 'chess' });
  await engine.ready;
  const moves = ['e2e4', 'e7e5'];
  const result = await engine.analyse({ moves, depth: 6 });
  const position = new Game();
  moves.forEach((m) => position.move(m));
  out.bestmove = result.bestmove;
  out.bestmoveLegal = position.legalMoves().includes(result.bestmove);

  // stop latency: from stop() to the resolved promise
  out.stopLatencies = [];
  out.stoppedMovesLegal = true;
  const start = new Game().legalMoves();
  for (let run = 0; run < 5; run++) {
    const pending = engine.analyse({ infinite: true });
    await sleep(200 + 60 * run);
    const t0 = performance.now();
    engine.stop();
    const stopped = await pending;
    out.stopLatencies.push(performance.now() - t0);
    if (!start.includes(stopped.bestmove)) out.stoppedMovesLegal = false;
  }
  try {
    await engine.analyse({ fen: 'not a fen' });
  } catch (e) {
    out.error = { name: e.name, code: e.code };
  }
  engine.terminate();
  document.body.dataset.done = 'yes';
}

main()
  .catch((e) => out.errors.push(String(e?.stack ?? e)))
  .finally(() => {
    out.done = true;
  });
