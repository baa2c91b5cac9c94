// Shared helpers of the page's end-to-end tests: the static server (started here unless
// PAGE_URL says where the page already is), Debian's Chromium through playwright-core,
// a page that records console errors, the set-up every test file shares (usePage), the wasm Game in Node to check what the page
// does, and gestures that play an action the way a person would (clicks on squares,
// pockets and the promotion picker).

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

let rules = null;

/** The wasm-bindgen web module, initialised in Node. */
export async function loadRules() {
  if (!rules) {
    rules = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
    rules.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
  }
  return rules;
}

/** The page's URL: PAGE_URL, or a server started now on a free port. */
export async function startServer() {
  if (process.env.PAGE_URL) return { url: process.env.PAGE_URL.replace(/\/?$/, '/'), stop: async () => {} };
  const child = spawn(process.execPath, [`${repoRoot}scripts/serve.mjs`], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /http:\/\/localhost:(\d+)\//.exec(text);
      if (match) resolve(match[0]);
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * A new page in its own context, with every console error and page error recorded
 * in `errors`. Options go to browser.newContext (viewport, hasTouch...).
 */
export async function openPage(browser, url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
  if (url) await gotoReady(page, url);
  return { context, page, errors };
}

/**
 * Registers a test file's set-up and tear-down: the wasm rules in Node, the server,
 * Chromium and one page with its recorded errors, opened at the page's URL (`open:
 * 'blank'`: not navigated, for a file that prepares the page first; `open: false`: no
 * shared page). Then `setup(env)` runs, with env = { rules, server, browser, context,
 * page, errors }: the place to copy them into the file's variables, since the
 * top-level `before` hooks of a file do not wait for one another. With `enabled:
 * false` nothing starts (a file whose tests are skipped). Returns env.
 */
export function usePage({ open = 'ready', enabled = true, setup } = {}) {
  const env = {};
  before(async () => {
    if (!enabled) return;
    env.rules = await loadRules();
    env.server = await startServer();
    env.browser = await launchBrowser();
    if (open) Object.assign(env, await openPage(env.browser, open === 'ready' ? env.server.url : null));
    await setup?.(env);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

export async function gotoReady(page, url) {
  await page.goto(url);
  await page.waitForSelector('body.ready', { timeout: 20000 });
}

/** Starts a new game from the page's own controls. */
export async function newGame(page, { variant, mode = 'friend', color = 'w', level = 'beginner' }) {
  await page.evaluate(() => {
    document.getElementById('settings-card').open = true;
  });
  await page.check(`input[name="mode"][value="${mode}"]`);
  if (mode === 'engine') {
    await page.check(`input[name="color"][value="${color}"]`);
    await page.selectOption('#level', level);
  }
  if ((await page.inputValue('#variant')) !== variant) {
    await page.selectOption('#variant', variant);
    await confirmIfAsked(page);
  }
  await page.click('#new-game');
  await confirmIfAsked(page);
  await page.waitForFunction(() => document.getElementById('moves').children.length === 0);
}

/** Says yes when the page asks before losing the game in play. */
export async function confirmIfAsked(page) {
  if (await page.isVisible('#confirm')) await page.click('#confirm-yes');
}

export async function pageFen(page) {
  return page.inputValue('#fen-out');
}

export async function pagePgn(page) {
  return page.inputValue('#pgn-out');
}

/** The square element of `square`, on Alice board `board` when given. */
export function squareSelector(square, board = null) {
  return board ? `[data-square="${square}"][data-board="${board}"]` : `[data-square="${square}"]`;
}

/**
 * Plays one UCI action on the page by clicking, as a person would. `game` is a Node
 * Game in the same position (used to find the board of a piece in Alice and the kind
 * of action). Does not wait for the page to update.
 */
export async function clickAction(page, game, token) {
  const move = game.moves({ verbose: true }).find((m) => m.lan === token);
  if (!move) throw new Error(`${token} is not legal in ${game.fen()}`);
  const boardOf = (square) => {
    if (game.variant() !== 'alice') return null;
    for (const row of game.board()) for (const cell of row) if (cell?.square === square) return cell.board;
    return null;
  };
  if (move.kind === 'drop') {
    await page.click(`.pocket [data-pocket="${token[0]}"][data-color="${move.color}"]`);
    await page.click(squareSelector(move.to));
  } else if (move.kind === 'promotion_choice') {
    await page.click(`.promotion [data-promotion="${move.promotion}"]`);
  } else if (move.kind === 'push') {
    await page.click(squareSelector(move.from));
  } else if (move.kind === 'castle') {
    // The king onto its own rook: unambiguous also where the king's arrival is a
    // king step too (Chess960).
    await page.click(squareSelector(move.from));
    await page.click(squareSelector(move.rook));
  } else {
    const board = boardOf(move.from);
    await page.click(squareSelector(move.from, board));
    await page.click(squareSelector(move.to, board));
    if (move.promotion) await page.click(`.promotion [data-promotion="${move.promotion}"]`);
  }
  return move;
}

/** Waits until the page's FEN differs from `fen`. */
/** Plays `tokens` on the page's board by clicks, each checked on `game` (a Game of the
 * same position, played along), waiting for the board to change after each. */
export async function playByClicks(page, game, tokens) {
  for (const token of tokens) {
    const before = await pageFen(page);
    await clickAction(page, game, token);
    game.move(token);
    await waitFenChange(page, before);
  }
}

/** Loads `text` (a FEN or a PGN) through the page's import panel; resolves when the
 * board's position has changed. */
export async function importText(page, text) {
  await page.evaluate(() => {
    document.getElementById('io-card').open = true;
  });
  await page.fill('#io-text', text);
  const before = await pageFen(page);
  await page.click('#io-load');
  return waitFenChange(page, before);
}

export async function waitFenChange(page, fen, timeout = 15000) {
  await page.waitForFunction((old) => document.getElementById('fen-out').value !== old, fen, { timeout });
  return pageFen(page);
}

/** A small seeded random generator (mulberry32), so failures can be replayed. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The movetext of a PGN as one line of tokens without the result. */
export function movetext(pgn) {
  return pgn
    .replace(/^\s*\[[^\n]*\]\s*$/gm, '')
    .split(/\s+/)
    .filter((t) => t && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t))
    .join(' ');
}

/**
 * Runs `action` while tracing the page's main thread, and returns its tasks longer than
 * `limitMs` in wall time: [{wallMs, cpuMs}]. A task can be long in wall time only
 * because the machine is busy (the thread waited for a core); its CPU time (`tdur`)
 * says how much work the page really did in it.
 */
export async function traceMainThread(browser, page, action, limitMs = 50) {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  let buffer;
  try {
    await action();
  } finally {
    buffer = await browser.stopTracing();
  }
  const trace = JSON.parse(buffer.toString('utf8'));
  const events = trace.traceEvents ?? trace;
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const isMain = (e) => mains.some((m) => m.pid === e.pid && m.tid === e.tid);
  return events
    .filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && isMain(e) && e.dur > limitMs * 1000)
    .map((e) => ({ wallMs: Math.round(e.dur / 1000), cpuMs: e.tdur === undefined ? Math.round(e.dur / 1000) : Math.round(e.tdur / 1000) }));
}
