// The game on one board: a wasm `Game` plus what a board adds around it (the start
// position, the actions played as verbose moves, a redo stack, how the game ended when
// that was not on the board, and a result recorded in an imported PGN). The core Game
// keeps the PGN's tags, comments, NAGs and variations, so the saved form is the Game's
// own PGN. Every change goes through here and fires a 'change' event.

const DECISIVE = new Set(['1-0', '0-1', '1/2-1/2']);
/** Characters of PGN stored as they are; a larger game is stored without its side lines (stored-game.js). */
export const MAX_STORED_PGN = 100_000;

export class GameModel extends EventTarget {
  /** @param rules the wasm-bindgen module (Game, variants) */
  constructor(rules) {
    super();
    this.rules = rules;
    this.variantList = rules.variants();
    this.variant = 'chess';
    this.game = new rules.Game('chess');
    this.startFen = this.game.fen();
    this.verbose = [];
    this.redoStack = [];
    this.ending = null; // {type: 'resign' | 'flag', color} | {type: 'agree'} | {type: 'claim'}
    this.beforeEnding = null; // the Game as it was before `ending`, for a take-back
    this.record = null; // '1-0' | '0-1' | '1/2-1/2' of an imported game that goes no further
    this.timer = null; // a clock's hook (clock.js): the ms the action being played took, or undefined
  }

  /** The wasm's facts about a rule set (`boards`, `reboundingDiagonals`, `turn`). */
  facts(id = this.variant) {
    return this.variantList.find((v) => v.id === id) ?? { id, name: id, boards: 1, reboundingDiagonals: false, turn: 'single' };
  }

  /** The UCI tokens of the actions played. */
  get actions() {
    return this.verbose.map((move) => move.lan);
  }

  /** Starts a fresh game (optionally from a FEN). Throws the Game's typed error. */
  newGame(variant, fen = null) {
    const game = new this.rules.Game(variant, fen ?? undefined);
    this.replace(game, variant);
    this.emit('new');
  }

  /** Whether the game is over, on the board or by a result recorded in its PGN. */
  isOver() {
    return this.game.isGameOver() || this.record !== null;
  }

  /** The recorded result of an imported game that stops before its end, or null. */
  recordedResult() {
    return this.game.isGameOver() ? null : this.record;
  }

  /** Plays one action: a UCI/SAN string or {from, to, promotion}. Throws if illegal. */
  play(action) {
    if (this.record) throw new Error(`the game is over (${this.record})`);
    const time = this.timer?.();
    const move = this.game.move(action, time === undefined ? undefined : { time });
    this.verbose.push(move);
    if (this.redoStack.length && this.redoStack.at(-1) === move.lan) this.redoStack.pop();
    else this.redoStack = [];
    this.emit('move', move);
    return move;
  }

  canUndo() {
    // A fall is final: the clock that fell would only fall again.
    if (this.ending?.type === 'flag') return false;
    return this.verbose.length > 0 || this.ending !== null || this.record !== null;
  }

  /** Takes back the last action (or first a resignation, an agreed draw, a recorded result). */
  undo() {
    if (this.ending) {
      this.game.free();
      this.game = this.beforeEnding;
      this.beforeEnding = null;
      this.ending = null;
      this.emit('undo', null);
      return null;
    }
    if (this.record) {
      // Playing on from an imported finished game: its result no longer holds.
      this.record = null;
      this.game.setHeader('Result', '*');
      this.emit('undo', null);
      return null;
    }
    if (!this.verbose.length) return null;
    const move = this.verbose.pop();
    this.redoStack.push(move.lan);
    this.game.undo();
    this.emit('undo', move.lan);
    return move.lan;
  }

  canRedo() {
    return this.redoStack.length > 0 && !this.ending && !this.isOver();
  }

  redo() {
    if (!this.canRedo()) return null;
    return this.play(this.redoStack.at(-1)); // play() pops the matching redo entry
  }

  resign(color) {
    this.end({ type: 'resign', color }, (game) => game.resign(color));
  }

  agreeDraw() {
    this.end({ type: 'agree' }, (game) => game.agreeDraw());
  }

  claimDraw() {
    this.end({ type: 'claim' }, (game) => game.claimDraw());
  }

  /** Ends the game off the board, keeping the Game as it was for a take-back. */
  end(ending, apply) {
    const before = this.game.clone();
    try {
      apply(this.game);
    } catch (err) {
      before.free();
      throw err;
    }
    this.beforeEnding?.free();
    this.beforeEnding = before;
    this.ending = ending;
    this.emit('end');
  }

  /** Loads a FEN in the current variant. Throws the Game's typed error. */
  loadFen(fen) {
    this.newGame(this.variant, fen);
  }

  /**
   * Loads the first game of a PGN text. Without a [Variant] tag the current variant is
   * tried first, then orthodox chess. Throws the Game's typed error.
   */
  loadPgn(text) {
    const game = this.readPgn(text, this.variant);
    this.replace(game, game.variant());
    const result = game.getHeaders().Result;
    this.record = !game.isGameOver() && DECISIVE.has(result) ? result : null;
    this.emit('new');
  }

  readPgn(text, variant) {
    const game = new this.rules.Game(variant);
    const hasVariantTag = /^\s*\[\s*Variant\s/m.test(text);
    try {
      if (!hasVariantTag && variant !== 'chess') {
        try {
          game.loadPgn(`[Variant "${variant}"]\n${text}`);
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
    return game;
  }

  replace(game, variant) {
    const old = this.game;
    this.game = game;
    this.variant = variant;
    this.verbose = game.history({ verbose: true });
    this.startFen = this.verbose.length ? this.verbose[0].before : game.fen();
    this.redoStack = [];
    this.ending = null;
    this.beforeEnding?.free();
    this.beforeEnding = null;
    this.record = null;
    if (old && old !== game) old.free();
  }

  /** The game as plain JSON: its PGN (tags, comments, variations), the redo stack, the ending. */
  toJSON() {
    return this.stored(Infinity).data;
  }

  /**
   * What storage keeps of the game: `{data, dropped}`, `data` as toJSON() but with a PGN
   * of at most `maxPgn` characters where the moves allow, `dropped` what that left out
   * (null, 'side lines', 'comments', 'side lines and comments'). A game over the bound
   * needs `trimmer`, the stored-game.js module (loaded when needed): null without it.
   */
  stored(maxPgn = MAX_STORED_PGN, trimmer = null) {
    const source = this.beforeEnding ?? this.game;
    const whole = source.pgn();
    if (whole.length > maxPgn && !trimmer) return null;
    const { pgn, dropped } = whole.length > maxPgn ? trimmer.storedPgn(this.rules.Game, source, maxPgn, whole) : { pgn: whole, dropped: null };
    return {
      data: { version: 2, variant: this.variant, pgn, redo: this.redoStack, ending: this.ending, record: this.record },
      dropped,
    };
  }

  /**
   * Restores a saved game, keeping what can be kept: a game whose PGN does not replay
   * throws (and leaves this model unchanged); an ending that no longer applies, or a
   * redo stack or result of the wrong shape, is left out. Returns what was left out
   * (['its ending', ...]).
   */
  restore(data) {
    if (!data || data.version !== 2 || typeof data.variant !== 'string' || typeof data.pgn !== 'string') {
      throw new Error('the saved game has the wrong shape');
    }
    const game = this.readPgn(data.pgn, data.variant);
    const dropped = [];
    let ending = cleanEnding(data.ending);
    if (!ending && data.ending != null) dropped.push('its ending');
    let before = null;
    if (ending) {
      before = game.clone();
      try {
        applyEnding(game, ending);
      } catch {
        // The game stands as played; only the way it ended is lost.
        game.free();
        before.free();
        return this.restore({ ...data, ending: null }).concat('its ending');
      }
    }
    this.replace(game, game.variant());
    this.ending = ending;
    this.beforeEnding = before;
    this.record = !ending && !game.isGameOver() && DECISIVE.has(data.record) ? data.record : null;
    if (data.record != null && !DECISIVE.has(data.record)) dropped.push('its recorded result');
    const redoFine = Array.isArray(data.redo) && data.redo.every((token) => typeof token === 'string' && token.length <= 32);
    this.redoStack = redoFine ? data.redo.slice(0, 2000) : [];
    if (data.redo != null && !redoFine) dropped.push('the moves to redo');
    this.emit('new');
    return dropped;
  }

  /** The turn state, with the actions already played in the current turn. */
  currentTurn() {
    const state = this.game.turnState();
    const sofar = state.played > 0 ? this.verbose.slice(-state.played) : [];
    return { ...state, sofar };
  }

  /**
   * The actions of the last finished turn and of the turn in progress (the ones a
   * board marks, so a multi-action turn can be followed), as indices into `verbose`.
   */
  lastTurnIndices() {
    const moves = this.verbose;
    let i = moves.length - 1;
    const indices = [];
    // The turn in progress: actions after the last one that ended a turn.
    while (i >= 0 && !moves[i].endsTurn) indices.push(i--);
    // The last finished turn: back to the action that ended the turn before it.
    if (i >= 0) {
      indices.push(i--);
      while (i >= 0 && !moves[i].endsTurn) indices.push(i--);
    }
    return indices.reverse();
  }

  /**
   * The PGN of the game: the Game's own (imported tags, comments, NAGs, variations),
   * with `defaults` filling the tags it lacks or holds only as "?".
   */
  pgn(defaults = {}) {
    return this.game.pgn({ tags: this.filledTags(defaults) });
  }

  /** The tags of `defaults` the game lacks or holds only as "?": those `pgn(defaults)` adds. */
  filledTags(defaults = {}) {
    const headers = this.game.getHeaders();
    const tags = {};
    for (const [name, value] of Object.entries(defaults)) {
      if (typeof value === 'string' && /^[?.\s]*$/.test(headers[name] ?? '')) tags[name] = value;
    }
    return tags;
  }

  /** The player a tag of the game names for `side` ('w' or 'b'), or null when none is named. */
  playerTag(side) {
    const value = this.game.getHeaders()[side === 'w' ? 'White' : 'Black'] ?? '';
    return /^[?.\s]*$/.test(value) ? null : value.trim();
  }

  // ---- comments by ply (where a position's shapes are kept) ----------------------------

  /** The comment of the position after `ply` actions ('' when none). */
  commentAt(ply) {
    if (!this.comments) {
      // getComments() names positions by FEN, in game order: matched to plies in order,
      // so a repeated position takes the next ply that has it.
      this.comments = new Map();
      let ply = 0;
      for (const { fen, comment } of this.game.getComments()) {
        while (ply <= this.verbose.length && this.fenAt(ply) !== fen) ply++;
        if (ply > this.verbose.length) break;
        this.comments.set(ply++, comment);
      }
    }
    return this.comments.get(ply) ?? '';
  }

  fenAt(ply) {
    return ply === 0 ? this.startFen : this.verbose[ply - 1].after;
  }

  /**
   * Replaces the comment of the position after `ply` actions: the Game keeps comments
   * for its current position, so it steps back there and replays the same actions
   * (which keeps every later ply's notes). Fires no change: the position is the same.
   */
  setCommentAt(ply, text) {
    for (const game of [this.game, this.beforeEnding]) {
      if (!game) continue;
      const tokens = [];
      const length = game === this.game && this.ending ? null : this.verbose.length;
      if (length === null) continue; // the ended Game is rebuilt from beforeEnding below
      const times = game.timesUsed(); // replayed with their times, so the clocks stay
      for (let at = length; at > ply; at--) {
        tokens.push([this.verbose[at - 1].lan, times[at - 1]]);
        game.undo();
      }
      try {
        if (text) game.setComment(text);
        else game.removeComment();
      } finally {
        for (const [token, time] of tokens.reverse()) game.move(token, time === null ? undefined : { time });
      }
    }
    if (this.ending && this.beforeEnding) {
      // The resigned or drawn Game takes the comments of the one before its ending.
      const ended = this.beforeEnding.clone();
      applyEnding(ended, this.ending);
      this.game.free();
      this.game = ended;
    }
    this.comments = null;
  }

  emit(type, detail) {
    this.comments = null;
    this.dispatchEvent(new CustomEvent('change', { detail: { type, move: detail } }));
  }
}

/** Ends `game` as `ending` says (a resignation, an agreed or claimed draw, a flag fall). */
function applyEnding(game, ending) {
  if (ending.type === 'resign') game.resign(ending.color);
  else if (ending.type === 'flag') game.flag(ending.color);
  else if (ending.type === 'agree') game.agreeDraw();
  else game.claimDraw();
}

function cleanEnding(ending) {
  if (!ending || typeof ending !== 'object') return null;
  if ((ending.type === 'resign' || ending.type === 'flag') && (ending.color === 'w' || ending.color === 'b')) {
    return { type: ending.type, color: ending.color };
  }
  if (ending.type === 'agree' || ending.type === 'claim') return { type: ending.type };
  return null;
}
