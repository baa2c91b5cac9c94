// The page's controller: owns the game model, the settings and the selection, turns
// user intentions (select, move, take back, resign, ...) into model changes, and
// redraws every view from the model after each change. Input handling (input.js), the
// engine (engine-player.js) and the panels call into it; it never parses user text as
// HTML.

import { BoardView } from './board-view.js';
import { readPlacement } from './fen-board.js';
import { reboundPaths, rebounds } from './billiards-path.js';
import { renderMoveList } from './move-list.js';
import { renderPockets } from './pockets.js';
import { PromotionPicker } from './promotion.js';
import { announceText, outcomeText, statusText, turnText } from './status.js';
import { playSound } from './sound.js';
import { GAME_KEY, SETTINGS_KEY, load, save } from './storage.js';
import { LEVELS, levelById } from './levels.js';
import { VARIANT_HELP } from './variant-help.js';

const $ = (id) => document.getElementById(id);

const DEFAULT_SETTINGS = {
  mode: 'engine',
  color: 'w',
  level: 'casual',
  multipv: 3,
  analysis: false,
  muted: false,
};

export class Controller {
  constructor(model) {
    this.model = model;
    this.settings = { ...DEFAULT_SETTINGS, ...sanitizeSettings(load(SETTINGS_KEY)) };
    this.players = { mode: this.settings.mode, human: 'w' }; // of the game in play
    this.orientation = 'w';
    this.selection = null; // {origin: 'e2' | 'N@', board: 'a'|'b'|null}
    this.hover = null;
    this.drag = null; // {origin, board} while a piece is dragged
    this.animateNext = false;
    this.offer = null; // {by: 'w'|'b'} a draw offered in a game between friends
    this.engine = null; // EnginePlayer, set by main.js
    this.views = [];
    this.boardsHost = $('boards');
    this.picker = new PromotionPicker($('promotion'), this);
    model.addEventListener('change', (event) => this.onModelChange(event.detail));
  }

  // ---- set-up -------------------------------------------------------------------

  start() {
    this.fillChoosers();
    const saved = load(GAME_KEY);
    let restored = false;
    if (saved) {
      try {
        this.model.restore(saved);
        this.players = sanitizePlayers(saved.players, this.settings);
        this.orientation = saved.orientation === 'b' ? 'b' : 'w';
        restored = true;
      } catch (err) {
        console.warn('saved game ignored:', err?.message ?? err);
      }
    }
    if (!restored) this.newGame();
    else this.afterChange({ type: 'new' });
  }

  fillChoosers() {
    const variantSelect = $('variant');
    variantSelect.replaceChildren(
      ...this.model.variantList.map(({ id, name }) => {
        const option = document.createElement('option');
        option.value = id;
        option.textContent = name;
        return option;
      }),
    );
    const levelSelect = $('level');
    levelSelect.replaceChildren(
      ...LEVELS.map((level) => {
        const option = document.createElement('option');
        option.value = level.id;
        option.textContent = level.name;
        return option;
      }),
    );
    levelSelect.value = levelById(this.settings.level).id;
    $('multipv').value = String(this.settings.multipv);
    $('analysis-toggle').checked = this.settings.analysis;
    for (const input of document.querySelectorAll('input[name="mode"]')) {
      input.checked = input.value === this.settings.mode;
    }
    for (const input of document.querySelectorAll('input[name="color"]')) {
      input.checked = input.value === this.settings.color;
    }
  }

  // ---- game actions -----------------------------------------------------------

  /** A new game with the chosen variant, opponent, colour. */
  newGame(variant = $('variant').value || this.model.variant) {
    this.engine?.cancel();
    const mode = this.settings.mode;
    let human = this.settings.color;
    if (human === 'random') human = Math.random() < 0.5 ? 'w' : 'b';
    this.players = { mode, human };
    this.orientation = mode === 'engine' ? human : 'w';
    this.offer = null;
    this.selection = null;
    this.model.newGame(variant);
  }

  humanToAct() {
    const game = this.model.game;
    if (game.isGameOver() || this.picker.open) return false;
    if (this.players.mode === 'friend') return true;
    return game.turn() === this.players.human;
  }

  canAct() {
    return this.humanToAct() && !(this.engine?.thinking ?? false) && !this.offer;
  }

  dests() {
    if (!this.destCache) this.destCache = this.model.game.dests();
    return this.destCache;
  }

  /** Origins (squares or 'N@' drop keys) the side to act can use now. */
  isOrigin(origin) {
    return this.canAct() && this.dests().has(origin);
  }

  targetsOf(origin) {
    return this.dests().get(origin) ?? [];
  }

  select(origin, board = null) {
    this.selection = origin ? { origin, board } : null;
    this.hover = null;
    this.render();
  }

  clearSelection() {
    if (!this.selection && !this.hover) return;
    this.selection = null;
    this.hover = null;
    this.render();
  }

  setHover(square) {
    if (this.hover === square) return;
    this.hover = square;
    if (this.model.facts().reboundingDiagonals) this.render();
  }

  /**
   * Plays origin -> target for the human: asks for the piece when several promotions
   * are legal. Returns true when something was played (or a picker opened).
   */
  tryMove(origin, target, { dragged = false } = {}) {
    if (!this.canAct()) return false;
    const game = this.model.game;
    let candidates;
    if (origin.endsWith('@')) {
      candidates = game.legalMoves().filter((t) => t === `${origin}${target}`);
    } else {
      candidates = game
        .moves({ verbose: true, square: origin })
        .filter((m) => m.to === target)
        .map((m) => m.lan);
    }
    if (!candidates.length) {
      this.clearSelection();
      return false;
    }
    const promotions = candidates.filter((t) => /[nbrq]$/.test(t) && t.length === 5);
    if (promotions.length > 1) {
      this.selection = null;
      this.picker.show({
        square: target,
        color: game.turn(),
        choices: promotions.map((t) => ({ role: t.at(-1), token: t })),
        board: this.boardOfMove(origin),
      });
      this.render();
      return true;
    }
    this.playHuman(candidates[0], { dragged });
    return true;
  }

  playHuman(token, { dragged = false } = {}) {
    this.selection = null;
    this.animateNext = !dragged;
    try {
      this.model.play(token);
    } catch (err) {
      this.showError(err);
      playSound('error', this.settings.muted);
    }
  }

  /** Plays an action chosen by the engine. */
  playEngine(token) {
    this.animateNext = true;
    this.model.play(token);
  }

  /** A move typed in the SAN box. */
  playTyped(text) {
    const trimmed = text.trim();
    if (!trimmed) return false;
    if (!this.canAct()) {
      this.showError(new Error('It is not your turn.'));
      return false;
    }
    try {
      this.animateNext = true;
      this.model.play(trimmed);
      return true;
    } catch (err) {
      this.showError(new Error(`“${trimmed.slice(0, 40)}” is not a legal move here.`));
      return false;
    }
  }

  takeBack() {
    this.engine?.cancel();
    this.picker.close();
    this.offer = null;
    const model = this.model;
    if (!model.canUndo()) return;
    this.batch(() => {
      if (model.ending) {
        model.undo();
        return;
      }
      model.undo();
      if (this.players.mode === 'engine') {
        // Back to the start of one of the person's turns.
        while (model.actions.length && !this.atHumanTurnStart()) model.undo();
      }
    });
  }

  /** Runs several model changes as one: the engine looks at the result only. */
  batch(changes) {
    this.batching = true;
    try {
      changes();
    } finally {
      this.batching = false;
    }
    this.engine?.sync();
  }

  atHumanTurnStart() {
    const turn = this.model.game.turnState();
    return turn.side === this.players.human && turn.played === 0 && turn.phase !== 'push';
  }

  redo() {
    this.engine?.cancel();
    const model = this.model;
    if (!model.canRedo()) return;
    this.batch(() => {
      model.redo();
      if (this.players.mode === 'engine') {
        while (model.canRedo() && !this.atHumanTurnStart()) model.redo();
      }
    });
  }

  flip() {
    this.orientation = this.orientation === 'w' ? 'b' : 'w';
    this.saveGame();
    this.render();
  }

  resign() {
    if (this.model.game.isGameOver()) return;
    const color = this.players.mode === 'engine' ? this.players.human : this.model.game.turn();
    this.engine?.cancel();
    this.model.resign(color);
  }

  async offerDraw() {
    const game = this.model.game;
    if (game.isGameOver()) return;
    if (this.players.mode === 'friend') {
      this.offer = { by: game.turn() };
      this.render();
      return;
    }
    const accepted = await this.engine?.considerDraw();
    if (accepted) {
      this.model.agreeDraw();
      this.announce('The computer accepts the draw.');
    } else {
      this.flash('The computer declines the draw and plays on.');
    }
  }

  answerOffer(accept) {
    if (!this.offer) return;
    this.offer = null;
    if (accept) this.model.agreeDraw();
    else this.render();
  }

  claimDraw() {
    try {
      this.engine?.cancel();
      this.model.claimDraw();
    } catch (err) {
      this.showError(err);
    }
  }

  setLevel(id) {
    this.settings.level = levelById(id).id;
    this.saveSettings();
  }

  setSetting(name, value) {
    this.settings[name] = value;
    this.saveSettings();
    this.render();
  }

  // ---- change handling ------------------------------------------------------------

  onModelChange(detail) {
    this.afterChange(detail);
  }

  afterChange({ type, move }) {
    this.destCache = null;
    this.hideError();
    if (type === 'new') {
      this.selection = null;
      $('variant').value = this.model.variant;
    }
    if (type === 'move' && move) {
      this.soundFor(move);
      this.announce(announceText(move, this.model));
    } else if (type === 'end') {
      playSound('end', this.settings.muted);
      this.announce(`${statusText(this.model, this.statusOptions())}.`);
    }
    this.saveGame();
    this.render();
    if (!this.batching) this.engine?.sync();
  }

  soundFor(move) {
    const game = this.model.game;
    if (game.isGameOver()) playSound('end', this.settings.muted);
    else if (game.isCheck()) playSound('check', this.settings.muted);
    else if (move.captured) playSound('capture', this.settings.muted);
    else playSound('move', this.settings.muted);
  }

  saveGame() {
    save(GAME_KEY, { ...this.model.toJSON(), players: this.players, orientation: this.orientation });
  }

  saveSettings() {
    save(SETTINGS_KEY, this.settings);
  }

  statusOptions() {
    return { mode: this.players.mode, human: this.players.human, thinking: this.engine?.thinking ?? false };
  }

  // ---- drawing --------------------------------------------------------------------

  ensureViews() {
    const alice = this.model.facts().boards === 2;
    const wanted = alice ? ['a', 'b'] : [null];
    if (this.views.length === wanted.length && this.views.every((v, i) => v.boardId === wanted[i])) return;
    this.boardsHost.replaceChildren();
    this.boardsHost.classList.toggle('two-boards', alice);
    this.views = wanted.map(
      (id) =>
        new BoardView(this.boardsHost, {
          boardId: id,
          label: id ? `Board ${id.toUpperCase()}` : 'Chess board',
        }),
    );
    if (alice) {
      for (const view of this.views) {
        const caption = document.createElement('div');
        caption.className = 'board-caption';
        caption.textContent = `Board ${view.boardId.toUpperCase()}`;
        view.root.prepend(caption);
      }
    }
  }

  /** Which board a piece standing on `square` is on (Alice), else null. */
  boardOf(square) {
    if (this.model.facts().boards !== 2) return null;
    return this.pieceMap().get(square)?.board ?? null;
  }

  boardOfMove(origin) {
    return this.boardOf(origin);
  }

  pieceMap() {
    if (!this.pieceCache || this.pieceCacheFen !== this.model.game.fen()) {
      const map = new Map();
      for (const row of this.model.game.board()) {
        for (const cell of row) {
          if (cell) map.set(cell.square, { type: cell.type, color: cell.color, board: cell.board ?? 'a' });
        }
      }
      this.pieceCache = map;
      this.pieceCacheFen = this.model.game.fen();
    }
    return this.pieceCache;
  }

  render() {
    const model = this.model;
    const game = model.game;
    this.ensureViews();
    document.body.dataset.variant = model.variant;
    document.getElementById('eval-bar').classList.toggle('flipped', this.orientation === 'b');
    const pieces = this.pieceMap();
    const last = model.verbose.at(-1) ?? null;
    const turn = game.turnState();
    const canAct = this.canAct();
    const dests = canAct ? this.dests() : new Map();
    const checkSquare = game.isCheck() ? this.kingSquare(turn.side) : null;
    const pushable = canAct && turn.phase === 'push' ? new Set(dests.keys()) : new Set();
    const selected = this.selection;
    const selectedTargets = selected ? new Set(this.targetsOf(selected.origin)) : new Set();
    const movable = new Set(canAct ? [...dests.keys()].filter((k) => !k.endsWith('@')) : []);
    const paths = this.billiardsPaths(last, selected);
    const animate = this.animateNext && last ? last : null;
    this.animateNext = false;

    for (const view of this.views) {
      view.setOrientation(this.orientation);
      const id = view.boardId;
      const onThis = (sq) => !id || pieces.get(sq)?.board === id;
      const boardPieces = new Map([...pieces].filter(([, p]) => !id || p.board === id));
      let lastFrom = null;
      let lastTo = null;
      if (last) {
        if (!id) {
          lastFrom = last.kind === 'drop' || last.kind === 'promotion_choice' ? null : last.from;
          lastTo = last.to;
        } else {
          // Alice: the piece left `from` on one board and stands on `to` on the other.
          const arrival = last.board ?? 'b';
          lastTo = arrival === id ? last.to : null;
          lastFrom = arrival !== id ? last.from : null;
        }
      }
      const selectedHere = selected && !selected.origin.endsWith('@') && (!id || selected.board === id);
      view.render({
        pieces: boardPieces,
        lastFrom,
        lastTo,
        check: checkSquare && onThis(checkSquare) ? checkSquare : null,
        selected: selectedHere ? selected.origin : null,
        dests: selectedHere || (selected && selected.origin.endsWith('@') && (!id || id === 'a')) ? selectedTargets : new Set(),
        pushable: new Set([...pushable].filter(onThis)),
        movable: new Set([...movable].filter(onThis)),
        dragOrigin: this.drag && (!id || this.drag.board === id) ? this.drag.origin : null,
        paths: !id ? paths : [],
        animate: animate && this.animationFor(animate, view),
      });
    }
    renderPockets(this, game.hands(), canAct);
    this.renderPanel(turn);
    this.picker.sync();
  }

  animationFor(move, view) {
    if (!move.from || move.kind === 'promotion_choice' || move.kind === 'drop') return null;
    if (!view.boardId) return { from: move.from, to: move.to };
    const arrival = move.board ?? 'b';
    if (view.boardId !== arrival) return null;
    const fromView = this.views.find((v) => v.boardId !== arrival);
    return { from: move.from, to: move.to, fromView };
  }

  kingSquare(side) {
    for (const [square, piece] of this.pieceMap()) {
      if (piece.type === 'k' && piece.color === side) return square;
    }
    return null;
  }

  /** Billiards: the rebounding paths of the last move, or of the hovered destination. */
  billiardsPaths(last, selected) {
    if (!this.model.facts().reboundingDiagonals) return [];
    if (selected && this.hover && this.targetsOf(selected.origin).includes(this.hover)) {
      const piece = this.pieceMap().get(selected.origin);
      if (piece && (piece.type === 'b' || piece.type === 'q')) {
        const occupied = new Set(this.pieceMap().keys());
        return reboundPaths(selected.origin, this.hover, occupied).filter(rebounds);
      }
    }
    if (last && (last.piece === 'b' || last.piece === 'q') && last.kind === 'move') {
      const occupied = new Set(readPlacement(last.before).keys());
      return reboundPaths(last.from, last.to, occupied).filter(rebounds);
    }
    return [];
  }

  renderPanel(turn) {
    const model = this.model;
    const game = model.game;
    const options = this.statusOptions();
    $('status').textContent = statusText(model, options);
    const turnLine = turnText(model);
    $('turn-info').hidden = !turnLine;
    $('turn-info').textContent = turnLine ?? '';
    renderMoveList($('moves'), model.pgn(), model.comments);

    const over = game.isGameOver();
    const thinking = options.thinking;
    $('undo').disabled = !model.canUndo();
    $('redo').disabled = !model.canRedo();
    $('resign').disabled = over;
    $('offer-draw').disabled = over || !this.humanToAct() || Boolean(this.offer);
    const claim = !over && this.humanToAct() ? game.claimableDraw() : null;
    $('claim-draw').hidden = !claim;
    $('claim-draw').textContent = claim === 'fifty_moves' ? 'Claim draw (50 moves)' : 'Claim draw (repetition)';
    $('move-now').hidden = !thinking;

    // Player names and thinking indicators, top and bottom follow the orientation.
    const bottom = this.orientation;
    const top = bottom === 'w' ? 'b' : 'w';
    $('name-bottom').textContent = this.playerName(bottom);
    $('name-top').textContent = this.playerName(top);
    const thinkingSide = thinking ? turn.side : null;
    $('thinking-bottom').hidden = thinkingSide !== bottom;
    $('thinking-top').hidden = thinkingSide !== top;
    $('player-bottom').classList.toggle('to-move', !over && turn.side === bottom);
    $('player-top').classList.toggle('to-move', !over && turn.side === top);

    const tag = (name) => (/^[?\s]*$/.test(model.tags[name] ?? '') ? '' : model.tags[name]);
    const players = tag('White') && tag('Black') ? `${tag('White')} – ${tag('Black')}` : '';
    const tagLine = [players, tag('Event')].filter(Boolean).join(' · ');
    $('game-tags').hidden = !tagLine;
    $('game-tags').textContent = tagLine;

    const offerBox = $('offer');
    offerBox.hidden = !this.offer;
    if (this.offer) {
      $('offer-text').textContent = `${this.offer.by === 'w' ? 'White' : 'Black'} offers a draw.`;
    }

    $('fen-out').value = game.fen();
    $('pgn-out').value = model.pgn(this.pgnTags());
    $('variant-help').textContent = VARIANT_HELP[model.variant] ?? '';
    const mute = $('mute');
    mute.setAttribute('aria-pressed', String(this.settings.muted));
    mute.title = this.settings.muted ? 'Sound off (click to turn on)' : 'Sound on (click to mute)';
    document.body.classList.toggle('muted', this.settings.muted);
    $('level-row').hidden = false;
  }

  playerName(side) {
    const tags = this.model.tags;
    const tagged = side === 'w' ? tags.White : tags.Black;
    if (tagged && !/^[?\s]*$/.test(tagged)) return tagged;
    if (this.players.mode === 'friend') return side === 'w' ? 'White' : 'Black';
    if (side === this.players.human) return 'You';
    return `Computer · ${levelById(this.settings.level).name}`;
  }

  pgnTags() {
    const date = new Date();
    const tags = {
      Site: 'alfiere',
      Date: `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}`,
      White: this.playerName('w'),
      Black: this.playerName('b'),
    };
    // Imported tags win, except the placeholders of an unknown value.
    for (const [name, value] of Object.entries(this.model.tags)) {
      if (!/^[?.\s]*$/.test(value)) tags[name] = value;
    }
    return tags;
  }

  // ---- messages -------------------------------------------------------------------

  announce(text) {
    const region = $('announce');
    region.textContent = '';
    // A fresh text node each time so repeated messages are read again.
    requestAnimationFrame(() => {
      region.textContent = text;
    });
  }

  showError(err) {
    const box = $('error');
    box.textContent = err?.message ?? String(err);
    box.hidden = false;
  }

  hideError() {
    const box = $('error');
    box.hidden = true;
    box.textContent = '';
  }

  flash(text) {
    this.announce(text);
    const box = $('error');
    box.textContent = text;
    box.hidden = false;
  }

  outcomeLine() {
    const outcome = this.model.game.outcome();
    return outcome ? outcomeText(outcome, this.model.facts()) : null;
  }
}

function sanitizeSettings(data) {
  if (!data || typeof data !== 'object') return {};
  const clean = {};
  if (data.mode === 'engine' || data.mode === 'friend') clean.mode = data.mode;
  if (['w', 'b', 'random'].includes(data.color)) clean.color = data.color;
  if (typeof data.level === 'string') clean.level = levelById(data.level).id;
  if ([1, 2, 3].includes(data.multipv)) clean.multipv = data.multipv;
  if (typeof data.analysis === 'boolean') clean.analysis = data.analysis;
  if (typeof data.muted === 'boolean') clean.muted = data.muted;
  return clean;
}

function sanitizePlayers(data, settings) {
  const mode = data?.mode === 'friend' || data?.mode === 'engine' ? data.mode : settings.mode;
  const human = data?.human === 'b' ? 'b' : 'w';
  return { mode, human };
}
