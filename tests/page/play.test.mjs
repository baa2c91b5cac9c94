// The board in a game between two people on one device: every variant played by
// clicks (checked against the wasm Game in Node, move list included), the promotion
// picker, a Chess-Gi drop by drag and by click, an Alice transfer, a Progressive
// series, an Avalanche push and the owner's promotion choice, a Billiards rebound path.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clickAction,
  confirmIfAsked,
  importText,
  movetext,
  newGame,
  openPage,
  pageFen,
  pagePgn,
  seeded,
  squareSelector,
  usePage,
  waitFenChange,
} from './helpers.mjs';

let server;
let browser;
let A;
let page;
let errors;
usePage({ setup: (env) => ({ server, browser, rules: A, page, errors } = env) });

test('every variant: a game between friends played by clicks follows the rules', async () => {
  const random = seeded(7);
  for (const { id } of A.variants()) {
    await newGame(page, { variant: id, mode: 'friend' });
    // Chess960 starts at a random position when no number is given.
    const game = id === 'chess960' ? new A.Game(id, await pageFen(page)) : new A.Game(id);
    if (id === 'chess960') assert.notEqual(game.chess960Number(), null, 'a Chess960 start');
    assert.equal(await pageFen(page), game.fen(), `${id}: start position`);
    for (let i = 0; i < 8 && !game.isGameOver(); i++) {
      const legal = game.legalMoves();
      const token = legal[Math.floor(random() * legal.length)];
      const before = await pageFen(page);
      await clickAction(page, game, token);
      game.move(token);
      assert.equal(await waitFenChange(page, before), game.fen(), `${id}: after ${token}`);
    }
    // The move list is the Game's own PGN movetext, grouped the variant's way.
    const listed = await page.$$eval('#moves .move-row', (rows) =>
      rows.map((r) => [...r.children].map((c) => c.textContent).join(' ')).join(' '),
    );
    assert.equal(listed, movetext(game.pgn()), `${id}: move list`);
    assert.equal(movetext(await pagePgn(page)), movetext(game.pgn()), `${id}: exported PGN`);
    assert.ok((await page.textContent('.status-line')).length > 5);
    game.free();
  }
  assert.deepEqual(errors, []);
});

test('Chess960: the start-position field beside the variant, castling onto the rook', async () => {
  await newGame(page, { variant: 'chess960', mode: 'friend' });
  assert.ok(await page.isVisible('#chess960-start'));
  await page.fill('#chess960-start', '0');
  await page.click('#new-game');
  await confirmIfAsked(page);
  const start0 = 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1';
  await page.waitForFunction((fen) => document.getElementById('fen-out').value === fen, start0);
  // A number out of range is refused with a message; the game stays.
  await page.fill('#chess960-start', '960');
  await page.click('#new-game');
  await confirmIfAsked(page);
  await page.waitForSelector('#error:not([hidden])');
  assert.equal(await pageFen(page), start0);
  await page.fill('#chess960-start', '');
  // Castling: the king dropped on its rook (f1 to h1), where f1 to g1 is a king step.
  await importText(page, 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/B3RK1R w HEhf - 0 1');
  const game = new A.Game('chess960', 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/B3RK1R w HEhf - 0 1');
  const before = await pageFen(page);
  await clickAction(page, game, 'f1h1');
  game.move('f1h1');
  assert.equal(await waitFenChange(page, before), game.fen());
  assert.equal(game.fen().split(' ')[0].split('/')[7], 'B3RRK1');
  // Other rule sets hide the field.
  await newGame(page, { variant: 'chess', mode: 'friend' });
  assert.equal(await page.isVisible('#chess960-start'), false);
  assert.deepEqual(errors, []);
});

test('promotion through the picker', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await importText(page, '7k/P7/8/8/8/8/8/K7 w - - 0 1');
  await page.click(squareSelector('a7'));
  await page.click(squareSelector('a8'));
  await page.waitForSelector('.promotion:not([hidden]) [data-promotion="n"]');
  assert.equal(await page.locator('.promotion [data-promotion]').count(), 4);
  await page.click('.promotion [data-promotion="n"]');
  await page.waitForFunction(() => document.getElementById('fen-out').value.startsWith('N6k/'));
  assert.equal(await page.getAttribute(squareSelector('a8'), 'aria-label'), 'a8, white knight');
  assert.match(await page.textContent('#moves'), /a8=N/);
  assert.deepEqual(errors, []);
});

test('Chess-Gi: a drop by drag and one by click from the pocket', async () => {
  await newGame(page, { variant: 'chessgi', mode: 'friend' });
  await importText(page, 'rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3');
  const pocket = page.locator('.pocket.bottom [data-pocket="P"][data-color="w"]');
  await pocket.waitFor();
  assert.match(await pocket.getAttribute('aria-label'), /white pawn in pocket, 1/);
  // Drag the pawn from the pocket to e4.
  await pocket.scrollIntoViewIfNeeded();
  const from = await pocket.boundingBox();
  const to = await page.locator(squareSelector('e4')).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await page.mouse.up();
  await page.waitForFunction(() => document.getElementById('fen-out').value.includes('/4P3/'));
  assert.match(await page.getAttribute(squareSelector('e4'), 'aria-label'), /white pawn/);
  // Black drops by click: pocket, then square.
  await page.click('.pocket.top [data-pocket="P"][data-color="b"]');
  await page.waitForSelector(`${squareSelector('d5')}.dest`);
  await page.click(squareSelector('d5'));
  await page.waitForFunction(() => document.getElementById('fen-out').value.includes('3p'));
  const game = new A.Game('chessgi', 'rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3');
  game.move('P@e4');
  game.move('P@d5');
  assert.equal(await pageFen(page), game.fen());
  assert.match(await page.textContent('#moves'), /@e4.*@d5/);
  assert.deepEqual(errors, []);
});

test('Alice: a moved piece crosses to the other board', async () => {
  await newGame(page, { variant: 'alice', mode: 'friend' });
  assert.equal(await page.locator('[data-square][data-board="a"]').count(), 64);
  assert.equal(await page.locator('[data-square][data-board="b"]').count(), 64);
  await page.click(squareSelector('e2', 'a'));
  await page.waitForSelector(`${squareSelector('e4', 'a')}.dest`);
  await page.click(squareSelector('e4', 'a'));
  await page.waitForSelector(`${squareSelector('e4', 'b')} svg.piece`);
  assert.equal(await page.locator(`${squareSelector('e4', 'a')} svg.piece`).count(), 0);
  assert.equal(await page.locator(`${squareSelector('e2', 'a')} svg.piece`).count(), 0);
  assert.match(await page.getAttribute(squareSelector('e4', 'b'), 'aria-label'), /white pawn, board B/);
  assert.match(await pageFen(page), /\|P/);
  assert.deepEqual(errors, []);
});

test('Progressive: a series shows its action number and the turn so far', async () => {
  await newGame(page, { variant: 'progressive-scottish', mode: 'friend' });
  const game = new A.Game('progressive-scottish');
  for (const san of ['e4', 'e5']) {
    const token = game.moves({ verbose: true }).find((m) => m.san === san).lan;
    await clickAction(page, game, token);
    game.move(token);
  }
  await page.waitForFunction(() => /action 2 of 2/.test(document.getElementById('board').shadowRoot.querySelector('.turn-line').textContent));
  assert.match(await page.textContent('.turn-line'), /Black's turn: action 2 of 2 · so far: e5/);
  for (const san of ['Nc6', 'd4', 'd5', 'Nf3']) {
    const token = game.moves({ verbose: true }).find((m) => m.san === san).lan;
    const before = await pageFen(page);
    await clickAction(page, game, token);
    game.move(token);
    await waitFenChange(page, before);
  }
  assert.match(await page.textContent('.turn-line'), /Black's turn: action 1 of 4/);
  const rows = await page.$$eval('#moves .move-row', (r) => r.map((x) => x.textContent.replace(/\s+/g, ' ').trim()));
  assert.deepEqual(rows, ['1. e4', '2. e5 Nc6', '3. d4 d5 Nf3']);
  assert.deepEqual(errors, []);
});

test('Avalanche: the push after the move, and the owner chooses a pending promotion', async () => {
  await newGame(page, { variant: 'avalanche', mode: 'friend' });
  await page.click(squareSelector('e2'));
  await page.click(squareSelector('e4'));
  await page.waitForFunction(() => document.getElementById('board').shadowRoot.querySelectorAll('.sq.pushable').length > 0);
  const pushable = await page.$$eval('.sq.pushable', (els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(pushable, ['a7', 'b7', 'c7', 'd7', 'e7', 'f7', 'g7', 'h7']);
  assert.match(await page.textContent('.status-line'), /White to push/);
  await page.click(squareSelector('d7'));
  await page.waitForFunction(() => document.getElementById('fen-out').value.includes('3p'));
  assert.match(await page.textContent('#moves'), /e4\/d6/);
  assert.equal(await page.locator('.sq.pushable').count(), 0);

  const fen = 'r2P1k2/1b2Nn2/p6r/P3qp1P/2p1pPp1/2P1B1N1/8/nNQ1KB1R w K - 0 20 promote:d8';
  await importText(page, fen);
  await page.waitForSelector('.promotion:not([hidden]) [data-promotion="q"]');
  assert.match(await page.textContent('.promotion'), /pawn on d8/);
  await page.click('.promotion [data-promotion="r"]');
  await page.waitForFunction(() => document.getElementById('fen-out').value.startsWith('r2R1k2/'));
  assert.match(await page.getAttribute(squareSelector('d8'), 'aria-label'), /white rook/);
  assert.deepEqual(errors, []);
});

test('Billiards: the rebound path of a bishop move is drawn', async () => {
  await newGame(page, { variant: 'billiards', mode: 'friend' });
  const game = new A.Game('billiards');
  for (const token of ['e2e4', 'e7e5']) {
    await clickAction(page, game, token);
    game.move(token);
  }
  await page.waitForFunction(() => document.getElementById('fen-out').value.includes('4p3/4P3'));
  // A bishop move that is not on one straight diagonal must have rebounded.
  const rebounding = game.moves({ verbose: true, square: 'f1' }).find((m) => {
    const df = Math.abs(m.to.charCodeAt(0) - m.from.charCodeAt(0));
    const dr = Math.abs(Number(m.to[1]) - Number(m.from[1]));
    return df !== dr;
  });
  assert.ok(rebounding, 'a rebounding bishop move exists after 1.e4 e5');
  await clickAction(page, game, rebounding.lan);
  await page.waitForSelector('.board-overlay polyline.rebound-path');
  const points = await page.getAttribute('.board-overlay polyline.rebound-path', 'points');
  assert.ok(points.split(' ').length >= 3, `a path with a turn: ${points}`);
  assert.deepEqual(errors, []);
});

test('Billiards: a check along a rebounding path is drawn', async () => {
  await newGame(page, { variant: 'billiards', mode: 'friend' });
  // The bishop on c1 checks the king on g7 off the h6 edge.
  const before = await pageFen(page);
  await page.fill('#io-text', '8/6k1/8/8/8/8/8/2B1K3 b - - 0 1');
  await page.click('#io-load');
  await waitFenChange(page, before);
  await page.waitForSelector('.board-overlay polyline.check-path');
  assert.equal(await page.getAttribute('.board-overlay polyline.check-path', 'points'), '2.5,7.5 7.5,2.5 6.5,1.5');
  assert.equal(await page.locator('.sq.check').getAttribute('data-square'), 'g7');
  assert.deepEqual(errors, []);
});

test('on a phone: the board fits the screen and taps move the pieces', async () => {
  const { context, page: phone, errors: phoneErrors } = await openPage(browser, server.url, {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await newGame(phone, { variant: 'chess', mode: 'friend' });
  const board = await phone.locator('.board-grid').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 390, `board ${JSON.stringify(board)}`);
  assert.ok(board.width >= 340, `a usable board: ${board.width}px`);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px)`);
  await phone.tap('[data-square="g1"]');
  await phone.tap('[data-square="f3"]');
  await phone.waitForFunction(() => /Nf3/.test(document.getElementById('moves').textContent));
  // Alice's two boards are stacked and each still fits.
  await newGame(phone, { variant: 'alice', mode: 'friend' });
  for (const id of ['a', 'b']) {
    const box = await phone.locator(`.board[data-board-id="${id}"] .board-grid`).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390 && box.width >= 300, `board ${id}: ${JSON.stringify(box)}`);
  }
  // ...and the status line under them is still on the screen (players complained it was not).
  const status = await phone.locator('.status-line').boundingBox();
  assert.ok(status.y + status.height <= 844, `status line at ${JSON.stringify(status)}`);
  assert.deepEqual(phoneErrors, []);
  await context.close();
});

test('between friends: take back, redo, a draw claim, a draw offer, a resignation', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  const game = new A.Game('chess');
  const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1'];
  for (const token of shuffle) {
    const before = await pageFen(page);
    await clickAction(page, game, token);
    game.move(token);
    await waitFenChange(page, before);
  }
  assert.equal(await page.isDisabled('#claim-draw'), true);
  await page.click('#undo');
  await page.click('#redo');
  await page.waitForFunction(() => /Ng1/.test(document.getElementById('moves').textContent));
  assert.equal(await pageFen(page), game.fen());
  const before = await pageFen(page);
  await clickAction(page, game, 'f6g8');
  game.move('f6g8');
  await waitFenChange(page, before);
  // The position has now occurred three times: White may claim.
  await page.waitForSelector('#claim-draw:not([disabled])');
  await page.click('#claim-draw');
  await page.waitForFunction(() => /Draw by threefold repetition/.test(document.getElementById('board').status));
  assert.match(await pagePgn(page), /\[Result "1\/2-1\/2"\]/);
  // Taking back the claim resumes the game.
  await page.click('#undo');
  await page.waitForFunction(() => /White to move/.test(document.getElementById('board').status));

  await page.click('#offer-draw');
  await page.waitForSelector('#offer:not([hidden])');
  assert.match(await page.textContent('#offer-text'), /White offers a draw/);
  await page.click('#offer-decline');
  await page.waitForSelector('#offer', { state: 'hidden' });
  await page.click('#offer-draw');
  await page.click('#offer-accept');
  await page.waitForFunction(() => /Draw by agreement/.test(document.getElementById('board').status));
  await page.click('#undo');
  await page.click('#resign');
  await page.click('#confirm-yes'); // the page asks before a resignation
  await page.waitForFunction(() => /Black wins by resignation/.test(document.getElementById('board').status));
  assert.equal(await page.isDisabled('#resign'), true);
  assert.deepEqual(errors, []);
});

test('sound effects come from WebAudio oscillators, and mute silences them', async () => {
  const { context, page: sound, errors: soundErrors } = await openPage(browser, null);
  await sound.addInitScript(() => {
    window.__tones = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator() {
      window.__tones++;
      return original.call(this);
    };
  });
  await sound.goto(server.url);
  await sound.waitForSelector('body.ready');
  await newGame(sound, { variant: 'chess', mode: 'friend' });
  assert.equal(await sound.getAttribute('#mute', 'aria-pressed'), 'false');
  await sound.click('[data-square="e2"]');
  await sound.click('[data-square="e4"]');
  await sound.waitForFunction(() => window.__tones > 0);
  await sound.click('#mute');
  assert.equal(await sound.getAttribute('#mute', 'aria-pressed'), 'true');
  const tones = await sound.evaluate(() => window.__tones);
  await sound.click('[data-square="e7"]');
  await sound.click('[data-square="e5"]');
  await sound.waitForFunction(() => /e5/.test(document.getElementById('moves').textContent));
  assert.equal(await sound.evaluate(() => window.__tones), tones);
  assert.deepEqual(soundErrors, []);
  await context.close();
});

test('check and last-move highlights, and the result in the status line', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  const game = new A.Game('chess');
  for (const token of ['f2f3', 'e7e5', 'g2g4']) {
    const before = await pageFen(page);
    await clickAction(page, game, token);
    game.move(token);
    await waitFenChange(page, before);
  }
  const last = await page.$$eval('.sq.last', (els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(last, ['g2', 'g4']);
  assert.equal(await page.locator('.sq.check').count(), 0);
  await page.fill('#san-input', 'Qh4');
  await page.press('#san-input', 'Enter');
  await page.waitForSelector('[data-square="e1"].check');
  assert.match(await page.getAttribute('[data-square="e1"]', 'aria-label'), /white king, in check/);
  assert.equal(await page.textContent('.status-line'), 'Black wins by checkmate');
  assert.deepEqual(await page.$$eval('.sq.last', (els) => els.map((e) => e.dataset.square).sort()), ['d8', 'h4']);
  assert.equal(await page.locator('.sq.movable').count(), 0);
  assert.deepEqual(errors, []);
});
