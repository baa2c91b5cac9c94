// The page around the board: the variant picker, the controls (take back, redo, flip,
// move now, draw, resign), the typed-move box, the move list with review, the
// opponent settings and who plays the game in play (an imported game opens to look at
// until the person plays on; the Puzzles mode is puzzle-mode.js), the analysis panel
// of the position shown, with its lines previewed on the board, the game analysis
// (game-analysis.js), the result card (result-card.js) and import/export. It drives
// the <alfiere-board> through its attributes and methods and redraws the panels from
// its events; the board owns the game. Irreversible actions ask first.

import { LEVELS } from 'alfiere/board';
import { save } from 'alfiere/board/storage';
import { problemsNotice, readRecord } from './stored-records.js';
import { AnalysisView } from './analysis-view.js';
import { GameAnalysis } from './game-analysis.js';
import { attachIoPanel } from './io-panel.js';
import { LinePreview } from './line-preview.js';
import { renderMoveList, showMoreSideLines } from './move-list.js';
import { variationsOfGame } from './variations.js';
import { shownPosition, shownPositionEnded } from './shown-position.js';
import { boardSides, canPlayOnFromShown, checkPlayers, playersText, sanitizePlayers, takeBackToShown, taggedNames } from './players.js';
import { ResultCard } from './result-card.js';
import { PuzzleMode } from './puzzle-mode.js';
import { PracticeMode } from './practice-mode.js';
import { SetupMode } from './setup-mode.js';
import { positionFromUrl } from './url-position.js';
import { VARIANT_HELP } from './variant-help.js';
import { hideBoardCopy } from './board-message.js';
import { attachTimeChoice, isTimeSetting } from './time-choice.js';

const $ = (id) => document.getElementById(id);
const SETTINGS_KEY = 'alfiere.settings.v1';
export const PLAYERS_KEY = 'alfiere.players.v1';
/** The board's storage-key in index.html. */
export const GAME_KEY = 'alfiere.game.v2';
const NAME = { w: 'white', b: 'black' };
const OTHER = { w: 'b', b: 'w' };

const DEFAULT_SETTINGS = { mode: 'engine', color: 'w', level: 'casual', timeControl: 'none', multipv: 3, analysis: false, arrows: true, muted: false };

export class Page {
  constructor(board, rules) {
    this.board = board;
    this.rules = rules;
    // Stored records are checked field by field; one that is not what the page wrote is
    // dropped whole and named in a notice once the page is up (stored-records.js).
    this.storedProblems = [];
    this.settings = { ...DEFAULT_SETTINGS, ...readRecord(SETTINGS_KEY, checkSettings, this.storedProblems, 'settings') };
    // Of the game in play.
    this.players = readRecord(PLAYERS_KEY, checkPlayers, this.storedProblems, 'players of the game') ?? sanitizePlayers(null, this.settings);
    this.offer = null; // {by: 'w'|'b'}: a draw offered between friends
    this.pendingConfirm = null;
    this.analysis = new AnalysisView(board);
    this.preview = null; // the engine line shown on the board (LinePreview), set up in start()
    this.gameAnalysis = null;
    this.resultCard = null;
    this.loadedGame = false; // imported or loaded since the last new game: a game to look at
    this.io = null;
    this.puzzles = null;
    this.practice = null; // practising the analysed game's mistakes (practice-mode.js)
    this.sideLinesOf = null; // {game, moves, lines}: the side lines of the game last drawn
    this.pgnText = ''; // the game's whole PGN (the box may show only its start)
    this.refreshHeld = false; // while a load runs: its afterLoad redraws once
    this.refreshQueued = false; // a redraw asked for by the board's events, at the end of the task
    this.setup = null;
  }

  start() {
    this.fillChoosers();
    this.applyPlayers();
    const board = this.board;
    board.sound = !this.settings.muted;
    board.level = this.settings.level;
    for (const type of ['move', 'change', 'gameover', 'thinking', 'review']) board.addEventListener(type, () => this.requestRefresh());
    board.addEventListener('error', (event) => {
      this.showError(event.detail.message);
      hideBoardCopy(board, event.detail.message); // said once, in the page's error line
    });
    this.preview = new LinePreview(board);
    this.analysis.onChoose = (line) => this.preview.start(line);
    this.wire();
    this.gameAnalysis = new GameAnalysis(this);
    this.resultCard = new ResultCard(this);
    this.io = attachIoPanel(this);
    this.puzzles = new PuzzleMode(this);
    this.practice = new PracticeMode(this);
    this.setup = new SetupMode(this);
    this.refresh();
    if (this.players.mode === 'puzzle') this.puzzles.open(board.variant);
    const problems = problemsNotice(this.storedProblems);
    if (problems) this.notice(problems);
    this.openLinkedPosition();
  }

  /** A position in the address (`?variant=...&fen=...`, the editor's links) opens to look at; asked first when a game is in play. */
  openLinkedPosition() {
    const linked = positionFromUrl(location.search, this.board.variants);
    if (!linked) return;
    // A reload keeps the game, not the link (the address's other parameters stay).
    const params = new URLSearchParams(location.search);
    params.delete('fen');
    params.delete('variant');
    history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
    if (linked.error) return this.showError(linked.error);
    // Checked before anything changes: a bad link leaves the game in play alone.
    const check = this.rules.validateFen(linked.fen, linked.variant);
    if (!check.ok) return this.showError(`The position in the link could not be opened: ${check.error}`);
    this.confirmThen('Open the position from the link? The game in play will be lost.', 'Open', () => {
      const board = this.board;
      if (board.variant !== linked.variant) board.variant = linked.variant;
      this.act(() => board.load(linked.fen));
      this.afterLoad('fen');
    });
  }

  /** A game from `fen` (the editor's position): `human` against the computer, between friends, or (`view`) to analyse. */
  playPosition(fen, mode, human) {
    const board = this.board;
    this.players = { mode, human };
    this.loadedGame = mode === 'view';
    this.offer = null;
    this.hideError();
    board.engine = 'none'; // no search for the old game while the new one is set up
    try {
      board.load(fen);
    } catch (err) {
      this.showError(err?.message ?? String(err));
    }
    if (mode === 'engine') board.orientation = NAME[human];
    this.applyPlayers();
    if (mode === 'view') {
      $('analysis-card').open = true;
      $('analysis-toggle').checked = true;
      this.setSetting('analysis', true);
    }
    this.refresh();
    this.announce(mode === 'engine' ? `You play ${NAME[human]} against the computer.` : mode === 'friend' ? 'Play with a friend.' : 'The position, to analyse.');
  }

  fillChoosers() {
    const option = (value, text) => {
      const el = document.createElement('option');
      el.value = value;
      el.textContent = text;
      return el;
    };
    $('variant').replaceChildren(...this.board.variants.map(({ id, name }) => option(id, name)));
    $('level').replaceChildren(...LEVELS.map((level) => option(level.id, level.name)));
    $('level').value = this.settings.level;
    $('multipv').value = String(this.settings.multipv);
    $('analysis-toggle').checked = this.settings.analysis;
    $('arrows-toggle').checked = this.settings.arrows;
    this.analysis.arrows = this.settings.arrows;
    for (const input of document.querySelectorAll('input[name="mode"]')) input.checked = input.value === this.settings.mode;
    for (const input of document.querySelectorAll('input[name="color"]')) input.checked = input.value === this.settings.color;
    attachTimeChoice(this);
  }

  /** Who plays what in the game in play: the board's engine side and who may move. */
  applyPlayers() {
    const { engine, movable } = boardSides(this.players);
    this.board.engine = engine;
    this.board.movable = movable;
    this.board.premove = this.players.mode === 'engine'; // actions queued while the computer thinks
    save(PLAYERS_KEY, this.players);
  }

  wire() {
    const on = (id, type, handler) => $(id).addEventListener(type, handler);
    const board = this.board;
    on('new-game', 'click', () => this.confirmThen('Start a new game? This one will be lost.', 'New game', () => this.newGame()));
    on('puzzles', 'click', () => {
      // A toggle: pressed again, it leaves the puzzles for a new game.
      if (this.players.mode === 'puzzle') return this.newGame();
      this.confirmThen('Solve puzzles? The game in play will be lost.', 'Puzzles', () => this.startPuzzles(board.variant));
    });
    on('variant', 'change', () => {
      const variant = $('variant').value;
      if (this.players.mode === 'puzzle') return this.startPuzzles(variant);
      this.showStartPicker(variant);
      const editing = board.editor; // setting up a position: the editor goes on in the new rule set
      this.confirmThen(
        `Switch to ${this.variantName(variant)}? The game in play will be lost.`,
        'Switch',
        () => {
          this.newGame(variant);
          if (editing) this.setup.open();
        },
        () => {
          $('variant').value = board.variant;
          this.showStartPicker(board.variant);
        },
      );
    });
    on('play-on-white', 'click', () => this.playOn('engine', 'w'));
    on('play-on-black', 'click', () => this.playOn('engine', 'b'));
    on('play-on-friend', 'click', () => this.playOn('friend', 'w'));
    on('undo', 'click', () => this.act(() => board.undo()));
    on('redo', 'click', () => this.act(() => board.redo()));
    on('flip', 'click', () => board.flip());
    on('resign', 'click', () => this.confirm('Resign this game?', 'Resign', () => this.act(() => board.resign(this.resigningSide()))));
    on('offer-draw', 'click', () => this.offerDraw());
    on('offer-accept', 'click', () => this.answerOffer(true));
    on('offer-decline', 'click', () => this.answerOffer(false));
    on('claim-draw', 'click', () => this.act(() => board.claimDraw()));
    on('move-now', 'click', () => board.moveNow());
    on('confirm-yes', 'click', () => this.closeConfirm(true));
    on('confirm-no', 'click', () => this.closeConfirm(false));
    on('review-exit', 'click', () => board.review(null));
    on('mute', 'click', () => {
      this.setSetting('muted', !this.settings.muted);
      board.sound = !this.settings.muted; // from the click: the board lets its sounds start
    });
    on('level', 'change', () => {
      this.setSetting('level', $('level').value);
      board.level = this.settings.level;
    });
    for (const input of document.querySelectorAll('input[name="mode"]')) {
      input.addEventListener('change', () => this.setSetting('mode', input.value));
    }
    for (const input of document.querySelectorAll('input[name="color"]')) {
      input.addEventListener('change', () => this.setSetting('color', input.value));
    }
    on('analysis-toggle', 'change', () => this.setSetting('analysis', $('analysis-toggle').checked));
    on('arrows-toggle', 'change', () => {
      // The live lines' arrows first: the refresh after the setting draws the analysed game's.
      this.analysis.setArrows($('arrows-toggle').checked);
      this.setSetting('arrows', $('arrows-toggle').checked);
    });
    on('multipv', 'change', () => this.setSetting('multipv', Number($('multipv').value)));
    on('san-form', 'submit', (event) => {
      event.preventDefault();
      const input = $('san-input');
      if (this.playTyped(input.value)) input.value = '';
    });
    $('moves').addEventListener('click', (event) => {
      const more = event.target.closest?.('[data-more-side-lines]');
      if (more) {
        const ply = more.dataset.moreSideLines;
        const focused = document.activeElement === more;
        showMoreSideLines($('moves'), Number(ply));
        this.refresh();
        // The row is drawn anew: the keyboard stays on its "more" button while there is one.
        if (focused) $('moves').querySelector(`[data-more-side-lines="${ply}"]`)?.focus();
        return;
      }
      const side = event.target.closest?.('[data-preview-fen]');
      if (side) return board.preview({ fen: side.dataset.previewFen, caption: side.dataset.caption });
      const token = event.target.closest?.('[data-ply]');
      if (token) board.review(Number(token.dataset.ply));
    });
    // Shortcuts outside text fields and the board's own keys.
    document.addEventListener('keydown', (event) => {
      if (event.target.closest?.('input, textarea, select, [contenteditable]')) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (board.editor && event.key !== 'f') return; // setting up: the game's keys wait (Backspace would take back unseen)
      if (this.practice.active && event.key !== 'f') {
        // Practising: the game's keys would leave the exercise; Backspace takes back an action of the turn being played.
        if (event.key !== 'Backspace' || event.target.closest?.('button') || !this.practice.canTakeBack()) return;
        event.preventDefault();
        board.undo();
        return;
      }
      if (event.target === board && board.shadowRoot.activeElement?.closest?.('[data-square], button')) {
        if (event.key !== 'f') return; // arrows and Enter belong to the board's squares there
      }
      if (this.preview.active) {
        // While a line is previewed the arrows step through it and Escape leaves it.
        const keys = { ArrowLeft: -1, ArrowRight: 1 };
        if (event.key in keys) this.preview.stepTo(this.preview.step + keys[event.key]);
        else if (event.key === 'Escape') this.preview.end();
        else return;
        event.preventDefault();
        return;
      }
      if (board.previewing !== null && event.key === 'Escape') {
        board.preview(null); // a side line of the move list shown: back to what was shown before
        event.preventDefault();
        return;
      }
      const length = board.history().length;
      const at = board.reviewing ?? length;
      if (event.key === 'f') board.flip();
      else if (event.key === 'ArrowLeft' && at > 0) board.review(at - 1);
      else if (event.key === 'ArrowRight' && board.reviewing !== null) board.review(at + 1 >= length ? null : at + 1);
      else if (event.key === 'Home' && length) board.review(0);
      else if (event.key === 'End') board.review(null);
      else if (event.key === 'n' || event.key === 'p') {
        if (!this.gameAnalysis.stepMistake(event.key === 'n' ? 1 : -1)) return; // no analysis: the key is not ours
      } else if (event.key === 'Backspace' && !event.target.closest?.('button')) {
        event.preventDefault();
        if (this.players.mode !== 'view' && this.players.mode !== 'puzzle') this.act(() => board.undo());
        return;
      } else return;
      event.preventDefault();
    });
  }

  variantName(id) {
    return this.board.variants.find((v) => v.id === id)?.name ?? id;
  }

  /** Runs a board method; a refused one (NoClaimError, ...) shows its message. */
  act(action) {
    this.hideError();
    this.offer = null;
    try {
      action();
    } catch (err) {
      this.showError(err?.message ?? String(err));
    }
    this.refresh();
  }

  /** Asks before `action` when a game is in play (a puzzle is not: it waits in hand); `cancelled` runs on a no. */
  confirmThen(question, verb, action, cancelled = () => {}) {
    const inPlay = this.board.history().length > 0 && !this.board.over && this.players.mode !== 'puzzle';
    if (inPlay) this.confirm(question, verb, action, cancelled);
    else action();
  }

  /** Asks before `action`, in the status card (a button that stays where it is). */
  confirm(question, verb, action, cancelled = () => {}) {
    this.pendingConfirm = { action, cancelled };
    $('confirm-text').textContent = question;
    $('confirm-yes').textContent = verb;
    $('confirm').hidden = false;
    $('confirm-no').focus();
  }

  closeConfirm(yes) {
    const pending = this.pendingConfirm;
    this.pendingConfirm = null;
    $('confirm').hidden = true;
    if (!pending) return;
    if (yes) pending.action();
    else pending.cancelled();
  }

  /** A new game with the chosen variant, opponent and colour. */
  newGame(variant = $('variant').value || this.board.variant) {
    let human = this.settings.color;
    if (human === 'random') human = Math.random() < 0.5 ? 'w' : 'b';
    this.startGame(variant, this.settings.mode, human);
  }

  /** The same opponent again, in the same rule set, with the colours swapped. */
  rematch() {
    const human = OTHER[this.players.human];
    this.startGame(this.board.variant, this.players.mode, human, NAME[human]);
  }

  /** The Chess960 start-position field, shown while Chess960 is chosen. */
  showStartPicker(variant) {
    $('chess960-start-picker').hidden = variant !== 'chess960';
  }

  /**
   * The FEN of the Chess960 start the field asks for (empty: a random one, whose number
   * the field's placeholder then shows); throws the wasm's typed error for a bad number.
   */
  chess960StartFen() {
    const field = $('chess960-start');
    const text = field.value.trim();
    const game = text === '' ? this.rules.Game.chess960Start() : this.rules.Game.chess960Start(Number(text));
    try {
      field.placeholder = text === '' ? `random (${game.chess960Number()})` : 'random';
      return game.fen();
    } finally {
      game.free();
    }
  }

  startGame(variant, mode, human, orientation = mode === 'engine' ? NAME[human] : 'white') {
    let startFen = null;
    if (variant === 'chess960') {
      try {
        startFen = this.chess960StartFen();
      } catch (err) {
        this.showError(err?.message ?? String(err));
        return;
      }
    }
    if (this.board.editor) this.setup.close();
    this.players = { mode, human };
    this.loadedGame = false;
    this.offer = null;
    this.hideError();
    const board = this.board;
    board.engine = 'none'; // no search for the old game while the new one is set up
    board.orientation = orientation;
    board.timeControl = this.settings.timeControl; // before the new game starts, which takes it
    board.removeAttribute('fen');
    if (board.getAttribute('variant') !== variant) board.variant = variant;
    else if (startFen === null) board.reset();
    if (startFen !== null) board.fen = startFen;
    this.applyPlayers();
    this.refresh();
  }

  /** The Puzzles mode, with `variant`'s puzzles. */
  startPuzzles(variant) {
    if (this.board.editor) this.setup.close();
    this.players = { mode: 'puzzle', human: this.players.human };
    this.board.timeControl = 'none'; // puzzles are solved without a clock
    this.loadedGame = false;
    this.offer = null;
    this.hideError();
    this.applyPlayers();
    this.puzzles.open(variant);
    this.refresh();
  }

  /**
   * After a load: an imported game (a PGN), or any position while playing the computer
   * or solving puzzles, opens to look at, the board turned as it was, until the person chooses to play on
   * and against whom; a position loaded between friends stays theirs to play.
   */
  afterLoad(kind) {
    this.loadedGame = true;
    if (kind === 'pgn' || this.players.mode === 'engine' || this.players.mode === 'puzzle') {
      this.players = { mode: 'view', human: this.players.human };
      this.applyPlayers();
    }
    this.offer = null;
    this.refresh();
    this.announce(kind === 'pgn' ? 'Game loaded, to look at.' : 'Position loaded.');
  }

  /** Whether the shown position of a game opened to look at can be played on. */
  canPlayOn() {
    return this.players.mode === 'view' && canPlayOnFromShown(this.board);
  }

  /** Plays on from the shown position, `human` against the computer or (`friend`) people. */
  playOn(mode, human) {
    if (!this.canPlayOn()) return;
    const board = this.board;
    this.act(() => takeBackToShown(board));
    this.players = { mode, human };
    if (mode === 'engine') board.orientation = NAME[human]; // the person chose a side
    this.applyPlayers();
    this.refresh();
    this.announce(mode === 'engine' ? `You play ${NAME[human]} against the computer.` : 'Play on with a friend.');
  }

  resigningSide() {
    return this.players.mode === 'engine' ? this.players.human : this.board.game.turn();
  }

  humanToAct() {
    const board = this.board;
    if (board.over || board.reviewing !== null || this.players.mode === 'view') return false;
    if (this.practice?.active) return this.practice.personToAct();
    if (this.players.mode === 'puzzle') return this.puzzles.solving && board.game.turn() === board.puzzle?.solver;
    return this.players.mode === 'friend' || board.game.turn() === this.players.human;
  }

  /** A move typed in the box. */
  playTyped(text) {
    const trimmed = text.trim();
    if (!trimmed) return false;
    if (this.players.mode === 'view') {
      this.showError('This game is open to look at: choose “Play on” to play a move.');
      return false;
    }
    if (!this.humanToAct() || this.board.thinking) {
      this.showError('It is not your turn.');
      return false;
    }
    try {
      this.hideError();
      this.board.move(trimmed);
      return true;
    } catch {
      // The board says the core's reason (for SAN or squares) and draws it.
      const why = this.board.explain(trimmed);
      this.showError(`“${trimmed.slice(0, 40)}” is not a legal move here${why ? `: ${why.text.toLowerCase()}` : ''}.`);
      return false;
    }
  }

  async offerDraw() {
    const board = this.board;
    if (board.over) return;
    if (this.players.mode === 'friend') {
      this.offer = { by: board.game.turn() };
      this.refresh();
      return;
    }
    const accepted = await board.offerDraw();
    this.notice(accepted ? 'The computer accepts the draw.' : 'The computer declines the draw and plays on.');
  }

  answerOffer(accept) {
    if (!this.offer) return;
    this.offer = null;
    if (accept) this.act(() => this.board.agreeDraw());
    else {
      this.notice('The draw offer was declined.');
      this.refresh();
    }
  }

  setSetting(name, value) {
    this.settings[name] = value;
    save(SETTINGS_KEY, this.settings);
    this.refresh();
  }

  // ---- drawing --------------------------------------------------------------------

  /**
   * A redraw at the end of the current task, one for all the board events that ask for
   * it (a load fires `change` and `thinking`; a redraw of a long game is not cheap); a
   * refresh() meanwhile does it at once.
   */
  requestRefresh() {
    if (this.refreshQueued) return;
    this.refreshQueued = true;
    queueMicrotask(() => {
      if (this.refreshQueued) this.refresh();
    });
  }

  /** Holds the redraws back (while a game loads: afterLoad redraws once, in a task of its own). */
  holdRefresh(held) {
    this.refreshHeld = held;
  }

  refresh() {
    const board = this.board;
    const game = board.game;
    this.refreshQueued = false;
    if (!game || this.refreshHeld) return;
    const over = board.over;
    const reviewing = board.reviewing !== null;
    document.body.dataset.variant = board.variant;
    // The rule set whose puzzles are asked for, while they load.
    $('variant').value = this.puzzles?.active ? (this.puzzles.variant ?? board.variant) : board.variant;
    this.showStartPicker(this.puzzles?.active ? null : board.variant);
    $('eval-bar').classList.toggle('flipped', board.orientation === 'black');
    const history = board.history();
    // One PGN per redraw, for the export box and the game analysis's view of the notes.
    const pgn = board.pgn({ tags: this.pgnTags() });
    const nags = this.gameAnalysis.refresh(pgn, history);
    const variant = board.variants.find((v) => v.id === board.variant);
    // Only a PGN with a parenthesis can have side lines: the walk that reads them is skipped
    // otherwise, and done once per game and line (one with thousands would read them at every redraw).
    const moves = history.map((move) => move.lan).join(' ');
    if (this.sideLinesOf?.game !== game || this.sideLinesOf.moves !== moves) {
      this.sideLinesOf = { game, moves, lines: pgn.includes('(') ? variationsOfGame(game, history.length) : [] };
    }
    const variations = this.sideLinesOf.lines;
    renderMoveList($('moves'), history, game, variant, board.reviewing, nags, variations);
    $('review-line').hidden = !reviewing;
    if (reviewing) {
      const ply = board.reviewing;
      $('review-text').textContent = ply === 0 ? 'The start position.' : `After ${history[ply - 1].san} (action ${ply} of ${history.length}).`;
    }
    // An exercise of the practice is no game either: of its controls, only taking back
    // an action of the turn being played is offered.
    const practising = Boolean(this.practice?.active);
    const puzzle = this.players.mode === 'puzzle' || practising;
    const viewing = this.players.mode === 'view';
    $('undo').disabled = practising ? !this.practice.canTakeBack() : viewing || puzzle || !board.canUndo();
    $('redo').disabled = viewing || puzzle || !board.canRedo();
    $('resign').disabled = over || viewing || puzzle;
    $('offer-draw').disabled = over || puzzle || !this.humanToAct() || Boolean(this.offer);
    const claim = !over && this.humanToAct() ? game.claimableDraw() : null;
    $('claim-draw').disabled = !claim;
    $('claim-draw').textContent = claim === 'fifty_moves' ? 'Claim draw (50 moves)' : claim ? 'Claim draw (repetition)' : 'Claim draw';
    $('move-now').disabled = !board.thinking;

    const headers = game.getHeaders();
    const tag = (name) => (/^[?.\s]*$/.test(headers[name] ?? '') ? '' : headers[name]);
    const players = tag('White') && tag('Black') ? `${tag('White')} – ${tag('Black')}` : '';
    const tagLine = [players, tag('Event')].filter(Boolean).join(' · ');
    $('game-tags').hidden = !tagLine;
    $('game-tags').textContent = tagLine;
    $('play-on').hidden = !this.canPlayOn() || Boolean(this.practice?.active);
    $('players-now').textContent = playersText(this.players, taggedNames(headers));

    $('offer').hidden = !this.offer;
    if (this.offer) $('offer-text').textContent = `${this.offer.by === 'w' ? 'White' : 'Black'} offers a draw.`;

    $('fen-out').value = game.fen();
    this.pgnText = pgn;
    showPgn($('pgn-out'), pgn);
    $('variant-help').textContent = VARIANT_HELP[board.variant] ?? '';
    const mute = $('mute');
    mute.setAttribute('aria-pressed', String(this.settings.muted));
    mute.title = this.settings.muted ? 'Sound off (click to turn on)' : 'Sound on (click to mute)';
    document.body.classList.toggle('muted', this.settings.muted);
    $('level-row').hidden = this.settings.mode === 'friend';
    $('color-choice').hidden = this.settings.mode === 'friend';
    this.puzzles?.render();
    this.practice?.render();
    this.syncAnalysis();
  }

  /** Analyses the position the board shows, or says why the panel is idle. */
  syncAnalysis() {
    const board = this.board;
    this.preview?.sync();
    // Without live lines, the arrows are the analysed game's better move on the shown position.
    const idle = (why) => {
      this.analysis.stop(why);
      const shapes = this.gameAnalysis?.betterMoveShapes(this.settings.arrows) ?? [];
      if (shapes.length || board.autoShapes.length) board.autoShapes = shapes;
      // An analysed game shows its evaluation of the position shown on the bar.
      const evaluation = this.gameAnalysis?.shownEvaluation();
      if (evaluation && !evaluation.result) this.analysis.setBar(evaluation, 'From the game analysis');
    };
    // The engine's lines would give the exercise's answer away; the arrows are the practice's.
    if (this.practice?.active) {
      this.preview?.end();
      this.analysis.stop('The analysis resumes after the practice.');
      const shapes = this.practice.shapes();
      if (shapes.length || board.autoShapes.length) board.autoShapes = shapes;
      return;
    }
    if (!this.settings.analysis) {
      this.preview?.end();
      return idle();
    }
    if (board.editor) return idle('The analysis resumes when the position is set up.');
    // The engine's lines would give the puzzle's answer away: they wait until it is over.
    if (this.puzzles?.solving) {
      this.preview?.end();
      return idle('The analysis resumes when the puzzle is over.');
    }
    // A game's analysis has the engine to itself: the live analysis waits until it ends.
    if (this.gameAnalysis?.running) return idle('The game is being analysed; the live analysis resumes after it.');
    if (shownPositionEnded(board)) return idle('The game is over. Click a move in the list (or press ←) to analyse that position.');
    if (board.reviewing === null && !board.over) {
      const computersTurn = this.players.mode === 'engine' && board.game.turn() !== this.players.human;
      // The computer's own search has the engine then; the analysis comes back on the person's turn.
      if (board.thinking || computersTurn) return idle('The computer is thinking; the analysis resumes on your turn.');
    }
    this.analysis.analyse(shownPosition(board), this.settings.multipv);
  }

  pgnTags() {
    const date = new Date();
    return {
      Site: 'alfiere',
      Date: `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}`,
    };
  }

  // ---- messages -------------------------------------------------------------------

  announce(text) {
    const region = $('announce');
    region.textContent = '';
    requestAnimationFrame(() => {
      region.textContent = text;
    });
  }

  showError(text) {
    $('error').textContent = text;
    $('error').hidden = false;
  }

  hideError() {
    $('error').hidden = true;
    $('error').textContent = '';
    $('notice').hidden = true;
  }

  /** A message that is news, not an error (a declined draw offer). */
  notice(text) {
    this.announce(text);
    $('notice').textContent = text;
    $('notice').hidden = false;
  }
}

/** Characters of a PGN the export box shows: laying out a megabyte of text takes seconds. */
const PGN_SHOWN = 100_000;

/** Puts `pgn` in the export box (its start, when it is huge; Copy and Download take it whole), only when it changed. */
function showPgn(box, pgn) {
  const text = pgn.length > PGN_SHOWN ? `${pgn.slice(0, PGN_SHOWN)}\n… (${pgn.length.toLocaleString('en')} characters in all: Copy PGN and Download PGN take the whole game)` : pgn;
  if (box.value !== text) box.value = text;
}

/** The stored settings checked: the fields given, each as the page writes it, or null when any is not. */
function checkSettings(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const checks = {
    mode: (v) => v === 'engine' || v === 'friend',
    color: (v) => ['w', 'b', 'random'].includes(v),
    level: (v) => LEVELS.some((level) => level.id === v),
    multipv: (v) => [1, 2, 3].includes(v),
    analysis: (v) => typeof v === 'boolean',
    arrows: (v) => typeof v === 'boolean',
    muted: (v) => typeof v === 'boolean',
    timeControl: isTimeSetting,
  };
  const clean = {};
  for (const [name, check] of Object.entries(checks)) {
    if (data[name] === undefined) continue;
    if (!check(data[name])) return null;
    clean[name] = data[name];
  }
  return clean;
}

