// The promotion picker: four pieces over the promotion square, for a pawn move with
// several legal promotions and for Avalanche's pending promotion (the owner's choice
// at the start of a turn). Keyboard: Tab/arrows between the pieces, Enter, Escape.

import { pieceName, pieceSvg } from './pieces.js';
import { el } from './dom.js';

export class PromotionPicker {
  constructor(host, controller) {
    this.host = host;
    this.controller = controller;
    this.request = null;
    this.host.addEventListener('keydown', (event) => this.onKey(event));
    this.host.addEventListener('click', (event) => {
      if (event.target === this.host && !this.request?.forced) this.close(true);
    });
  }

  get open() {
    return this.request !== null;
  }

  /** {square, color, choices: [{role, token}], board, forced} */
  show(request) {
    this.request = request;
    const order = ['q', 'r', 'b', 'n', 'k'];
    const choices = [...request.choices].sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
    const panel = el('div', 'promotion-panel');
    const title = request.forced ? `Promote the pawn on ${request.square} to:` : 'Promote to:';
    const row = el('div', 'promotion-choices');
    for (const choice of choices) {
      const attrs = { type: 'button', 'data-promotion': choice.role, 'aria-label': pieceName(request.color, choice.role), part: 'promotion-choice' };
      const button = el('button', '', attrs);
      button.append(pieceSvg(request.color, choice.role, 'promotion-svg', this.controller.host.settings.pieceImages));
      button.addEventListener('click', () => this.choose(choice.token));
      row.append(button);
    }
    panel.append(el('p', 'promotion-title', {}, title), row);
    if (!request.forced) {
      const cancel = el('button', 'promotion-cancel', { type: 'button' }, 'Cancel');
      cancel.addEventListener('click', () => this.close(true));
      panel.append(cancel);
    }
    this.host.replaceChildren(panel);
    this.host.hidden = false;
    this.position();
    row.querySelector('button')?.focus();
  }

  /** Places the panel over the promotion square's file, inside the board's frame. */
  position() {
    const square = this.controller.viewOf(this.request.board)?.squareElement(this.request.square);
    const panel = this.host.firstElementChild;
    if (!square || !panel) return;
    const frame = this.host.getBoundingClientRect();
    const rect = square.getBoundingClientRect();
    const width = panel.offsetWidth;
    const height = panel.offsetHeight;
    const centre = rect.left - frame.left + rect.width / 2;
    const left = Math.min(Math.max(4, centre - width / 2), Math.max(4, frame.width - width - 4));
    const top = Math.min(Math.max(4, rect.top - frame.top - 10), Math.max(4, frame.height - height - 4));
    panel.style.left = `${left}px`;
    panel.style.top = `${top}px`;
  }

  choose(token) {
    this.request = null;
    this.host.hidden = true;
    this.host.replaceChildren();
    this.controller.playHuman(token);
  }

  close(cancelled = false) {
    if (!this.request) return;
    this.request = null;
    this.host.hidden = true;
    this.host.replaceChildren();
    if (cancelled) this.controller.render();
  }

  /** Opens the owner's choice in Avalanche when the human must choose. */
  sync() {
    const controller = this.controller;
    const game = controller.model.game;
    const turn = game.turnState();
    if (turn.phase !== 'promotion_choice' || controller.model.isOver()) {
      if (this.request?.forced) this.close();
      return;
    }
    if (this.request || !controller.humanToAct() || controller.engine.thinking) return;
    const tokens = game.legalMoves();
    const square = tokens[0]?.slice(0, 2);
    if (!square) return;
    this.show({
      square,
      color: turn.side,
      choices: tokens.map((t) => ({ role: t.at(-1), token: t })),
      board: null,
      forced: true,
    });
  }

  onKey(event) {
    const buttons = [...this.host.querySelectorAll('.promotion-choices button')];
    const index = buttons.indexOf(this.host.getRootNode().activeElement);
    if (event.key === 'Escape' && !this.request?.forced) {
      event.preventDefault();
      this.close(true);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
      event.preventDefault();
      buttons[(index + 1) % buttons.length]?.focus();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      event.preventDefault();
      buttons[(index - 1 + buttons.length) % buttons.length]?.focus();
    }
  }
}
