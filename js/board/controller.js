// The inside of one <alfiere-board>: owns the game model, the selection and the engine
// player, turns gestures (select, move, drop, push, promote) into model changes, redraws
// the board, pockets, player lines and status from the model after each change, and
// tells the host element what happened (it fires the DOM events). Nothing here touches
// the document outside the board's shadow root; user text only ever lands as text.

import { BoardView, squareOf } from './board-view.js';
import { renderPockets } from './pockets.js';
import { PromotionPicker } from './promotion.js';
import { announceText, statusText, turnText } from './status.js';
import { playSound } from './sound.js';
import { EngineSeat } from './engine-seat.js';
import { Premoves } from './premove.js';
import { checkShapes, sameShape, shapesInComment, toggleShape, withShapes } from './shapes.js';
import { el } from './dom.js';
import { SIDE_NAMES as SIDE } from './pieces.js';

/** Pieces by square from the rows of the core's board() or placement(). */
function piecesOf(rows) {
  const pieces = new Map();
  for (const row of rows) for (const cell of row) if (cell) pieces.set(cell.square, { type: cell.type, color: cell.color, board: cell.board ?? 'a' });
  return pieces;
}

export class BoardController {
  /**
   * @param model  a GameModel
   * @param ui     the shadow root's parts: {root, frame, boards, pocketTop, pocketBottom,
   *               nameTop, nameBottom, playerTop, playerBottom, thinkingTop,
   *               thinkingBottom, status, turn, message, promotion, announce}
   * @param host   the element: settings (engineSide, humanSides, level, sound,
   *               coordinates, pieceImages), engineQueue(), and notify(type, detail)
   */
  constructor(model, ui, host) {
    this.model = model;
    this.ui = ui;
    this.host = host;
    this.orientation = 'w';
    this.selection = null; // {origin: 'e2' | 'N@', board: 'a'|'b'|null}
    this.hover = null;
    this.drag = null; // {origin, board} while a piece is dragged
    this.animateNext = false;
    this.reviewing = null; // number of actions shown when looking back, else null
    this.previewed = null; // {fen, move, caption} of a position outside the game shown for a while, else null
    this.views = [];
    this.autoShapes = []; // the program's shapes (engine arrows), set by the page
    this.flash = null; // {shapes, timer}: a reason's path, shown for a moment
    this.preview = null; // the arrow or circle a person is drawing
    this.picker = new PromotionPicker(ui.promotion, this);
    this.engine = new EngineSeat(this);
    this.puzzle = null; // the PuzzlePlayer while a puzzle is on (puzzle-player.js)
    this.premove = new Premoves(this); // the person's actions queued while the engine thinks
    this.premove.attach();
    this.editor = null; // the PositionEditor while the `editor` attribute is on (editor.js)
    model.addEventListener('change', (event) => this.afterChange(event.detail));
  }

  get engineSide() {
    return this.host.settings.engineSide;
  }

  get level() {
    return this.host.settings.level;
  }

  get muted() {
    return !this.host.settings.sound;
  }

  engineQueue() {
    return this.host.engineQueue();
  }

  // ---- who may act ----------------------------------------------------------------

  /** Whether a person may act now (not the engine's turn, no picker or review open). */
  humanToAct() {
    if (this.model.isOver() || this.picker.open || this.reviewing !== null || this.previewed || this.editing()) return false;
    if (this.puzzle) return this.puzzle.personToAct();
    const side = this.model.game.turn();
    return side !== this.engineSide && this.host.settings.humanSides.has(side);
  }

  canAct() {
    return this.humanToAct() && !this.engine.thinking;
  }

  engineToAct() {
    return this.engineSide !== null && !this.puzzle && !this.editing() && !this.model.isOver() && this.model.game.turn() === this.engineSide;
  }

  /** Whether the person queues premoves now (premove.js). */
  premoving() {
    return this.premove.active();
  }

  /** Whether a person's gesture may pick up a piece: to act now, or to premove. */
  canPick() {
    return this.canAct() || this.premoving();
  }

  /** Whether the position editor is on (editor.js). */
  editing() {
    return Boolean(this.editor?.active);
  }

  /** Origins and their targets: the side to act's, or a premove's while premoving. */
  dests() {
    if (this.premoving()) return this.premove.dests();
    if (!this.destCache) this.destCache = this.model.game.dests();
    return this.destCache;
  }

  /** Origins (squares or 'N@' drop keys) the side to act can use now (or premove from). */
  isOrigin(origin) {
    return this.canPick() && this.dests().has(origin);
  }

  targetsOf(origin) {
    return this.dests().get(origin) ?? [];
  }

  // ---- gestures -------------------------------------------------------------------

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
   * Plays origin -> target for the person: asks for the piece when several promotions
   * are legal. Returns true when something was played (or the picker opened).
   */
  tryMove(origin, target, { dragged = false } = {}) {
    const premoving = this.premoving();
    if (!this.canAct() && !premoving) return false;
    const game = this.model.game;
    let candidates;
    if (premoving) {
      candidates = this.premove.candidates(origin, target);
    } else if (origin.endsWith('@')) {
      candidates = game.legalMoves().filter((t) => t === `${origin}${target}`);
    } else {
      // The king dropped on its own rook castles (Chess960's unambiguous way); a king
      // step to the same square as a castling's arrival comes first.
      candidates = game
        .moves({ verbose: true, square: origin })
        .filter((m) => m.to === target || m.rook === target)
        .map((m) => m.lan);
    }
    if (!candidates.length) {
      this.clearSelection();
      if (!premoving) this.explain(origin, target);
      return false;
    }
    const promotions = candidates.filter((t) => /[nbrq]$/.test(t) && t.length === 5);
    if (promotions.length > 1) {
      this.selection = null;
      this.picker.show({
        square: target,
        color: premoving ? this.premove.side : game.turn(),
        choices: promotions.map((t) => ({ role: t.at(-1), token: t })),
        board: this.boardOf(origin),
      });
      this.render();
      return true;
    }
    this.playHuman(candidates[0], { dragged });
    return true;
  }

  /**
   * Says why the core refuses origin -> target (in the message line and to screen
   * readers) and draws the pieces that are the reason for a moment. Returns the reason.
   */
  explain(origin, target) {
    let why;
    try {
      // Without a target, `origin` is a move typed as text (SAN or UCI).
      why = target === undefined ? this.model.game.refusal(origin) : this.model.game.refusal(origin, target);
    } catch {
      return null; // not a square: nothing to explain
    }
    if (!why || why.reason === 'not_own_piece' || why.reason === 'own_piece_there') return why ?? null; // another piece was meant
    this.showMessage(`${why.text}.`);
    this.announce(`${why.text}.`);
    this.flashShapes(why.attackers.map((a) => ({ from: a.square, to: a.path.at(-1), path: a.path, brush: 'red', board: a.board })));
    return why;
  }

  playHuman(token, { dragged = false, confirmed = false } = {}) {
    if (this.premoving()) return void this.premove.add(token);
    if (!confirmed && this.host.settings.warn && this.warnBefore(token, dragged)) return;
    this.selection = null;
    this.animateNext = !dragged;
    try {
      this.model.play(token);
    } catch (err) {
      this.showMessage(err?.message ?? String(err));
      playSound('error', this.muted);
    }
  }

  /**
   * Where an action may leave the own king attacked and the turn goes on (a push
   * follows, in Avalanche), asks first: the core plays it on a copy and tries each
   * push. Returns true when the question is shown.
   */
  warnBefore(token, dragged) {
    const copy = this.model.game.clone();
    try {
      copy.move(token);
      if (copy.isGameOver() || copy.turn() !== this.model.game.turn() || !copy.isCheck()) return false;
      const side = this.model.game.turn();
      const saves = copy.legalMoves().some((push) => {
        const after = copy.clone();
        try {
          after.move(push);
          const outcome = after.outcome();
          return !outcome || outcome.winner === side;
        } finally {
          after.free();
        }
      });
      this.ask(saves ? 'Your king is attacked after this: only a push can save it. Play it?' : 'Your king is attacked after this and no push saves it: this loses. Play it?', () =>
        this.playHuman(token, { dragged, confirmed: true }),
      );
      return true;
    } catch {
      return false;
    } finally {
      copy.free();
    }
  }

  /** A yes/no question in the board's message line (the page's own controls stay put). */
  ask(question, yes) {
    const box = this.ui.message;
    const play = el('button', '', { type: 'button' }, 'Play it');
    play.addEventListener('click', () => (this.hideMessage(), yes()));
    const cancel = el('button', '', { type: 'button' }, 'Cancel');
    cancel.addEventListener('click', () => (this.hideMessage(), this.clearSelection()));
    box.replaceChildren(question, ' ', play, ' ', cancel);
    box.hidden = false;
    this.announce(question);
    cancel.focus();
  }

  /** Plays an action chosen by the engine. */
  playEngine(token) {
    this.animateNext = true;
    this.model.play(token);
  }

  thinkingChanged() {
    this.render();
    this.host.notify('thinking', { thinking: this.engine.thinking });
  }

  engineFailed(err) {
    console.warn('alfiere-board engine:', err?.message ?? err);
    this.showMessage(`The engine stopped: ${err?.message ?? err}`);
    this.host.notify('error', { error: err, message: `The engine stopped: ${err?.message ?? err}` });
    this.render();
  }

  // ---- change handling ------------------------------------------------------------

  afterChange({ type, move }) {
    this.destCache = null;
    this.pieceCache = null;
    this.hideMessage();
    if (type === 'new' || type === 'undo') this.reviewing = null;
    this.previewed = null; // a change of the game is always shown
    if (type === 'new') {
      this.selection = null;
      this.picker.close();
    }
    if (type === 'move' && move) {
      this.soundFor();
      this.announce(announceText(move, this.model));
    } else if (type === 'end') {
      playSound('end', this.muted);
      this.announce(`${statusText(this.model, this.statusOptions())}.`);
    }
    this.render();
    this.host.changed(type, move);
    if (!this.batching) this.engine.sync();
    this.premove.afterChange(type);
  }

  /** Runs several model changes as one: the engine looks at the result only. */
  batch(changes) {
    this.batching = true;
    try {
      changes();
    } finally {
      this.batching = false;
    }
    this.engine.sync();
  }

  soundFor() {
    const game = this.model.game;
    const last = this.model.verbose.at(-1);
    if (game.isGameOver()) playSound('end', this.muted);
    else if (game.isCheck()) playSound('check', this.muted);
    else if (last?.captured) playSound('capture', this.muted);
    else playSound('move', this.muted);
  }

  statusOptions() {
    return { engineSide: this.engineSide, thinking: this.engine.thinking };
  }

  // ---- drawing --------------------------------------------------------------------

  ensureViews() {
    const alice = this.model.facts().boards === 2;
    const wanted = alice ? ['a', 'b'] : [null];
    const look = { coordinates: this.host.settings.coordinates, pieceImages: this.host.settings.pieceImages };
    if (this.views.length === wanted.length && this.views.every((v, i) => v.boardId === wanted[i])) {
      for (const view of this.views) view.setLook(look);
      return;
    }
    const host = this.ui.boards;
    host.replaceChildren();
    host.classList.toggle('two-boards', alice);
    this.views = wanted.map(
      (id) => new BoardView(host, { boardId: id, label: id ? `Board ${id.toUpperCase()}` : 'Chess board', ...look }),
    );
    if (alice) {
      for (const view of this.views) view.root.prepend(el('div', 'board-caption', { part: 'caption' }, `Board ${view.boardId.toUpperCase()}`));
    }
  }

  /** The view of board `board` ('a', 'b'; null or unknown: the first). */
  viewOf(board) {
    return this.views.find((v) => v.boardId === (board ?? null)) ?? this.views[0];
  }

  /** The square (and its Alice board) under a point of the page, or null. */
  squareAt(x, y) {
    const found = squareOf(this.ui.root.elementFromPoint(x, y));
    return found && this.ui.boards.contains(found.el) ? found : null;
  }

  /** Which board a piece standing on `square` is on (Alice), else null. */
  boardOf(square) {
    if (this.model.facts().boards !== 2) return null;
    return this.pieceMap().get(square)?.board ?? null;
  }

  pieceMap() {
    this.pieceCache ??= piecesOf(this.model.game.board()); // dropped with destCache after every change of the game
    return this.pieceCache;
  }

  /** Squares to mark on each board for `moves` (the last turn's and the current one's). */
  marksOf(moves) {
    const marks = { a: new Set(), b: new Set(), single: new Set() };
    for (const move of moves) {
      const from = move.kind === 'drop' || move.kind === 'promotion_choice' ? null : move.from;
      if (this.views.length === 1) {
        if (from) marks.single.add(from);
        marks.single.add(move.to);
      } else {
        // Alice: the piece left `from` on one board and stands on `to` on the other.
        const arrival = move.board ?? 'b';
        marks[arrival].add(move.to);
        if (from) marks[arrival === 'a' ? 'b' : 'a'].add(from);
      }
    }
    return marks;
  }

  /** Whether a person may draw or clear shapes (not on a previewed position, which has no place to keep them). */
  canDraw() {
    return this.host.settings.draw && !this.previewed && !this.editing();
  }

  /**
   * Shows a position that is not in the game ({fen, move, caption}: an engine line
   * played out), without touching the game; null goes back to what was shown.
   */
  showPreview(position) {
    this.previewed = position;
    this.selection = null;
    this.picker.close();
    this.render();
  }

  /** Shows the position after `ply` actions (null: the game as it stands). */
  review(ply) {
    const length = this.model.verbose.length;
    const next = ply === null || ply === undefined || ply >= length ? null : Math.max(0, Math.floor(ply));
    if (next === this.reviewing && !this.previewed) return;
    this.previewed = null;
    this.reviewing = next;
    this.selection = null;
    this.picker.close();
    this.render();
    this.host.notify('review', { ply: next });
  }

  /** The position shown instead of the game as it stands: a previewed line's (without
   * the game's shapes) or a past one while looking back; null when neither. */
  shownPosition() {
    if (this.editing()) return this.editor.shown();
    if (this.previewed) return { ...this.previewed, preview: true };
    const ply = this.reviewing;
    if (ply === null) return null;
    const model = this.model;
    const move = model.verbose[ply - 1] ?? null;
    const where = move ? `after ${move.san}, action ${ply} of ${model.verbose.length}` : 'the start position';
    return { fen: model.fenAt(ply), move, caption: `Looking back: ${where}.` };
  }

  /** Draws the game as it stands, or a shown position (its pieces, its pockets and the
   * action that led to it, from the core's placement of its FEN). */
  render() {
    if (!this.host.isConnected) return;
    const model = this.model;
    const game = model.game;
    const shown = this.shownPosition();
    const past = shown !== null;
    const fen = past ? shown.fen : null;
    this.ensureViews();
    const pieces = past ? piecesOf(model.rules.placement(fen, model.variant)) : this.pieceMap();
    const last = past ? null : model.verbose.at(-1) ?? null;
    const turn = game.turnState();
    const canAct = this.canAct(); // never while looking back
    const dests = canAct ? this.dests() : new Map();
    const checkSquare = !past && game.isCheck() ? this.kingSquare(turn.side) : null;
    const pushable = canAct && turn.phase === 'push' ? new Set(dests.keys()) : new Set();
    const selected = this.selection;
    const selectedTargets = selected && !this.editing() ? new Set(this.targetsOf(selected.origin)) : new Set();
    const movable = new Set(canAct ? [...dests.keys()].filter((k) => !k.endsWith('@')) : []);
    const paths = this.billiardsPaths(last, selected);
    const checkPaths = checkSquare ? this.checkPaths() : [];
    const animate = this.animateNext && last ? last : null;
    this.animateNext = false;
    const marks = this.marksOf(past ? [shown.move].filter(Boolean) : model.lastTurnIndices().map((i) => model.verbose[i]));
    const premoved = this.marksOf(past ? [] : this.premove.marked());
    const goal = new Set(past ? [] : model.facts().goal); // Racing Kings: the rank the kings race to

    for (const view of this.views) {
      view.setOrientation(this.orientation);
      const id = view.boardId;
      const onThis = (sq) => !id || pieces.get(sq)?.board === id;
      const boardPieces = new Map([...pieces].filter(([, p]) => !id || p.board === id));
      const selectedHere = selected && !selected.origin.endsWith('@') && (!id || selected.board === id);
      const dropHere = selected && selected.origin.endsWith('@') && (!id || id === 'a');
      view.render({
        pieces: boardPieces,
        last: id ? marks[id] : marks.single,
        premove: id ? premoved[id] : premoved.single,
        check: checkSquare && onThis(checkSquare) ? checkSquare : null,
        selected: selectedHere ? selected.origin : null,
        dests: selectedHere || dropHere ? selectedTargets : new Set(),
        pushable: new Set([...pushable].filter(onThis)),
        movable: new Set([...movable].filter(onThis)),
        dragOrigin: this.drag && (!id || this.drag.board === id) ? this.drag.origin : null,
        paths: !id ? paths : [],
        checkPaths: !id ? checkPaths : [],
        goal,
        animate: animate && this.animationFor(animate, view),
      });
    }
    if (shown?.preview) for (const view of this.views) view.shapes.draw([]); // the game's shapes belong to its positions
    else this.drawShapes();
    renderPockets(this, past ? model.rules.placementHands(fen) : game.hands(), canAct);
    this.renderLines(turn);
    this.premove.renderLine();
    if (!past) return this.picker.sync();
    this.ui.turn.hidden = false;
    this.ui.turn.textContent = shown.caption;
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

  /** Billiards: the rebound path (from the core) of the hovered destination, or of the last move. */
  billiardsPaths(last, selected) {
    if (!this.model.facts().reboundingDiagonals) return [];
    if (selected && this.hover && !selected.origin.endsWith('@')) {
      const move = this.model.game.moves({ verbose: true, square: selected.origin }).find((m) => m.to === this.hover);
      if (move?.path) return [move.path];
    }
    return last?.path ? [last.path] : [];
  }

  /** Billiards: the bent paths (from the core) along which the king is checked. */
  checkPaths() {
    if (!this.model.facts().reboundingDiagonals) return [];
    return this.model.game.checkers().map((checker) => checker.path).filter((path) => path.length > 2);
  }

  // ---- shapes ---------------------------------------------------------------------

  /** The ply whose position is shown (the one the user's shapes belong to). */
  shownPly() {
    return this.reviewing ?? this.model.verbose.length;
  }

  /** What the rule set allows in a shape: two boards (Alice), pockets (drops). */
  shapeFacts() {
    return { boards: this.model.facts().boards, pockets: Boolean(this.model.game.hands()) };
  }

  /** The person's shapes on the shown position (kept in its PGN comment). */
  userShapes() {
    const shapes = shapesInComment(this.model.commentAt(this.shownPly()));
    try {
      return checkShapes(shapes, this.shapeFacts());
    } catch {
      return []; // a comment from another rule set: nothing of it fits this board
    }
  }

  /** Replaces the person's shapes on the shown position; `announce` reads the change out. */
  setUserShapes(list, { gesture = false, said = null } = {}) {
    const shapes = checkShapes(list, this.shapeFacts());
    const ply = this.shownPly();
    this.model.setCommentAt(ply, withShapes(this.model.commentAt(ply), shapes));
    this.host.shapesChanged(shapes, gesture);
    if (said) this.announce(said);
    this.drawShapes();
    return shapes;
  }

  /** A person's stroke (`described` in words): the same shape again removes it, another brush replaces it. */
  toggleUserShape(shape, described) {
    const before = this.userShapes();
    const existing = before.find((s) => sameShape(s, shape));
    const verb = existing?.brush === shape.brush ? 'removed' : 'drawn';
    this.setUserShapes(toggleShape(before, shape), { gesture: true, said: `${described} ${verb}` });
  }

  setAutoShapes(list) {
    this.autoShapes = checkShapes(list, this.shapeFacts());
    this.drawShapes();
  }

  clearUserShapes() {
    if (!this.userShapes().length) return;
    this.setUserShapes([], { gesture: true, said: 'shapes cleared' });
  }

  /** Shows `shapes` (a reason's path) for a moment. */
  flashShapes(shapes, ms = 2500) {
    clearTimeout(this.flash?.timer);
    this.flash = { shapes, timer: setTimeout(() => ((this.flash = null), this.drawShapes()), ms) };
    this.drawShapes();
  }

  /** Draws every list on every board: the program's, the person's, a reason's, a stroke in progress. */
  drawShapes() {
    if (!this.views.length) return;
    const lists = [
      ['auto', this.autoShapes],
      ['user', this.userShapes()],
      ['flash', this.flash?.shapes ?? []],
      ['preview', this.preview ? [this.preview] : []],
    ];
    const facts = this.model.facts();
    const perView = new Map(this.views.map((view) => [view, []]));
    for (const [owner, shapes] of lists) {
      for (const shape of shapes) {
        const home = this.viewOf(shape.board);
        const points = this.shapePoints(shape, home, facts);
        if (!points) continue;
        perView.get(home).push({ shape, owner, points, light: Boolean(shape.light) });
        if (facts.boards === 2 && shape.to) {
          // Alice: the piece arrives on the other board; a ring marks where.
          const other = this.views.find((v) => v !== home);
          perView.get(other).push({ shape, owner, points: [other.centre(shape.to)], arrival: true });
        }
      }
    }
    for (const [view, items] of perView) view.shapes.draw(items);
  }

  /** The centres an arrow passes (its rebound path in Billiards) or a circle's centre. */
  shapePoints(shape, view, facts) {
    if (shape.square) return [view.centre(shape.square)];
    let squares = shape.path ?? null;
    if (!squares && facts.reboundingDiagonals && !shape.from.endsWith('@') && this.reviewing === null) {
      squares = this.model.game.moves({ verbose: true, square: shape.from }).find((m) => m.to === shape.to)?.path ?? null;
    }
    if (squares?.length >= 2 && squares[0] === shape.from) return squares.map((sq) => view.centre(sq));
    if (shape.from.endsWith('@')) return [this.pocketPoint(shape.from, view), view.centre(shape.to)];
    return [view.centre(shape.from), view.centre(shape.to)];
  }

  /** Where a drop arrow starts: the piece in the acting side's pocket, in the view's squares. */
  pocketPoint(origin, view) {
    const side = this.model.game.turn();
    const pocket = [this.ui.pocketTop, this.ui.pocketBottom].find((p) => !p.hidden && p.dataset.color === side);
    const button = pocket?.querySelector(`[data-pocket="${origin[0]}"]`);
    const grid = view.grid.getBoundingClientRect();
    if (button && grid.width) {
      const r = button.getBoundingClientRect();
      const unit = grid.width / 8;
      return { x: (r.left + r.width / 2 - grid.left) / unit, y: (r.top + r.height / 2 - grid.top) / unit };
    }
    // No pocket on screen: from just off the acting side's edge.
    return { x: 4, y: side === this.orientation ? 8.6 : -0.6 };
  }

  renderLines(turn) {
    const model = this.model;
    const ui = this.ui;
    const over = model.isOver();
    const thinking = this.engine.thinking;
    ui.status.textContent = this.editor?.statusLine() ?? this.puzzle?.statusLine() ?? statusText(model, this.statusOptions());
    const turnLine = turnText(model);
    ui.turn.hidden = !turnLine;
    ui.turn.textContent = turnLine ?? '';
    // Player names and thinking indicators; top and bottom follow the orientation.
    const bottom = this.orientation;
    const top = bottom === 'w' ? 'b' : 'w';
    ui.nameBottom.textContent = this.playerName(bottom);
    ui.nameTop.textContent = this.playerName(top);
    const thinkingSide = thinking ? turn.side : null;
    ui.thinkingBottom.hidden = thinkingSide !== bottom;
    ui.thinkingTop.hidden = thinkingSide !== top;
    ui.playerBottom.classList.toggle('to-move', !over && turn.side === bottom);
    ui.playerTop.classList.toggle('to-move', !over && turn.side === top);
  }

  /** "You", "Computer · Casual player", or in a game between people the player its
   * tags name (an imported game), else the colour. */
  playerName(side) {
    if (this.engineSide === null) return this.model.playerTag(side) ?? SIDE[side];
    if (side === this.engineSide) return `Computer · ${this.level.name}`;
    return this.host.settings.humanSides.has(side) ? 'You' : SIDE[side];
  }

  // ---- messages -------------------------------------------------------------------

  announce(text) {
    const region = this.ui.announce;
    region.textContent = '';
    // A fresh text node each time so repeated messages are read again.
    requestAnimationFrame(() => {
      region.textContent = text;
    });
  }

  showMessage(text) {
    this.ui.message.textContent = text;
    this.ui.message.hidden = false;
  }

  hideMessage() {
    this.ui.message.hidden = true;
    this.ui.message.textContent = '';
  }
}
