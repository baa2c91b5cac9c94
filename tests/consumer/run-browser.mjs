// Drives headless Chromium (Debian's /usr/bin/chromium through playwright-core) over two
// pages of the consumer project: the plain module-script page and the Vite build. Each
// page runs the Engine in its worker, checks a best move, and measures stop() latency.
// Usage: node run-browser.mjs <consumer project dir>
import assert from 'node:assert/strict';
import { launchChromium, serveStatic } from './static-server.mjs';

const root = process.argv[2];
const server = await serveStatic(root);
const origin = server.origin;
const browser = await launchChromium();

let failed = false;
try {
  for (const [label, path] of [['plain module script', '/web/plain.html'], ['Vite build', '/web/dist/index.html']]) {
    const page = await browser.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    await page.goto(origin + path);
    await page.waitForFunction(() => window.__alfiere?.done === true, null, { timeout: 120000 });
    const out = await page.evaluate(() => window.__alfiere);
    await page.close();
    const lat = [...out.stopLatencies ?? []].sort((a, b) => a - b);
    console.log(`${label}: bestmove ${out.bestmove} (legal: ${out.bestmoveLegal}); stop latency ` +
      `${(out.stopLatencies ?? []).map((t) => t.toFixed(1)).join(', ')} ms (median ${lat[2]?.toFixed(1)} ms)`);
    try {
      assert.deepEqual(out.errors, [], `${label}: ${out.errors.join('\n')}`);
      assert.deepEqual(problems, [], `${label}: ${problems.join('\n')}`);
      assert.equal(out.fen, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
      assert.equal(out.chessJsFen, out.fen, 'alfiere/chessjs after init()');
      assert.equal(out.bestmoveLegal, true, `${label}: best move ${out.bestmove} is not legal`);
      assert.equal(out.stoppedMovesLegal, true, `${label}: a stopped analysis gave an illegal move`);
      assert.equal(lat.length, 5);
      // The worker yields every ~8 ms; the median of five stops must be within 50 ms (a
      // loaded machine can deschedule a thread for longer once in a while) and none may
      // take anywhere near as long as a search left running would.
      assert.ok(lat[2] <= 50, `${label}: median stop latency ${lat[2]} ms`);
      assert.ok(lat[4] <= 1000, `${label}: slowest stop ${lat[4]} ms`);
      assert.deepEqual(out.error, { name: 'InvalidFenError', code: 'INVALID_FEN' });
    } catch (e) {
      failed = true;
      console.error(e.message);
    }
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
