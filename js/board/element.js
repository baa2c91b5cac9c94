// <alfiere-board>: a chess board for every rule set of alfiere, as a framework-free
// custom element with an open shadow root. Attributes and properties say what to play
// (variant, fen, orientation, engine, level, movable, coordinates, sound, storage-key,
// piece-images, draw, warn, puzzle, premove, editor, time-control); methods change the
// game or play a puzzle; `shapes` and `autoShapes` hold the arrows and circles,
// `premoves` the actions queued while the engine thinks; `clock` reads the clocks
// (clock.js); `move`, `flag`, `gameover`, `change`, `error`, `shapes`, `thinking`,
// `ready`, `puzzlemove`, `solved`, `failed`, `premove` and `edit` events (bubbling,
// composed) tell the page what happened.
// Bad attribute values never throw into the host page: the board shows a message and
// fires `error`. This module defines no element; index.js does.

import { GameModel, MAX_STORED_PGN } from './game-model.js';
import { BoardController } from './controller.js';
import { attachInput } from './input.js';
import { levelFrom, DEFAULT_LEVEL } from './levels.js';
import { keepText, read as readStored, remove as removeStored, store as storeGame } from './storage.js';
import { loadRules } from './rules.js';
import { queueFor, sharedEngine, EngineQueue } from './engine-queue.js';
import { BOARD_CSS } from './styles.js';
import { CLOCK_CSS } from './clock-styles.js';
import { BoardClock } from './clock.js';
import { prepareAudio, unlockAudio } from './sound.js';
import { el } from './dom.js';
import { COLOR_NAMES as NAMES } from './pieces.js';

const COLORS = { white: 'w', black: 'b', w: 'w', b: 'b' };
const OFF = new Set(['false', 'off', 'no', '0', 'none']);

let sheet = null;

/** stored-game.js, loaded when a board first stores a game too large to store whole (or finds storage full). */
let trimmer = null;
let trimmerLoading = null;
function loadTrimmer() {
  trimmerLoading ??= import('./stored-game.js').then((module) => (trimmer = module));
  return trimmerLoading;
}

/** One parsed stylesheet for every board (adopted, so a strict CSP needs no inline style). */
function adoptStyles(root) {
  if (typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in root) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(BOARD_CSS + CLOCK_CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement('style');
    style.textContent = BOARD_CSS + CLOCK_CSS;
    root.append(style);
  }
}

/** A typed error for a bad attribute or argument, like the core's errors. */
function boardError(name, message) {
  const error = new Error(message);
  error.name = name;
  return error;
}

// Outside a browser (server-side rendering, Node) the module still loads; nothing is defined.
const ElementBase = globalThis.HTMLElement ?? class {};

export class AlfiereBoard extends ElementBase {
  static get observedAttributes() {
    return ['variant', 'fen', 'orientation', 'engine', 'level', 'movable', 'coordinates', 'sound', 'storage-key', 'piece-images', 'engine-worker', 'draw', 'warn', 'puzzle',
      'premove', 'editor', 'time-control'];
  }

  #ui = null;
  #controller = null;
  #model = null;
  #rules = null;
  #ready = null;
  #resolveReady = null;
  #ownQueue = null;
  #engineInstance = null;
  #reason = null; // why the next 'new' change happens: 'reset', 'load', 'variant'
  #clock = null; // the clocks of a timed game (clock.js)

  constructor() {
    super();
    this.settings = {
      engineSide: null,
      humanSides: new Set(['w', 'b']),
      level: DEFAULT_LEVEL,
      sound: false,
      coordinates: true,
      pieceImages: null,
      draw: true,
      warn: true,
      premove: false,
      editor: false,
      timeControl: null, // the time-control attribute's text; null: no clock
    };
    this.#ready = new Promise((resolve) => {
      this.#resolveReady = resolve;
    });
  }

  // ---- lifecycle ------------------------------------------------------------------

  connectedCallback() {
    if (!this.#ui) this.#build();
    if (this.#controller) {
      this.#clock.connect();
      this.#controller.render();
      this.#controller.engine.sync();
      return;
    }
    // A microtask later, so a page can configure the loaders after importing this module.
    queueMicrotask(() => this.#start());
  }

  disconnectedCallback() {
    this.#savePending();
    this.#controller?.engine.cancel();
    this.#controller?.picker.close();
    this.#clock?.disconnect();
  }

  attributeChangedCallback(name, oldValue, value) {
    if (oldValue === value) return;
    this.#readSetting(name, value);
    if (!this.#controller) return;
    const controller = this.#controller;
    switch (name) {
      case 'fen':
        // While editing, a FEN is a position to edit (it need not be legal yet).
        if (controller.editing()) this.#editFen(value);
        else {
          this.#reason = 'reset';
          this.#startGame();
        }
        break;
      case 'variant':
        this.#reason = 'variant';
        this.#startGame();
        if (controller.editing()) controller.editor.open(this.#model.game.fen());
        break;
      case 'editor':
        this.#syncEditor();
        break;
      case 'orientation':
        controller.orientation = COLORS[this.getAttribute('orientation')] ?? controller.orientation;
        this.#saveSoon();
        controller.render();
        this.#clock.render();
        break;
      case 'time-control':
        // A game under way keeps its clock; a game not begun takes the new one.
        if (!this.#model.verbose.length && !this.#model.isOver()) this.#applyTimeControl();
        break;
      case 'storage-key':
        this.#cancelSave();
        this.#save();
        break;
      default:
        controller.render();
        controller.engine.sync();
    }
  }

  /** Resolves with the element once the rules are loaded and the board takes clicks. */
  get ready() {
    return this.#ready;
  }

  #build() {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open', delegatesFocus: false });
    adoptStyles(root);
    // Each part is kept in the ui object under its key (the controller's names for them).
    const ui = { root };
    const part = (key, tag, className, attrs, text) => (ui[key] = el(tag, className, attrs, text));
    const player = (where, Where) =>
      part(`player${Where}`, 'div', `player ${where}`, { part: `player player-${where}` }).append(
        part(`name${Where}`, 'span', 'name', { part: 'player-name' }),
        part(`thinking${Where}`, 'span', 'thinking', { part: 'thinking', hidden: '' }, 'thinking'),
      );
    player('top', 'Top');
    player('bottom', 'Bottom');
    root.append(part('frame', 'div', 'frame', { part: 'frame' }));
    ui.frame.append(
      ui.playerTop,
      part('pocketTop', 'div', 'pocket top', { part: 'pocket pocket-top', hidden: '' }),
      part('boards', 'div', 'boards', { part: 'boards' }),
      part('pocketBottom', 'div', 'pocket bottom', { part: 'pocket pocket-bottom', hidden: '' }),
      ui.playerBottom,
      part('status', 'p', 'status-line', { part: 'status', role: 'status' }, 'Loading…'),
      part('turn', 'p', 'turn-line', { part: 'turn', hidden: '' }),
      part('message', 'p', 'message', { part: 'message', role: 'alert', hidden: '' }),
      part('promotion', 'div', 'promotion', { role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Choose a piece', part: 'promotion', hidden: '' }),
      part('announce', 'div', 'visually-hidden', { 'aria-live': 'polite', 'aria-atomic': 'true' }),
    );
    this.#ui = ui;
    if (this.#pendingMessage) this.#showMessage(this.#pendingMessage);
  }

  #showMessage(text) {
    this.#ui.message.textContent = text;
    this.#ui.message.hidden = false;
  }

  #pendingMessage = null;

  async #start() {
    if (this.#controller || this.#starting) return;
    this.#starting = true;
    try {
      this.#rules = await loadRules();
    } catch (err) {
      this.#starting = false;
      this.#ui.status.textContent = 'The board could not start.';
      this.#fail('WasmLoadError', `the rules could not be loaded: ${err?.message ?? err}`);
      return;
    }
    this.#model = new GameModel(this.#rules);
    // Before the controller: the clocks count a new turn before the engine is asked to play.
    this.#clock = new BoardClock(this.#model, this.#ui, this);
    this.#controller = new BoardController(this.#model, this.#ui, this);
    this.#clock.controller = this.#controller;
    this.#controller.clock = this.#clock; // the engine player reads its clock there
    this.#clock.connect();
    this.#controller.orientation = COLORS[this.getAttribute('orientation')] ?? 'w';
    attachInput(this.#controller);
    const restored = this.#restore();
    if (!restored.ok) {
      this.#reason = 'reset';
      this.#startGame({ quiet: true });
    }
    // Said after the new game is set up (a change clears the board's message line).
    if (restored.problem) this.#fail('StorageError', restored.problem);
    this.#controller.render();
    this.#controller.engine.sync();
    if (this.settings.editor) this.#syncEditor();
    for (const [name, list] of Object.entries(this.#early)) this.#setShapes(name, list);
    this.#early = {};
    this.#resolveReady(this);
    this.notify('ready', {});
    prepareAudio(!this.settings.sound);
  }

  #starting = false;

  /** A new game from the `variant` and `fen` attributes; a bad one shows a message. */
  #startGame({ quiet = false } = {}) {
    const variant = this.getAttribute('variant') || 'chess';
    const fen = this.getAttribute('fen')?.trim() || null;
    const model = this.#model;
    this.#controller.engine.cancel();
    const known = model.variantList.some((v) => v.id === variant);
    if (!known) {
      if (quiet) model.newGame(model.variant);
      this.#fail('UnknownVariantError', `unknown variant “${variant.slice(0, 40)}”: expected one of ${model.variantList.map((v) => v.id).join(', ')}`);
      return;
    }
    try {
      model.newGame(variant, fen);
    } catch (err) {
      model.newGame(variant);
      this.#fail(err?.name ?? 'InvalidFenError', `the fen attribute is not a position of ${model.facts(variant).name}: ${err?.message ?? err}`);
    }
    this.#applyTimeControl();
  }

  /** Times the game not yet begun by the time-control attribute; a bad one is reported. */
  #applyTimeControl() {
    try {
      this.#model.game.setTimeControl(this.settings.timeControl ?? 'none');
    } catch (err) {
      this.#model.game.setTimeControl('none');
      this.#fail(err?.name ?? 'InvalidTimeControlError', `time-control must be none or a PGN TimeControl like 300+3: ${err?.message ?? err}`);
    }
    this.#clock.sync();
    this.#controller.render();
    this.#save();
  }

  /** Reads one attribute into the settings; a bad value is reported and ignored. */
  #readSetting(name, value) {
    const settings = this.settings;
    const text = value?.trim().toLowerCase() ?? null;
    let expected = null; // what a bad value should have been
    switch (name) {
      case 'engine':
        if (text === null || text === '' || text === 'none') settings.engineSide = null;
        else if (COLORS[text]) settings.engineSide = COLORS[text];
        else expected = 'white, black or none';
        break;
      case 'movable': {
        const sides = { white: ['w'], black: ['b'], both: ['w', 'b'], none: [] }[text ?? 'both'];
        if (sides) settings.humanSides = new Set(sides);
        else expected = 'white, black, both or none';
        break;
      }
      case 'level': {
        const level = text === null ? DEFAULT_LEVEL : levelFrom(text);
        if (level) settings.level = level;
        else expected = 'a name (beginner … full) or a number 0-20';
        break;
      }
      case 'orientation':
        if (text !== null && !COLORS[text]) expected = 'white or black';
        break;
      case 'engine-worker':
        if (text !== null && text !== 'shared' && text !== 'own') expected = 'shared or own';
        break;
      case 'sound':
        settings.sound = text !== null && !OFF.has(text);
        // Turned on after the start, most often by a page's sound button: the sounds may
        // start at once (a context made now comes after the frame, not in the press).
        if (this.#controller) unlockAudio(!settings.sound);
        break;
      case 'premove':
      case 'editor':
        settings[name] = text !== null && !OFF.has(text);
        if (name === 'premove' && !settings.premove) this.#controller?.premove.clear('cancelled');
        break;
      case 'coordinates':
      case 'draw':
      case 'warn':
        settings[name] = text === null || !OFF.has(text);
        if (!settings.draw) this.#controller?.cancelStroke?.();
        break;
      case 'piece-images':
        settings.pieceImages = value?.trim() || null;
        break;
      case 'time-control':
        settings.timeControl = text && text !== 'none' ? value.trim() : null;
        break;
      case 'puzzle':
        this.loadPuzzle(value).catch(() => {}); // reported by an `error` event
        break;
      default:
    }
    if (expected) this.#fail('InvalidArgumentError', `${name} must be ${expected}, not “${value.slice(0, 20)}”`);
    // Queued for a game against the engine: another opponent or side makes them no one's.
    if (name === 'engine' || name === 'movable') this.#controller?.premove.clear('cancelled');
  }

  // ---- what the controller and the engine player call -------------------------------

  /** The engine queue this board plays on: given, its own, or the page's shared one. */
  engineQueue() {
    if (this.#engineInstance) return queueFor(this.#engineInstance);
    if (this.getAttribute('engine-worker')?.trim().toLowerCase() === 'own') {
      this.#ownQueue ??= new EngineQueue();
      return this.#ownQueue;
    }
    return sharedEngine();
  }

  /** Fires a bubbling, composed CustomEvent. */
  notify(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** The model changed (controller's afterChange): save and tell the page. */
  changed(type, move) {
    this.#saveSoon();
    const game = this.#model.game;
    if (type === 'move' && move) {
      this.notify('move', { san: move.san, lan: move.lan, fen: move.after, color: move.color, turnState: game.turnState(), move });
      if (game.isGameOver()) this.notify('gameover', { outcome: game.outcome() });
    } else if (type === 'end') {
      this.notify('gameover', { outcome: game.outcome() });
    } else if (type === 'undo') {
      this.notify('change', { reason: 'undo', fen: game.fen() });
    } else if (type === 'new') {
      this.notify('change', { reason: this.#reason ?? 'load', fen: game.fen() });
      this.#reason = null;
      // A loaded game that is already over says so, as a finished game would.
      if (this.#model.isOver()) this.notify('gameover', { outcome: game.outcome(), result: this.#model.record ?? undefined });
    }
  }

  #fail(name, message) {
    const error = boardError(name, message);
    if (this.#ui) this.#showMessage(message);
    else this.#pendingMessage = message;
    // After the current call, so a bad attribute set in a constructor reaches listeners.
    queueMicrotask(() => this.notify('error', { error, message }));
    return error;
  }

  /** The person's shapes changed (drawn, or set by the page): save, and tell the page of a stroke. */
  shapesChanged(shapes, gesture) {
    this.#saveSoon();
    if (gesture) this.notify('shapes', { shapes, ply: this.#controller.shownPly() });
  }

  // ---- storage --------------------------------------------------------------------

  /**
   * Saves in a task of its own, once for a burst of changes (so an import or a restore
   * is not held up by it); a page being left, or a board taken out of it, saves at once.
   */
  #saveSoon() {
    if (this.#saveTimer !== null || !this.getAttribute('storage-key')) return;
    this.#saveTimer = setTimeout(this.#savePending, 0);
    globalThis.addEventListener?.('pagehide', this.#savePending);
  }

  #saveTimer = null;

  /** The save waiting, done now (nothing if none waits). */
  #savePending = () => {
    if (this.#saveTimer === null) return;
    this.#cancelSave();
    this.#save();
  };

  #cancelSave() {
    clearTimeout(this.#saveTimer);
    this.#saveTimer = null;
    globalThis.removeEventListener?.('pagehide', this.#savePending);
  }

  #save() {
    const key = this.getAttribute('storage-key');
    if (!key || !this.#model) return;
    const orientation = this.#controller.orientation;
    const whole = this.#model.stored(MAX_STORED_PGN, trimmer);
    // A game too large to store whole: saved once the module that trims it is here.
    if (!whole) return loadTrimmer().then(() => this.#saveSoon());
    let { data, dropped } = whole;
    let result = storeGame(key, { version: 1, game: data, orientation });
    let full = false;
    if (result === 'full') {
      // Full: the moves without the notes may still fit, and are what matters most.
      if (!trimmer) return loadTrimmer().then(() => this.#saveSoon());
      full = true;
      ({ data, dropped } = this.#model.stored(0, trimmer));
      result = storeGame(key, { version: 1, game: data, orientation });
    }
    let notice = null;
    if (result === 'full') notice = 'This game could not be saved: the browser’s storage is full. A reload would show it as it was last saved; download its PGN to keep it.';
    else if (result === 'unavailable') notice = 'This browser does not let the board save the game: it will be lost when the page is closed.';
    else if (dropped && full) notice = `The browser’s storage is full: this game is saved without its ${dropped}, which a reload will not show; download its PGN to keep them.`;
    else if (dropped) notice = `This game is too large to keep whole in this browser: it is saved without its ${dropped}, which a reload will not show.`;
    // Said once, not at every move; said again after a save that went well.
    if (notice && notice !== this.#storageNotice) this.#fail('StorageError', notice);
    this.#storageNotice = notice;
  }

  /** The last thing said about saving the game (null: the last save went well). */
  #storageNotice = null;

  /** Restores the stored game: {ok, problem}, `problem` what to tell the person (or null). */
  #restore() {
    const key = this.getAttribute('storage-key');
    if (!key) return { ok: false, problem: null };
    const stored = readStored(key);
    if (stored.status === 'absent') return { ok: false, problem: null };
    try {
      const data = stored.value;
      if (stored.status !== 'ok' || !data || typeof data !== 'object' || data.version !== 1) throw new Error('it is not a saved game of this board');
      this.#reason = 'load';
      const dropped = this.#model.restore(data.game);
      if (data.orientation === 'w' || data.orientation === 'b') this.#controller.orientation = data.orientation;
      return { ok: true, problem: dropped.length ? `The saved game was read back without ${dropped.join(' and ')}, which could not be read.` : null };
    } catch (err) {
      this.#reason = null;
      // Kept beside the key, so the next save does not overwrite it.
      const kept = keepText(`${key}.unreadable`, stored.text ?? '');
      const where = kept ? ` It is kept in this browser's storage under “${key}.unreadable”.` : '';
      return { ok: false, problem: `The saved game could not be read back (${String(err?.message ?? err).slice(0, 120)}); a new game is shown.${where}` };
    }
  }

  // ---- properties ---------------------------------------------------------------------

  #attr(name, value) {
    if (value === null || value === undefined || value === false) this.removeAttribute(name);
    else this.setAttribute(name, value === true ? '' : String(value));
  }

  get variant() {
    return this.#model?.variant ?? (this.getAttribute('variant') || 'chess');
  }

  set variant(value) {
    this.#attr('variant', value);
  }

  /** The current position (setting it starts a game from that position); while
   * editing, the edited position (setting it edits that one). */
  get fen() {
    if (this.#controller?.editing()) return this.#controller.editor.fen();
    return this.#model?.game.fen() ?? this.getAttribute('fen') ?? null;
  }

  set fen(value) {
    this.#attr('fen', value);
  }

  get orientation() {
    return NAMES[this.#controller?.orientation ?? COLORS[this.getAttribute('orientation')] ?? 'w'];
  }

  set orientation(value) {
    this.#attr('orientation', value);
  }

  get engine() {
    return this.settings.engineSide ? NAMES[this.settings.engineSide] : 'none';
  }

  set engine(value) {
    this.#attr('engine', value);
  }

  get level() {
    return this.settings.level.id;
  }

  set level(value) {
    this.#attr('level', value);
  }

  get movable() {
    const sides = this.settings.humanSides;
    return sides.size === 2 ? 'both' : sides.size === 0 ? 'none' : NAMES[[...sides][0]];
  }

  set movable(value) {
    this.#attr('movable', value);
  }

  get coordinates() {
    return this.settings.coordinates;
  }

  set coordinates(value) {
    this.#attr('coordinates', value ? null : 'false');
  }

  get sound() {
    return this.settings.sound;
  }

  set sound(value) {
    this.#attr('sound', value ? 'on' : null);
  }

  get storageKey() {
    return this.getAttribute('storage-key');
  }

  set storageKey(value) {
    this.#attr('storage-key', value);
  }

  get pieceImages() {
    return this.settings.pieceImages;
  }

  set pieceImages(value) {
    this.#attr('piece-images', value);
  }

  /** An Engine (from 'alfiere/engine') to play on instead of the shared one; boards given
   * the same Engine take turns on it. */
  get engineInstance() {
    return this.#engineInstance;
  }

  set engineInstance(engine) {
    if (engine !== null && engine !== undefined && typeof engine?.analyse !== 'function') {
      throw boardError('InvalidArgumentError', 'engineInstance must be an Engine from alfiere/engine, or null');
    }
    this.#controller?.engine.cancel();
    this.#engineInstance = engine ?? null;
    this.#controller?.engine.sync();
  }

  /**
   * The person's arrows and circles on the shown position ([{from, to, brush}, {square,
   * brush}], see shapes.js); kept in the position's PGN comment as [%cal]/[%csl].
   * Setting an array or a "Ge2e4,Rd4" string replaces them; a bad list fires `error`
   * and changes nothing.
   */
  get shapes() {
    return this.#controller?.userShapes() ?? [];
  }

  set shapes(list) {
    this.#setShapes('shapes', list);
  }

  /** Sets a list of shapes (kept until the board is ready); a bad one fires `error`. */
  #setShapes(name, list) {
    const controller = this.#controller;
    if (!controller) {
      this.#early[name] = list;
      return;
    }
    try {
      if (name === 'shapes') controller.setUserShapes(list);
      else controller.setAutoShapes(list);
    } catch (err) {
      this.#fail(err.name, `${name}: ${err.message}`);
    }
  }

  #early = {}; // shapes set before the board was ready

  /** The program's shapes (engine arrows, hints), drawn under the person's and never saved. */
  get autoShapes() {
    return this.#controller ? [...this.#controller.autoShapes] : [];
  }

  set autoShapes(list) {
    this.#setShapes('autoShapes', list);
  }

  /** Whether a person may draw shapes (the `draw` attribute; `draw="none"` turns it off). */
  get draw() {
    return this.settings.draw;
  }

  set draw(value) {
    this.#attr('draw', value ? null : 'none');
  }

  /** Whether the board asks before an action that leaves the own king attacked (`warn="none"`: never). */
  get warn() {
    return this.settings.warn;
  }

  set warn(value) {
    this.#attr('warn', value ? null : 'none');
  }

  /**
   * Why the side to act may not play `from` → `to`, or a move typed as text
   * (`explain('Bb5+')`): the core's reason, said in the board's message line with its
   * pieces drawn for a moment; null when it may (or the text names no piece).
   */
  explain(from, to) {
    const controller = this.#need();
    if (typeof from !== 'string' || (to !== undefined && typeof to !== 'string')) {
      throw boardError('InvalidArgumentError', 'explain takes a move as text, or two strings: from (a square or N@) and to');
    }
    return controller.explain(from, to);
  }

  /** The time control (the `time-control` attribute: a PGN TimeControl like `300+3`, or `none`). */
  get timeControl() {
    return this.settings.timeControl ?? 'none';
  }

  set timeControl(value) {
    this.#attr('time-control', value);
  }

  /**
   * The clocks now, `{w, b, running}`: each side's time left in milliseconds and the
   * side whose clock runs ('w' | 'b' | null); null when the game has no clock.
   */
  get clock() {
    return this.#clock?.snapshot() ?? null;
  }

  /** What the clocks read the time from: an object with `now()` in milliseconds
   * (`performance` by default). Tests and replays set their own. */
  get timeSource() {
    return this.#clock?.source ?? globalThis.performance;
  }

  set timeSource(source) {
    this.#need();
    try {
      this.#clock.setSource(source);
    } catch (err) {
      throw boardError('InvalidArgumentError', err.message);
    }
  }

  /** The underlying wasm Game (read it freely; change the game through the board's methods). */
  get game() {
    return this.#model?.game ?? null;
  }

  /** The actions played, as verbose moves. */
  history() {
    return this.#model ? [...this.#model.verbose] : [];
  }

  /** Whether the engine is thinking about its next action. */
  get thinking() {
    return this.#controller?.engine.thinking ?? false;
  }

  /** The status line's text ("White to move", "Black wins by checkmate"). */
  get status() {
    return this.#ui?.status.textContent ?? '';
  }

  /** Whether the game is over (on the board, by resignation or agreement, or as recorded in its PGN). */
  get over() {
    return this.#model?.isOver() ?? false;
  }

  /** The rule sets a board can play: [{id, name, boards, ...}]. */
  get variants() {
    return this.#model?.variantList ?? [];
  }

  // ---- methods ------------------------------------------------------------------------

  #need() {
    if (!this.#controller) throw boardError('NotReadyError', 'the board is not ready yet: await board.ready');
    return this.#controller;
  }

  /** Plays an action (SAN, UCI or {from, to, promotion}) for the side to act; returns the verbose move. */
  move(action) {
    const controller = this.#need();
    return this.#change(() => {
      controller.selection = null;
      controller.animateNext = true;
      return this.#model.play(action);
    });
  }

  /** Runs a change of the game with the engine stopped; a refused one restarts it. */
  #change(change) {
    const engine = this.#need().engine;
    engine.cancel();
    try {
      return change();
    } catch (err) {
      this.#reason = null;
      engine.sync(); // nothing changed: the engine goes back to its turn, if it was
      throw err;
    }
  }

  /** Takes back: against the engine, to the start of the person's last turn. */
  undo() {
    const controller = this.#need();
    const model = this.#model;
    controller.engine.cancel();
    controller.picker.close();
    if (!model.canUndo()) return false;
    controller.batch(() => {
      if (model.ending || model.record) {
        model.undo();
        return;
      }
      model.undo();
      if (controller.engineSide) {
        while (model.verbose.length && !this.#atHumanTurnStart()) model.undo();
      }
    });
    return true;
  }

  /** Plays again what undo took back. */
  redo() {
    const controller = this.#need();
    const model = this.#model;
    controller.engine.cancel();
    if (!model.canRedo()) return false;
    controller.batch(() => {
      model.redo();
      if (controller.engineSide) {
        while (model.canRedo() && !this.#atHumanTurnStart()) model.redo();
      }
    });
    return true;
  }

  canUndo() {
    return this.#model?.canUndo() ?? false;
  }

  canRedo() {
    return this.#model?.canRedo() ?? false;
  }

  #atHumanTurnStart() {
    const turn = this.#model.game.turnState();
    return turn.side !== this.settings.engineSide && turn.played === 0 && turn.phase !== 'push';
  }

  /** A new game from the `variant` and `fen` attributes. */
  reset() {
    this.#need();
    this.#reason = 'reset';
    this.#startGame();
  }

  flip() {
    const controller = this.#need();
    this.#attr('orientation', NAMES[controller.orientation === 'w' ? 'b' : 'w']);
  }

  /** Loads a FEN in the current variant; throws the Game's typed error and changes nothing. */
  load(fen) {
    if (typeof fen !== 'string') throw boardError('InvalidArgumentError', `a FEN must be a string, not ${typeof fen}`);
    this.#change(() => {
      this.#reason = 'load';
      this.#model.loadFen(fen.trim());
    });
    this.#applyTimeControl();
  }

  /** Loads the first game of a PGN (its tags, comments and variations are kept); throws on bad PGN. */
  loadPgn(text) {
    if (typeof text !== 'string') throw boardError('InvalidArgumentError', `a PGN must be a string, not ${typeof text}`);
    this.#change(() => {
      this.#reason = 'load';
      this.#model.loadPgn(text);
    });
  }

  /** The PGN of the game; `tags` fill the tags the game lacks (imported ones win). */
  pgn({ tags = {} } = {}) {
    return this.#model.pgn(this.#exportTags(tags));
  }

  /** A copy of the game with the tags `pgn({tags})` writes (a `Game` the caller frees):
   * what an engine analyses with the game's notes, as data (`engine.analyseGame(copy)`). */
  gameWithTags({ tags = {} } = {}) {
    const filled = this.#model.filledTags(this.#exportTags(tags));
    const copy = this.#model.game.clone();
    for (const [name, value] of Object.entries(filled)) copy.setHeader(name, value);
    return copy;
  }

  /** The players' names and `tags`: the tags an exported game gets where it has none. */
  #exportTags(tags) {
    this.#need();
    if (tags === null || typeof tags !== 'object') throw boardError('InvalidArgumentError', 'pgn tags must be an object of strings');
    const names = { White: this.#controller.playerName('w'), Black: this.#controller.playerName('b') };
    return { ...names, ...tags };
  }

  /** Resigns for `color` (default: the person against the engine, else the side to act). */
  resign(color) {
    const controller = this.#need();
    if (color !== undefined && !COLORS[color]) {
      throw boardError('InvalidArgumentError', `resign takes white or black, not ${String(color).slice(0, 20)}`);
    }
    if (this.#model.isOver()) return false;
    const side = COLORS[color] ?? (controller.engineSide ? (controller.engineSide === 'w' ? 'b' : 'w') : this.#model.game.turn());
    controller.engine.cancel();
    this.#model.resign(side);
    return true;
  }

  /** Agrees a draw (between people, once the other side accepted an offer). */
  agreeDraw() {
    this.#change(() => this.#model.agreeDraw());
  }

  /** Claims a draw (threefold repetition, 50 moves); throws the Game's NoClaimError when none is due. */
  claimDraw() {
    this.#change(() => this.#model.claimDraw());
  }

  /** Offers the engine a draw: resolves true (and the game is drawn) when it accepts. */
  async offerDraw() {
    const controller = this.#need();
    if (!controller.engineSide || this.#model.isOver()) return false;
    const accepted = await controller.engine.considerDraw();
    if (accepted && !this.#model.isOver()) {
      this.#model.agreeDraw();
      return true;
    }
    return false;
  }

  /** Shows the position after `ply` actions, to look back through the game (null: back to the game). */
  review(ply) {
    const controller = this.#need();
    if (ply !== null && ply !== undefined && !(Number.isInteger(ply) && ply >= 0)) {
      throw boardError('InvalidArgumentError', `review takes a number of actions (0 or more) or null, not ${String(ply).slice(0, 20)}`);
    }
    controller.review(ply);
  }

  /** The number of actions shown while looking back, or null. */
  get reviewing() {
    return this.#controller?.reviewing ?? null;
  }

  /**
   * Shows a position outside the game for a while (an engine line played out):
   * `{fen, move, caption}`, where `move` (a verbose move) marks its squares and
   * `caption` is said in the turn line; null goes back to what was shown. The game is
   * untouched, and any change of it or a review() ends the preview. A FEN that is not a
   * position of the rule set throws the core's typed error and changes nothing.
   */
  preview(position) {
    const controller = this.#need();
    if (position === null || position === undefined) {
      if (controller.previewed) controller.showPreview(null);
      return;
    }
    if (typeof position !== 'object' || typeof position.fen !== 'string') {
      throw boardError('InvalidArgumentError', 'preview takes {fen, move, caption} or null');
    }
    this.#rules.placement(position.fen, this.#model.variant); // throws InvalidFenError for a bad one
    const move = position.move && typeof position.move.to === 'string' ? position.move : null;
    const caption = typeof position.caption === 'string' && position.caption ? position.caption : 'Preview.';
    controller.showPreview({ fen: position.fen, move, caption });
  }

  /** The FEN of the position previewed, or null. */
  get previewing() {
    return this.#controller?.previewed?.fen ?? null;
  }

  /** Makes the engine play its best action found so far. */
  moveNow() {
    this.#controller?.engine.moveNow();
  }

  // ---- puzzles (the player, puzzle-player.js, is loaded with the first puzzle) ----------

  #puzzler = null;

  /**
   * Plays a puzzle {variant, fen, moves, id?}, or its JSON text (null: ends it); resolves
   * with its state once the setup action is played (null if the puzzle ended before).
   * A bad one rejects with InvalidPuzzleError, fires `error` and changes nothing.
   */
  loadPuzzle(puzzle, options) {
    // Loaded once; a failed load is tried again by the next puzzle.
    this.#puzzler ??= this.#ready.then(() => import('./puzzle-player.js')).then(
      ({ PuzzlePlayer }) => new PuzzlePlayer(this.#controller, this),
      (err) => {
        this.#puzzler = null;
        throw err;
      },
    );
    const done = this.#puzzler.then((p) => p.load(puzzle, options));
    done.catch((err) => this.#fail(err.name, `puzzle: ${err.message}`));
    return done;
  }

  /** The puzzle in play and how it goes ({...puzzle, status, solver, mistakes, hintUsed, solved, failed}), or null. */
  get puzzle() {
    return this.#controller?.puzzle?.state() ?? null;
  }

  /** Circles the piece to move in the puzzle; returns {square, piece, drop, token, board} or null. */
  hint() {
    return this.#controller?.puzzle?.hint() ?? null;
  }

  /** Plays the rest of the puzzle's line (it counts as failed); resolves when it is on the board. */
  async showSolution() {
    return this.#controller?.puzzle?.showSolution() ?? false;
  }

  // ---- premoves (premove.js) and the position editor (editor.js, loaded when first on) ----

  /** Whether a person may queue actions while the engine thinks (the `premove` attribute). */
  get premove() {
    return this.settings.premove;
  }

  set premove(value) {
    this.#attr('premove', value ? '' : null);
  }

  /** The actions queued for the person's next turn, as UCI strings; setting a list
   * queues it (each must be an action of that turn after some reply of the engine),
   * [] cancels. A bad list fires `error` and changes nothing. */
  get premoves() {
    return this.#controller?.premove.tokens() ?? [];
  }

  set premoves(list) {
    const controller = this.#need();
    try {
      controller.premove.set(list ?? []);
    } catch (err) {
      this.#fail('InvalidArgumentError', `premoves: ${err.message}`);
    }
  }

  /** Whether the position editor is on (the `editor` attribute). */
  get editor() {
    return this.settings.editor;
  }

  set editor(value) {
    this.#attr('editor', value ? '' : null);
  }

  /** While editing: every problem the rule set finds in the edited position (none: it can be played). */
  get problems() {
    return this.#controller?.editing() ? this.#controller.editor.problems() : [];
  }

  #editorLoading = null;

  /** Opens or closes the editor as the `editor` attribute says; the game waits meanwhile. */
  #syncEditor() {
    const controller = this.#controller;
    if (!controller) return;
    if (!this.settings.editor) {
      controller.editor?.close();
      return;
    }
    controller.engine.cancel();
    controller.premove.clear('cancelled');
    this.#editorLoading ??= import('./editor.js').then(
      ({ PositionEditor }) => (controller.editor = new PositionEditor(controller)),
      (err) => {
        this.#editorLoading = null;
        this.#fail('EditorLoadError', `the editor could not be loaded: ${err?.message ?? err}`);
      },
    );
    this.#editorLoading.then((editor) => {
      if (editor && this.settings.editor && !editor.active) editor.open(this.#model.game.fen());
    });
  }

  /** A FEN set while editing: edited when it can be read, else an `error` and no change. */
  #editFen(value) {
    try {
      this.#controller.editor.load(value ?? '');
    } catch (err) {
      this.#fail(err?.name ?? 'InvalidFenError', `the fen attribute cannot be edited: ${err?.message ?? err}`);
    }
  }

  /** Forgets the stored game (the board itself is unchanged). */
  forget() {
    this.#cancelSave();
    const key = this.getAttribute('storage-key');
    if (key) removeStored(key);
  }
}

/**
 * Puts an <alfiere-board> into `container` with `options` (variant, fen, orientation,
 * engine, level, movable, coordinates, sound, storageKey, pieceImages, engineWorker,
 * engineInstance) and returns it.
 */
export function mountBoard(container, options = {}) {
  if (!container || typeof container.append !== 'function') {
    throw boardError('InvalidArgumentError', 'mountBoard needs an element to put the board in');
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw boardError('InvalidArgumentError', 'mountBoard options must be an object');
  }
  const board = document.createElement('alfiere-board');
  for (const option of ['variant', 'fen', 'orientation', 'engine', 'level', 'movable', 'storageKey', 'pieceImages', 'engineWorker', 'timeControl']) {
    const attribute = option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`); // storageKey: storage-key
    if (options[option] !== undefined && options[option] !== null) board.setAttribute(attribute, String(options[option]));
  }
  if (options.coordinates === false) board.setAttribute('coordinates', 'false');
  if (options.sound) board.setAttribute('sound', 'on');
  if (options.engineInstance) board.engineInstance = options.engineInstance;
  container.append(board);
  return board;
}
