// Premoves: with the `premove` attribute, a person plays the next action of their turn
// while the engine thinks, or in the multi-action rule sets (Progressive, Marseillais,
// Avalanche) queues the actions of their whole next turn. The queue is shown on the
// board, played at once when the person's turn comes (each action only if it is legal
// then; the first that is not drops it and the rest) and cancelled by a right click or
// Escape. Where a queued action may go comes from the core: every position the engine's
// actions of this turn can lead to is looked at (up to LEAF_LIMIT of them), with the
// actions already queued played in it, and a target is offered when it is legal in
// one of them. The `premove` event says when the queue changes.

import { el } from './dom.js';

// Continuations of the engine's turn looked at for the targets: all of them for a one-
// or two-action turn; a long Progressive series offers the targets of the first ones.
const LEAF_LIMIT = 1500;

export class Premoves {
  constructor(controller) {
    this.controller = controller;
    this.queue = []; // [{token, san}] of the person's next turn, in order
    this.cache = null; // {key: the game's position, byQueue: queue prefix → [fen], dests: queue prefix → Map<origin, string[]>}
    this.line = null; // the board's premove line, made at the first premove
    this.cancelled = false; // a right press cancelled: its context menu stays shut
    this.onKey = (event) => {
      if (event.key === 'Escape' && this.queue.length) this.clear('cancelled');
    };
  }

  /** The person's side: the one the engine does not play. */
  get side() {
    return this.controller.engineSide === 'w' ? 'b' : 'w';
  }

  /** Whether a person may premove now: `premove` on and the engine's turn in a game against it. */
  active() {
    const c = this.controller;
    return Boolean(c.host.settings.premove) && c.engineToAct() && c.host.settings.humanSides.has(this.side) && c.reviewing === null && !c.previewed;
  }

  /** The UCI tokens queued. */
  tokens() {
    return this.queue.map((p) => p.token);
  }

  // ---- where a premove may go ---------------------------------------------------------

  /**
   * The positions (FENs) at the start of the person's turn with `tokens` played, cached
   * by the game's position and each prefix of the queue (a premove added or set again
   * starts from the prefix before it).
   */
  positions(tokens = this.tokens()) {
    const model = this.controller.model;
    const key = `${model.variant} ${model.game.fen()}`;
    if (this.cache?.key !== key) this.cache = { key, byQueue: new Map([['', this.continuations()]]), dests: new Map() };
    const byQueue = this.cache.byQueue;
    let prefix = '';
    for (const token of tokens) {
      const before = byQueue.get(prefix);
      prefix = prefix ? `${prefix} ${token}` : token;
      if (!byQueue.has(prefix)) byQueue.set(prefix, before.flatMap((fen) => this.after(fen, token) ?? []));
    }
    return byQueue.get(prefix);
  }

  /** Where the engine's remaining actions of its turn can lead: depth first, by move and undo. */
  continuations() {
    const model = this.controller.model;
    const side = this.side;
    const leaves = [];
    const walk = new model.rules.Game(model.variant, model.game.fen());
    try {
      const visit = () => {
        if (walk.isGameOver()) return;
        if (walk.turn() === side) {
          leaves.push(walk.fen());
          return;
        }
        for (const token of walk.legalMoves()) {
          if (leaves.length >= LEAF_LIMIT) return;
          walk.move(token);
          visit();
          walk.undo();
        }
      };
      visit();
    } finally {
      walk.free();
    }
    return leaves;
  }

  /** The FEN after `token` in `fen` while the person's turn goes on, or null (illegal, or the turn or game ended). */
  after(fen, token) {
    return this.withGame(fen, (game) => {
      try {
        game.move(token);
      } catch {
        return null;
      }
      return !game.isGameOver() && game.turn() === this.side ? game.fen() : null;
    });
  }

  withGame(fen, use) {
    const game = new this.controller.model.rules.Game(this.controller.model.variant, fen);
    try {
      return use(game);
    } finally {
      game.free();
    }
  }

  /** Origins and their targets for the next premove: legal in one of the positions. */
  dests() {
    const positions = this.positions();
    const prefix = this.tokens().join(' ');
    let dests = this.cache.dests.get(prefix);
    if (!dests) {
      const union = new Map();
      for (const fen of positions) {
        this.withGame(fen, (game) => {
          for (const [origin, targets] of game.dests()) {
            const set = union.get(origin) ?? new Set();
            for (const target of targets) set.add(target);
            union.set(origin, set);
          }
        });
      }
      dests = new Map([...union].map(([origin, set]) => [origin, [...set]]));
      this.cache.dests.set(prefix, dests);
    }
    return dests;
  }

  /** The tokens origin → target stands for in the positions looked at (the king onto its rook castles). */
  candidates(origin, target) {
    const found = new Set();
    for (const fen of this.positions()) {
      this.withGame(fen, (game) => {
        if (origin.endsWith('@')) {
          if (game.legalMoves().includes(`${origin}${target}`)) found.add(`${origin}${target}`);
          return;
        }
        for (const move of game.moves({ verbose: true, square: origin })) {
          if (move.to === target || move.rook === target) found.add(move.lan);
        }
      });
      if (found.size >= 4) break; // every promotion of the pawn found
    }
    return [...found];
  }

  // ---- the queue ----------------------------------------------------------------------

  /** Queues `token`; false (nothing changes) when it is legal in none of the positions looked at. */
  add(token) {
    const leaf = this.positions().find((fen) => this.withGame(fen, (game) => game.legalMoves().includes(token)));
    if (!leaf) return false;
    const san = this.withGame(leaf, (game) => game.move(token).san);
    this.queue.push({ token, san });
    this.controller.selection = null;
    window.addEventListener('keydown', this.onKey);
    this.changed('queued', token);
    this.controller.announce(`Premove ${san}. Right click or Escape cancels.`);
    return true;
  }

  /** Replaces the queue with `tokens` (UCI strings), each checked as a person's premove would be; throws and changes nothing for a bad one. */
  set(tokens) {
    if (!Array.isArray(tokens) || tokens.some((t) => typeof t !== 'string')) throw new TypeError('premoves must be an array of UCI strings');
    if (!tokens.length) return this.clear('cancelled');
    const before = this.queue;
    if (!this.active()) throw new Error('premoves can be set only while the engine is to act and `premove` is on');
    this.queue = [];
    for (const token of tokens) {
      const leaf = this.positions(this.tokens()).find((fen) => this.withGame(fen, (game) => game.legalMoves().includes(token)));
      if (!leaf) {
        this.queue = before;
        throw new Error(`“${token.slice(0, 12)}” is not an action of your next turn after any reply looked at`);
      }
      this.queue.push({ token, san: this.withGame(leaf, (game) => game.move(token).san) });
    }
    window.addEventListener('keydown', this.onKey);
    this.changed('queued', null);
  }

  /** Empties the queue (`reason`: 'cancelled' by the person, 'dropped' when it cannot be played). */
  clear(reason, token = null) {
    if (!this.queue.length) return;
    this.queue = [];
    window.removeEventListener('keydown', this.onKey);
    this.changed(reason, token);
    this.controller.announce(reason === 'dropped' ? 'Premove dropped: it is not legal now.' : 'Premove cancelled.');
  }

  changed(reason, token) {
    if (!this.queue.length) window.removeEventListener('keydown', this.onKey);
    this.controller.render();
    this.controller.host.notify('premove', { premoves: this.tokens(), reason, token });
  }

  /** After every change of the game: plays the queue when the person's turn has come. */
  afterChange(type) {
    if (!this.queue.length) return;
    if (type !== 'move') return this.clear('dropped');
    const c = this.controller;
    if (c.model.isOver()) return this.clear('dropped');
    if (c.model.game.turn() !== this.side) return; // the engine's turn goes on
    queueMicrotask(() => this.playNext());
  }

  playNext() {
    const c = this.controller;
    const next = this.queue[0];
    if (!next || c.model.isOver() || c.model.game.turn() !== this.side || c.picker.open) return;
    this.queue.shift();
    c.animateNext = true;
    try {
      c.model.play(next.token); // its change plays the next one, while the turn goes on
    } catch {
      this.queue.unshift(next); // so clear() tells of the whole queue dropped
      this.clear('dropped', next.token);
      return;
    }
    this.changed('played', next.token);
  }

  // ---- drawing ------------------------------------------------------------------------

  /** The queued actions as moves to mark: Alice's pieces arrive on the other board. */
  marked() {
    const c = this.controller;
    return this.queue.map(({ token }) => {
      const drop = token[1] === '@';
      const from = drop ? null : token.slice(0, 2);
      const to = token.slice(2, 4);
      const board = from && c.model.facts().boards === 2 ? ((c.boardOf(from) ?? 'a') === 'a' ? 'b' : 'a') : undefined;
      return { from, to, kind: drop ? 'drop' : 'move', board };
    });
  }

  /** The line under the board that says what is queued. */
  renderLine() {
    const c = this.controller;
    if (!this.line) {
      if (!this.queue.length) return;
      this.line = el('p', 'premove-line', { part: 'premove' });
      c.ui.turn.after(this.line);
    }
    this.line.hidden = !this.queue.length;
    this.line.textContent = this.queue.length ? `Premove: ${this.queue.map((p) => p.san).join(', ')} · right click or Escape cancels` : '';
  }

  /** A right press on the board cancels the queue instead of drawing. */
  attach() {
    const boards = this.controller.ui.boards;
    boards.addEventListener(
      'pointerdown',
      (event) => {
        if (event.button !== 2 || !this.queue.length) return;
        event.stopImmediatePropagation();
        event.preventDefault();
        this.cancelled = true;
        this.clear('cancelled');
      },
      { capture: true },
    );
    boards.addEventListener(
      'contextmenu',
      (event) => {
        if (!this.cancelled) return;
        this.cancelled = false;
        event.preventDefault();
      },
      { capture: true },
    );
  }
}
