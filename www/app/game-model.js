// The game being played on the page: a wasm `Game` plus what the page adds around it
// (the starting FEN, the actions as UCI tokens, a redo stack, how the game ended when
// that was not on the board, PGN tags from an import). Every change goes through here,
// fires a 'change' event, and can be saved as plain JSON and rebuilt exactly.

import { readComments, readTags } from './pgn-text.js';

export class GameModel extends EventTarget {
  /** @param rules the wasm-bindgen module (Game, variants, validateFen) */
  constructor(rules) {
    super();
    this.rules = rules;
    this.variantList = rules.variants();
    this.variant = 'chess';
    this.startFen = null;
    this.actions = [];
    this.redoStack = [];
    this.ending = null; // {type: 'resign', color} | {type: 'agree'} | {type: 'claim'}
    this.tags = {};
    this.comments = []; // [{after, text}] from an imported PGN
    this.game = new rules.Game('chess');
    this.verbose = [];
  }

  /** The wasm's facts about a rule set (`boards`, `reboundingDiagonals`, `turn`). */
  facts(id = this.variant) {
    return this.variantList.find((v) => v.id === id) ?? { id, name: id, boards: 1, reboundingDiagonals: false, turn: 'single', variantWin: 'the rules of the variant', variantDraw: 'the rules of the variant' };
  }

  /** Starts a fresh game (optionally from a FEN). Throws on a bad FEN. */
  newGame(variant, fen = null) {
    const game = new this.rules.Game(variant, fen ?? undefined);
    this.replace(game, { variant, startFen: fen, actions: [], ending: null, tags: {} });
    this.redoStack = [];
    this.emit('new');
  }

  /** Plays one action: a UCI/SAN string or {from, to, promotion}. Throws if illegal. */
  play(action) {
    const move = this.game.move(action);
    this.actions.push(move.lan);
    this.verbose.push(move);
    if (this.redoStack.length && this.redoStack.at(-1) === move.lan) this.redoStack.pop();
    else this.redoStack = [];
    this.emit('move', move);
    return move;
  }

  canUndo() {
    return this.actions.length > 0 || this.ending !== null;
  }

  /** Takes back the last action (or a resignation/agreed draw first). */
  undo() {
    if (this.ending) {
      this.ending = null;
      this.rebuild();
      this.emit('undo', null);
      return null;
    }
    if (!this.actions.length) return null;
    const token = this.actions.pop();
    this.verbose.pop();
    this.redoStack.push(token);
    this.game.undo();
    this.emit('undo', token);
    return token;
  }

  canRedo() {
    return this.redoStack.length > 0 && !this.ending && !this.game.isGameOver();
  }

  redo() {
    if (!this.canRedo()) return null;
    const token = this.redoStack.at(-1);
    return this.play(token); // play() pops the matching redo entry
  }

  resign(color) {
    this.ending = { type: 'resign', color };
    this.game.resign(color);
    this.emit('end');
  }

  agreeDraw() {
    this.ending = { type: 'agree' };
    this.game.agreeDraw();
    this.emit('end');
  }

  claimDraw() {
    const outcome = this.game.claimDraw();
    this.ending = { type: 'claim' };
    this.emit('end');
    return outcome;
  }

  /** Loads a FEN in the current variant. Throws the Game's typed error. */
  loadFen(fen) {
    const game = new this.rules.Game(this.variant, fen);
    this.replace(game, { variant: this.variant, startFen: fen, actions: [], ending: null, tags: {} });
    this.redoStack = [];
    this.emit('new');
  }

  /**
   * Loads the first game of a PGN text. Without a [Variant] tag the current variant is
   * tried first, then orthodox chess. Throws the Game's typed error.
   */
  loadPgn(text) {
    const game = new this.rules.Game(this.variant);
    const hasVariantTag = /^\s*\[\s*Variant\s/m.test(text);
    try {
      if (!hasVariantTag && this.variant !== 'chess') {
        try {
          game.loadPgn(`[Variant "${this.variant}"]\n${text}`);
        } catch {
          game.loadPgn(text);
        }
      } else {
        game.loadPgn(text);
      }
    } catch (err) {
      game.free();
      throw err;
    }
    const history = game.history({ verbose: true });
    const startFen = history.length ? history[0].before : game.fen();
    const variant = game.variant();
    this.replace(game, {
      variant,
      startFen: isStartFen(this.rules, variant, startFen) ? null : startFen,
      actions: history.map((m) => m.lan),
      ending: null,
      tags: readTags(text),
      comments: readComments(text),
    });
    this.redoStack = [];
    this.emit('new');
  }

  replace(game, { variant, startFen, actions, ending, tags, comments = [] }) {
    const old = this.game;
    this.game = game;
    this.variant = variant;
    this.startFen = startFen;
    this.actions = actions;
    this.ending = ending;
    this.tags = tags;
    this.comments = comments;
    this.verbose = game.history({ verbose: true });
    if (old && old !== game) old.free();
  }

  /** Rebuilds the wasm game from the start FEN, the actions and the ending. */
  rebuild() {
    const game = new this.rules.Game(this.variant, this.startFen ?? undefined);
    for (const token of this.actions) game.move(token);
    if (this.ending?.type === 'resign') game.resign(this.ending.color);
    else if (this.ending?.type === 'agree') game.agreeDraw();
    else if (this.ending?.type === 'claim') game.claimDraw();
    this.replace(game, this);
  }

  toJSON() {
    return {
      variant: this.variant,
      startFen: this.startFen,
      actions: this.actions,
      redo: this.redoStack,
      ending: this.ending,
      tags: this.tags,
      comments: this.comments,
    };
  }

  /** Restores a saved game; throws (and leaves this model unchanged) if it does not replay. */
  restore(data) {
    if (!data || typeof data.variant !== 'string' || !Array.isArray(data.actions)) {
      throw new Error('saved game has the wrong shape');
    }
    const game = new this.rules.Game(data.variant, data.startFen ?? undefined);
    try {
      for (const token of data.actions) game.move(String(token));
      if (data.ending?.type === 'resign') game.resign(data.ending.color);
      else if (data.ending?.type === 'agree') game.agreeDraw();
      else if (data.ending?.type === 'claim') game.claimDraw();
    } catch (err) {
      game.free();
      throw err;
    }
    this.replace(game, {
      variant: data.variant,
      startFen: data.startFen ?? null,
      actions: data.actions.map(String),
      ending: data.ending ?? null,
      tags: cleanTags(data.tags),
      comments: cleanComments(data.comments),
    });
    this.redoStack = Array.isArray(data.redo) ? data.redo.map(String) : [];
    this.emit('new');
  }

  /** The turn state, with the actions already played in the current turn. */
  currentTurn() {
    const state = this.game.turnState();
    const sofar = state.played > 0 ? this.verbose.slice(-state.played) : [];
    return { ...state, sofar };
  }

  /** The PGN of the game, with the imported tags and the players' names. */
  pgn(extraTags = {}) {
    const tags = {};
    for (const [name, value] of Object.entries({ ...this.tags, ...extraTags })) {
      if (!['Variant', 'SetUp', 'FEN', 'Result'].includes(name)) tags[name] = value;
    }
    return this.game.pgn({ tags });
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent('change', { detail: { type, move: detail } }));
  }
}

function isStartFen(rules, variant, fen) {
  const fresh = new rules.Game(variant);
  const same = fresh.fen() === fen;
  fresh.free();
  return same;
}

function cleanComments(comments) {
  if (!Array.isArray(comments)) return [];
  return comments
    .filter((c) => c && Number.isInteger(c.after) && c.after >= 0 && typeof c.text === 'string')
    .slice(0, 500)
    .map((c) => ({ after: c.after, text: c.text.slice(0, 2000) }));
}

function cleanTags(tags) {
  const clean = {};
  if (tags && typeof tags === 'object') {
    for (const [name, value] of Object.entries(tags)) {
      if (/^[A-Za-z0-9_]{1,40}$/.test(name) && typeof value === 'string') clean[name] = value.slice(0, 200);
    }
  }
  return clean;
}
