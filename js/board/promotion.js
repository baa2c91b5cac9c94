// The promotion picker: four pieces over the promotion square, for a pawn move with
// several legal promotions and for Avalanche's pending promotion (the owner's choice
// at the start of a turn). This is its state (which choice is open, and the answer);
// the panel itself (promotion-panel.js) is loaded at the first promotion that asks.

import { pieceName, pieceSvg } from './pieces.js';
import { el } from './dom.js';

export class PromotionPicker {
  constructor(host, controller) {
    this.host = host;
    this.controller = controller;
    this.request = null;
    this.drawing = null; // resolves to the panel's draw(request), once loaded
  }

  get open() {
    return this.request !== null;
  }

  /** Opens the picker for {square, color, choices: [{role, token}], board, forced}. */
  show(request) {
    this.request = request;
    // The panel imports nothing itself, so a bundler shares no chunk with the board's.
    this.drawing ??= import('./promotion-panel.js').then(({ attachPanel }) => attachPanel(this, { el, pieceName, pieceSvg }));
    this.drawing.then((draw) => this.request === request && draw(request));
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
}
