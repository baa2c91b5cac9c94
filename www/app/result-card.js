// The end of a game shown where it is seen: a card over the half of the board away from
// the losing king (so a mate stays in sight) when a game ends in play (checkmate, a
// rule set's own win, resignation, a draw, a fall), with the result, *Analyse game*,
// *Rematch* (colours swapped) and *New game*. It never stays over the board for good:
// Close, Escape or any of its buttons hide it, and a loaded game that is already over
// does not raise it (the line under the board says so). A timed game's card names its
// time control. Text only, via textContent.

import { timeControlName } from './time-choice.js';

const $ = (id) => document.getElementById(id);

export class ResultCard {
  /** @param page the Page (board, players, gameAnalysis, rematch, newGame) */
  constructor(page) {
    this.page = page;
    const board = page.board;
    this.card = $('result-card');
    this.loading = false;
    // A loaded game already over fires `change` then `gameover` at once: not an ending seen live.
    board.addEventListener('change', () => {
      this.loading = true;
      this.hide();
      queueMicrotask(() => {
        this.loading = false;
      });
    });
    board.addEventListener('move', () => this.hide());
    board.addEventListener('gameover', (event) => {
      // A puzzle's end is said in the puzzle card, a practised turn's in the practice card.
      if (!this.loading && page.players.mode !== 'puzzle' && !page.practice?.active) this.show(event.detail?.outcome ?? board.game.outcome());
    });
    $('result-close').addEventListener('click', () => this.hide());
    $('result-analyse').addEventListener('click', () => {
      this.hide();
      page.gameAnalysis.start();
      document.getElementById('game-analysis').scrollIntoView({ block: 'nearest' });
    });
    $('result-rematch').addEventListener('click', () => {
      this.hide();
      page.rematch();
    });
    $('result-new').addEventListener('click', () => {
      this.hide();
      page.newGame();
    });
    this.card.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.hide();
    });
  }

  show(outcome) {
    const winner = outcome?.winner;
    const players = this.page.players;
    let title = winner === 'w' ? 'White wins' : winner === 'b' ? 'Black wins' : 'Draw';
    if (players.mode === 'engine' && !this.page.loadedGame && winner) title = winner === players.human ? 'You win' : 'The computer wins';
    $('result-title').textContent = title;
    const control = this.page.board.game?.timeControl();
    const text = outcome?.text ?? this.page.board.status;
    $('result-text').textContent = control ? `${text} · ${timeControlName(control)}` : text;
    $('result-analyse').disabled = !this.page.gameAnalysis.canAnalyse();
    this.card.hidden = false;
    this.placeAwayFrom(this.losingKing(winner));
    $('result-analyse').focus({ preventScroll: true });
  }

  /** The square element of the king that lost (the one in check at a mate), or null. */
  losingKing(winner) {
    const board = this.page.board;
    const root = board.shadowRoot;
    const checked = root?.querySelector('.sq.check');
    if (checked || !winner) return checked ?? null;
    const loser = winner === 'w' ? 'b' : 'w';
    for (const row of board.game.board()) {
      for (const cell of row) {
        if (cell?.type !== 'k' || cell.color !== loser) continue;
        const onBoard = cell.board ? `[data-board="${cell.board}"]` : '';
        return root?.querySelector(`[data-square="${cell.square}"]${onBoard}`) ?? null;
      }
    }
    return null;
  }

  /**
   * Puts the card over the half of the board away from `square` (an element), so the
   * losing king stays in sight: near the top when the king is in the lower half, near
   * the bottom otherwise; moved further off the king's square where the card is tall.
   */
  placeAwayFrom(square) {
    const card = this.card;
    card.style.top = '';
    card.style.bottom = '';
    const grid = square?.closest('.board-grid')?.getBoundingClientRect();
    if (!grid) return;
    const stack = card.parentElement.getBoundingClientRect();
    const king = square.getBoundingClientRect();
    const height = card.offsetHeight;
    const margin = grid.height * 0.04;
    if (king.top + king.height / 2 > grid.top + grid.height / 2) {
      const top = Math.min(grid.top + margin, king.top - margin - height);
      card.style.top = `${Math.round(Math.max(top, stack.top) - stack.top)}px`;
      card.style.bottom = 'auto';
    } else {
      const bottom = Math.max(grid.bottom - margin, king.bottom + margin + height);
      card.style.top = `${Math.round(Math.min(bottom, stack.bottom) - height - stack.top)}px`;
      card.style.bottom = 'auto';
    }
  }

  hide() {
    if (this.card.hidden) return;
    const focused = this.card.contains(document.activeElement);
    this.card.hidden = true;
    if (focused) this.page.board.focus?.({ preventScroll: true });
  }

  get shown() {
    return !this.card.hidden;
  }
}
