// The `Chess` class of `alfiere/chessjs`: chess.js 1.4's API and behaviour over an
// alfiere `Game` of orthodox chess. The core decides every rules question (legal
// moves, SAN, check, mate, draws, attacks, PGN reading); this layer keeps what is
// chess.js's own: its move order, its castling and en-passant bookkeeping for
// `fen()` and `hash()`, its repetition counts, null moves, comments keyed by FEN,
// tag order. Boards no game reaches (extra material, the side not to move in check,
// no kings) the core accepts on request and edits itself; only a board it refuses
// even then (chess.js's skipValidation) is kept here as FEN fields, without moves.

import { DEFAULT_POSITION, SQUARES, WHITE, BLACK } from './constants.js';
import {
  validateFen, completeFen, placementCells, rightsAtHome, normaliseRights, cellAt,
} from './fen-text.js';
import { Headers } from './headers.js';
import { Move, nullMove } from './move.js';
import { findMove, strippedSan } from './move-input.js';
import { prepareText } from './pgn-reading.js';
import { moveOrderKey } from './order.js';
import { writePgn } from './pgn-writer.js';
import { positionHash, hashAfterMove } from './zobrist.js';
import { typedError as chessJsError, ErrorKinds } from '../errors.js';

const EMPTY_BOARD = '8/8/8/8/8/8/8/8 w - - 0 1';
// chess.js plays on boards no game reaches (extra material, the side not to move in
// check, no kings): the core accepts those kinds of problem when asked.
const ACCEPT_ALL = { accept: ['too-many-pieces', 'opposite-check', 'impossible-check', 'missing-king'] };
// A FEN is read strictly first: the option costs a few microseconds a load, which the
// positions of real games, nearly all of them, never need.
const LOAD_OPTIONS = [undefined, ACCEPT_ALL];
const isSquare = (square) => typeof square === 'string' && /^[a-h][1-8]$/.test(square);
const other = (color) => (color === WHITE ? BLACK : WHITE);
const byOrder = (a, b) => a.key - b.key;

/** Castling rights after `move`, as chess.js drops them. */
function rightsAfter(rights, move) {
  let next = rights;
  const drop = (letters) => {
    for (const letter of letters) next = next.replace(letter, '');
  };
  if (move.piece === 'k') drop(move.color === WHITE ? 'KQ' : 'kq');
  const corners = { a1: 'Q', h1: 'K', a8: 'q', h8: 'k' };
  if (corners[move.from]) drop(corners[move.from]);
  if (corners[move.to]) drop(corners[move.to]);
  return next || '-';
}

/** chess.js's own en-passant square after a double step: kept when an enemy pawn stands beside. */
function epAfter(move) {
  if (!move.flags.includes('b')) return null;
  const cells = placementCells(move.after.split(' ', 1)[0]);
  const row = cells[8 - Number(move.to[1])];
  const file = move.to.charCodeAt(0) - 97;
  const enemyPawn = move.color === WHITE ? 'p' : 'P';
  if (row[file - 1] !== enemyPawn && row[file + 1] !== enemyPawn) return null;
  return move.to[0] + (move.color === WHITE ? '3' : '6');
}

/** The squares a move changes: its two squares, an en-passant victim's, a castling rook's. */
function touchedSquares(move) {
  if (move.flags === '-') return [];
  const squares = [move.from, move.to];
  const rank = move.from[1];
  if (move.flags.includes('e')) squares.push(move.to[0] + rank);
  if (move.flags.includes('k')) squares.push(`h${rank}`, `f${rank}`);
  if (move.flags.includes('q')) squares.push(`a${rank}`, `d${rank}`);
  return squares;
}

/** Builds the chess.js-compatible classes over the wasm `Game` class of one build. */
export function defineChess(Game) {
  /**
   * A core game of the FEN, or the error why the core refuses it. `reuse`, a core game
   * nothing else holds, is loaded rather than a new one made (its wasm memory is then
   * not left to the garbage collector); it is unchanged if the core refuses the FEN.
   */
  function coreGame(fields, reuse = null) {
    const [placement, turn, rights, ep, half, full] = fields;
    const base = [placement, turn, rightsAtHome(placement, rights)];
    const counters = [String(parseInt(half, 10)), String(parseInt(full, 10))];
    const texts = [[...base, ep, ...counters].join(' ')];
    // chess.js keeps an en-passant square no pawn can use; the core does not.
    if (ep !== '-') texts.push([...base, '-', ...counters].join(' '));
    const game = reuse ?? new Game('chess');
    let refusal;
    for (const text of texts) {
      for (const options of LOAD_OPTIONS) {
        try {
          game.load(text, options);
          return { game };
        } catch (error) {
          refusal ??= error;
        }
      }
    }
    if (!reuse) game.free();
    return { error: refusal };
  }

  class Chess {
    _game = null; // the core game; null while the board is one the core refuses
    _fields = null; // that board's FEN fields then
    _castling = '-'; // chess.js's castling rights (it keeps rights without their rook)
    _keptRights = false; // whether _castling holds rights the core has dropped
    _epSquare = null; // chess.js's en-passant square (also when no capture is legal)
    _hash = 0n;
    _history = []; // per ply: { move, castling, epSquare, hash (before), saved? }
    _positionCount = new Map();
    _comments = new Map();
    _header = new Headers();
    _start = null; // { fen, castling, epSquare } of the first position of the history
    _movesCache = null; // the legal moves of the current position, once asked for
    _coreFen = null; // the core's FEN of the current position, once known
    _coreFields = null; // its fields, once split
    _inCheck = null; // whether the side to move is in check, once known

    constructor(fen = DEFAULT_POSITION, { skipValidation = false } = {}) {
      this.load(fen, { skipValidation });
    }

    // ---- positions -------------------------------------------------------------

    clear({ preserveHeaders = false } = {}) {
      const fields = EMPTY_BOARD.split(' ');
      this._setPosition(fields, coreGame(fields, this._game));
      this._resetGame(preserveHeaders);
      this._header.setUp(null);
    }

    load(fen, { skipValidation = false, preserveHeaders = false } = {}) {
      const text = completeFen(fen);
      if (!skipValidation) {
        const { ok, error } = validateFen(text);
        if (!ok) throw chessJsError(ErrorKinds.InvalidFen, error);
      }
      const fields = text.split(/\s+/);
      // The history is dropped below, so no ply holds the current core game.
      const made = coreGame(fields, this._game);
      if (made.error && !skipValidation) {
        throw chessJsError(ErrorKinds.InvalidFen, `Invalid FEN: ${made.error.message}`);
      }
      this._setPosition(fields, made);
      this._resetGame(preserveHeaders);
      this._header.setUp(text);
      this._count(1);
    }

    reset() {
      this.load(DEFAULT_POSITION);
    }

    /** Takes a position: a core game, or the FEN fields of a board it refused. */
    _setPosition(fields, { game }) {
      this._game = game ?? null;
      this._fields = game ? null : fields;
      this._castling = normaliseRights(fields[2]);
      // Rights the core drops (no king or rook at home) that chess.js keeps and prints.
      this._keptRights = Boolean(game) && this._castling !== rightsAtHome(fields[0], this._castling);
      this._epSquare = fields[3] === '-' ? null : fields[3];
      this._hash = positionHash(fields[0], fields[1], this._castling, this._epSquare);
      this._changed();
    }

    _resetGame(preserveHeaders) {
      this._history = [];
      this._positionCount = new Map();
      this._comments = new Map();
      if (!preserveHeaders) this._header.reset();
      this._start = { fen: this.fen(), castling: this._castling, epSquare: this._epSquare };
    }

    _count(step) {
      const count = (this._positionCount.get(this._hash) ?? 0) + step;
      if (count > 0) this._positionCount.set(this._hash, count);
      else this._positionCount.delete(this._hash);
    }

    _getPositionCount(hash) {
      return this._positionCount.get(hash) ?? 0;
    }

    /** Forgets what was cached about the current position. */
    _changed() {
      this._movesCache = null;
      this._coreFen = null;
      this._coreFields = null;
      this._inCheck = null;
    }

    /** The current FEN's six fields with chess.js's castling rights; a new array. */
    _fenFields() {
      if (!this._game) return this._fields;
      this._coreFen ??= this._game.fen();
      // isGameOver() alone reads the fields twice per move: split the FEN once.
      this._coreFields ??= this._coreFen.split(' ');
      const fields = this._coreFields.slice();
      fields[2] = this._castling;
      return fields;
    }

    fen({ forceEnpassantSquare = false } = {}) {
      const fields = this._fenFields().slice();
      if (this._fields) fields[3] = '-'; // a refused board has no legal capture to show
      if (forceEnpassantSquare) fields[3] = this._epSquare ?? '-';
      return fields.join(' ');
    }

    _cells() {
      return placementCells(this._fenFields()[0]);
    }

    // ---- board queries and edits ------------------------------------------------

    get(square) {
      if (!isSquare(square)) return undefined;
      const letter = cellAt(this._cells(), square);
      if (!letter) return undefined;
      return { type: letter.toLowerCase(), color: letter === letter.toLowerCase() ? BLACK : WHITE };
    }

    findPiece({ type, color } = {}) {
      const cells = this._cells().flat();
      return SQUARES.filter((_, index) => {
        const letter = cells[index];
        return letter && letter.toLowerCase() === type
          && (letter === letter.toLowerCase() ? BLACK : WHITE) === color;
      });
    }

    board() {
      return this._cells().map((row, rank) =>
        row.map((letter, file) => (letter
          ? {
            square: SQUARES[rank * 8 + file],
            type: letter.toLowerCase(),
            color: letter === letter.toLowerCase() ? BLACK : WHITE,
          }
          : null)));
    }

    ascii() {
      const border = '   +------------------------+';
      const rows = this._cells().map((row, index) =>
        ` ${8 - index} |${row.map((letter) => ` ${letter ?? '.'} `).join('')}|`);
      return [border, ...rows, border, '     a  b  c  d  e  f  g  h'].join('\n');
    }

    squareColor(square) {
      if (!isSquare(square)) return null;
      return (square.charCodeAt(0) - 97 + Number(square[1])) % 2 === 0 ? 'light' : 'dark';
    }

    // The core edits the board (a second king of a side, or a pawn on its first or
    // last rank, it refuses: put() is then false); chess.js's own part is what the
    // edit does to its castling rights, en-passant square and setup headers.
    put({ type, color } = {}, square) {
      if (!/^[pnbrqk]$/.test(type) || (color !== WHITE && color !== BLACK) || !isSquare(square)) {
        return false;
      }
      return this._editOnCore((game) => game.put({ type, color }, square, ACCEPT_ALL));
    }

    remove(square) {
      const piece = this.get(square);
      if (piece) {
        this._editOnCore((game) => game.remove(square, ACCEPT_ALL));
      } else {
        // Nothing moves; chess.js still drops the castling rights it kept without
        // their king or rook.
        this._castling = rightsAtHome(this._fenFields()[0], this._castling);
        this._keptRights = false;
        this._hash = positionHash(this._fenFields()[0], this.turn(), this._castling, this._epSquare);
        this._changed();
        this._edited();
      }
      return piece;
    }

    /**
     * Runs `edit` on a core game of the current position (every kind of problem
     * accepted) and takes the result; false, with nothing changed, when the core
     * refuses the edit or the board is one it refuses.
     */
    _editOnCore(edit) {
      const game = this._copyOfGame();
      if (!game) return false;
      try {
        edit(game);
      } catch {
        game.free();
        return false;
      }
      this._swapIn(game);
      this._edited();
      return true;
    }

    /** A new core game of the current position, or null for a board the core refuses. */
    _copyOfGame() {
      if (!this._game) return null;
      const game = new Game('chess');
      game.load(this._game.fen(), ACCEPT_ALL);
      return game;
    }

    /** After an edit: with no moves played, the edited board is the game's start. */
    _edited() {
      if (this._history.length === 0) {
        const fen = this.fen();
        this._start = { fen, castling: this._castling, epSquare: this._epSquare };
        this._header.setUp(fen);
      }
    }

    /**
     * Before another position is swapped in with the history kept: the last ply keeps
     * the game it led to, so that undo() goes back to the position before it, as
     * chess.js's does after an edit.
     */
    _keepLastPly() {
      const last = this._history[this._history.length - 1];
      if (last && !last.saved) last.saved = { game: this._game, fields: this._fields };
    }

    /** Swaps in the core game of an edited board (its castling rights and its dropped
     * en-passant square are the core's). */
    _swapIn(game) {
      this._keepLastPly();
      this._setPosition(game.fen().split(' '), { game });
    }

    /** Swaps in the position of other FEN fields (castling rights set by hand). */
    _replace(fields) {
      this._keepLastPly();
      this._setPosition(fields, coreGame(fields));
    }

    attackers(square, attackedBy = this.turn()) {
      if (!this._game || !isSquare(square)) return [];
      const squares = this._game.attackers(square, attackedBy);
      return squares.sort((a, b) => SQUARES.indexOf(a) - SQUARES.indexOf(b));
    }

    isAttacked(square, attackedBy) {
      if (attackedBy !== WHITE && attackedBy !== BLACK) return false;
      return this.attackers(square, attackedBy).length > 0;
    }

    // ---- state --------------------------------------------------------------------

    turn() {
      return this._game ? this._game.turn() : this._fields[1];
    }

    moveNumber() {
      return parseInt(this._fenFields()[5], 10);
    }

    hash() {
      return this._hash.toString(16);
    }

    isCheck() {
      if (!this._game) return false;
      this._inCheck ??= this._game.isCheck();
      return this._inCheck;
    }

    inCheck() {
      return this.isCheck();
    }

    // With moves to play there is neither mate nor stalemate; without, the core says
    // which (it also lists no moves once a game has ended by itself, a dead position).
    isCheckmate() {
      return this.isCheck() && this._legal().length === 0 && this._game.isCheckmate();
    }

    isStalemate() {
      if (this._game) return !this.isCheck() && this._legal().length === 0 && this._game.isStalemate();
      // A board the core refuses has no moves; like chess.js, an empty side is stalemated.
      const own = this.turn() === WHITE ? /[PNBRQK]/ : /[pnbrqk]/;
      return !own.test(this._fields[0]);
    }

    isInsufficientMaterial() {
      if (!this._game) return false;
      // A pawn, rook or queen can always mate: no need to ask the core.
      if (/[pPrRqQ]/.test(this._fenFields()[0])) return false;
      return this._game.isInsufficientMaterial();
    }

    isThreefoldRepetition() {
      return this._getPositionCount(this._hash) >= 3;
    }

    isDrawByFiftyMoves() {
      return parseInt(this._fenFields()[4], 10) >= 100;
    }

    isDraw() {
      return this.isDrawByFiftyMoves() || this.isStalemate() || this.isInsufficientMaterial()
        || this.isThreefoldRepetition();
    }

    isGameOver() {
      return this.isCheckmate() || this.isDraw();
    }

    // ---- moves ----------------------------------------------------------------------

    /**
     * The legal moves in chess.js's order, each `{ san, lan, from, to, piece, color,
     * promotion, flags, key }` (`flags` only tells castling), cached per position:
     * two string lists from the core, cheaper than full descriptions.
     */
    _legal() {
      if (this._movesCache) return this._movesCache;
      if (!this._game) return (this._movesCache = []);
      const sans = this._game.moves();
      const lans = this._game.legalMoves();
      const color = this._game.turn();
      const list = sans.map((san, index) => {
        const lan = lans[index];
        const first = san.charAt(0);
        const move = {
          san, lan, color, from: lan.slice(0, 2), to: lan.slice(2, 4), promotion: lan[4],
          piece: first === 'O' ? 'k' : first >= 'a' && first <= 'h' ? 'p' : first.toLowerCase(),
          flags: san.startsWith('O-O-O') ? 'q' : san.startsWith('O-O') ? 'k' : '',
        };
        move.key = moveOrderKey(move);
        return move;
      });
      return (this._movesCache = list.sort(byOrder));
    }

    moves({ verbose = false, square, piece } = {}) {
      const onSquare = typeof square === 'string' ? square.toLowerCase() : undefined;
      const ofPiece = typeof piece === 'string' ? piece.toLowerCase() : undefined;
      if (onSquare !== undefined && !isSquare(onSquare)) return [];
      const wanted = (move) => (onSquare === undefined || move.from === onSquare)
        && (ofPiece === undefined || move.piece === ofPiece);
      if (!verbose) return this._legal().filter(wanted).map((move) => move.san);
      if (!this._game) return [];
      const described = this._game.moves(onSquare === undefined ? { verbose: true } : { verbose: true, square: onSquare });
      return described
        .filter(wanted)
        .map((move) => ({ move, key: moveOrderKey(move) }))
        .sort(byOrder)
        .map(({ move }) => new Move(this._chessJsMove(move)));
    }

    /** A core move description with chess.js's castling rights in its FENs. */
    _chessJsMove(info) {
      if (!this._keptRights) return info;
      const rights = rightsAfter(this._castling, info);
      const withRights = (fen, value) => fen.replace(/^(\S+ \S+) \S+/, `$1 ${value}`);
      return { ...info, before: withRights(info.before, this._castling), after: withRights(info.after, rights) };
    }

    move(move, { strict = false } = {}) {
      if (move === null || move === '--') return this._nullMove();
      let chosen;
      if (typeof move === 'string') {
        chosen = findMove(move, this._legal(), strict);
      } else if (move && typeof move === 'object') {
        chosen = this._legal().find((legal) => legal.from === move.from && legal.to === move.to
          && (!legal.promotion || legal.promotion === move.promotion));
      }
      if (!chosen) {
        const shown = typeof move === 'string' ? move : JSON.stringify(move);
        throw chessJsError(ErrorKinds.IllegalMove, `Invalid move: ${shown}`);
      }
      return this._play(chosen);
    }

    _play(chosen) {
      const raw = this._game.move(chosen.lan);
      const info = this._chessJsMove(raw);
      const entry = { castling: this._castling, epSquare: this._epSquare, hash: this._hash };
      const move = new Move(info);
      this._castling = rightsAfter(this._castling, info);
      if (this._keptRights) this._keptRights = this._castling !== raw.after.split(' ')[2];
      this._epSquare = epAfter(info);
      this._hash = hashAfterMove(this._hash, info,
        { before: entry.castling, after: this._castling }, { before: entry.epSquare, after: this._epSquare });
      this._history.push({ ...entry, move });
      this._count(1);
      this._changed();
      // The move's description already tells the new position and whether it checks.
      this._coreFen = raw.after;
      this._inCheck = /[+#]$/.test(raw.san);
      return move;
    }

    _nullMove() {
      if (this.isCheck()) throw chessJsError(ErrorKinds.IllegalMove, 'Null move not allowed when in check');
      const before = this.fen();
      const color = this.turn();
      const fields = this._fenFields().slice();
      fields[1] = other(color);
      fields[3] = '-';
      fields[4] = String(parseInt(fields[4], 10) + 1);
      if (color === BLACK) fields[5] = String(parseInt(fields[5], 10) + 1);
      const entry = {
        castling: this._castling, epSquare: this._epSquare, hash: this._hash,
        saved: { game: this._game, fields: this._fields },
      };
      const castling = this._castling;
      const made = coreGame(fields);
      this._game = made.game ?? null;
      this._fields = made.game ? null : fields;
      this._castling = castling;
      this._epSquare = null;
      this._hash = hashAfterMove(this._hash, { flags: '-' },
        { before: castling, after: castling }, { before: entry.epSquare, after: null });
      this._changed();
      entry.move = nullMove(color, before, this.fen());
      this._history.push(entry);
      this._count(1);
      return entry.move;
    }

    undo() {
      const entry = this._history.pop();
      if (!entry) return null;
      this._count(-1);
      const edited = entry.saved ? this.board() : null;
      if (entry.saved) {
        this._game = entry.saved.game;
        this._fields = entry.saved.fields;
      }
      if (entry.move.flags !== '-') this._game.undo();
      this._changed();
      if (edited) this._keepEdits(edited, entry.move);
      this._castling = entry.castling;
      this._epSquare = entry.epSquare;
      this._hash = entry.hash;
      return entry.move;
    }

    /**
     * chess.js takes a move back on the board as it is now, so board edits made after
     * the move stay: the squares the move touched come from the core's position before
     * it, every other square from the edited board (`edited`, a `board()`), made
     * there by the core's own edits (removals first, so a king never stands twice).
     */
    _keepEdits(edited, move) {
      const touched = new Set(touchedSquares(move));
      const now = this.board().flat();
      const changes = edited.flat()
        .map((piece, index) => ({ piece, square: SQUARES[index], here: now[index] }))
        .filter(({ piece, square, here }) => !touched.has(square)
          && (piece?.type !== here?.type || piece?.color !== here?.color));
      if (changes.length === 0) return;
      const game = this._copyOfGame();
      if (!game) return;
      try {
        for (const { square, here } of changes) if (here) game.remove(square, ACCEPT_ALL);
        for (const { square, piece } of changes) {
          if (piece) game.put({ type: piece.type, color: piece.color }, square, ACCEPT_ALL);
        }
      } catch {
        game.free(); // an edited board the core refuses: the undone position stays
        return;
      }
      this._swapIn(game);
    }

    history({ verbose = false } = {}) {
      return this._history.map((entry) => (verbose ? entry.move : entry.move.san));
    }

    setTurn(color) {
      if (color === this.turn()) return false;
      this._nullMove();
      return true;
    }

    perft(depth) {
      if (!this._game) return 0;
      return this._game.perft(Math.max(1, Math.floor(depth)));
    }

    getCastlingRights(color) {
      const [king, queen] = color === WHITE ? ['K', 'Q'] : ['k', 'q'];
      return { k: this._castling.includes(king), q: this._castling.includes(queen) };
    }

    setCastlingRights(color, rights = {}) {
      const [king, queen] = color === WHITE ? ['K', 'Q'] : ['k', 'q'];
      let wanted = this._castling.replace('-', '');
      for (const [key, letter] of [['k', king], ['q', queen]]) {
        if (rights[key] === undefined) continue;
        wanted = wanted.replace(letter, '') + (rights[key] ? letter : '');
      }
      const fields = this._fenFields().slice();
      const kept = rightsAtHome(fields[0], wanted);
      fields[2] = kept;
      fields[3] = this._epSquare ?? '-';
      this._replace(fields);
      return Object.entries(rights).every(([key, value]) =>
        value === undefined || (key === 'k' ? kept.includes(king) : key === 'q' ? kept.includes(queen) : true) === value);
    }

    // ---- comments and headers --------------------------------------------------------

    getComment() {
      return this._comments.get(this.fen());
    }

    setComment(comment) {
      this._comments.set(this.fen(), String(comment).replace('{', '[').replace('}', ']'));
    }

    removeComment() {
      const fen = this.fen();
      const comment = this._comments.get(fen);
      this._comments.delete(fen);
      return comment;
    }

    deleteComment() {
      return this.removeComment();
    }

    /** The FENs of the current line, start first. */
    _line() {
      return [this._start.fen, ...this._history.map((entry) => entry.move.after)];
    }

    getComments() {
      const line = this._line();
      for (const fen of this._comments.keys()) if (!line.includes(fen)) this._comments.delete(fen);
      return line
        .filter((fen, index) => this._comments.has(fen) && line.indexOf(fen) === index)
        .map((fen) => ({ fen, comment: this._comments.get(fen) }));
    }

    removeComments() {
      const comments = this.getComments();
      this._comments.clear();
      return comments;
    }

    deleteComments() {
      return this.removeComments();
    }

    setHeader(key, value) {
      this._header.set(key, value);
      return this.getHeaders();
    }

    removeHeader(key) {
      return this._header.remove(key);
    }

    getHeaders() {
      return Object.fromEntries(this._header.entries());
    }

    header(...pairs) {
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        if (typeof pairs[i] === 'string' && typeof pairs[i + 1] === 'string') this._header.set(pairs[i], pairs[i + 1]);
      }
      return this._header.all();
    }

    // ---- PGN ------------------------------------------------------------------------

    pgn({ newline = '\n', maxWidth = 0 } = {}) {
      const startFields = this._start.fen.split(' ');
      return writePgn({
        tags: this._header.entries(),
        plies: this._history.map(({ move }) => move),
        commentAt: (fen) => this._comments.get(fen),
        startFen: this._start.fen,
        startMoveNumber: parseInt(startFields[5], 10),
        result: this._header.get('Result') || '*',
      }, { newline, maxWidth });
    }

    loadPgn(pgn, { strict = false, newlineChar = '\r?\n' } = {}) {
      const failure = (message) => chessJsError(ErrorKinds.InvalidPgn, message);
      const { text, fen, fenTagName, tokens } = prepareText(pgn, { strict, newlineChar }, failure);
      if (text.trim() === '') {
        this.reset();
        return;
      }
      const game = new Game('chess');
      try {
        game.loadPgn(text, ACCEPT_ALL);
      } catch (error) {
        const illegal = /illegal move '([^']*)'/.exec(error.message);
        throw failure(illegal ? `Invalid move in PGN: ${illegal[1]}` : error.message);
      }
      const history = game.history({ verbose: true });
      if (strict) {
        // Strict mode wants each move as SAN writes it (marks and '=' aside).
        const wrong = tokens.find((token, index) => strippedSan(token) !== strippedSan(history[index]?.san ?? ''));
        if (wrong !== undefined) throw failure(`Invalid move in PGN: ${wrong}`);
      }
      const tags = game.getHeaders();
      // chess.js keeps a comment's text as written, spaces around it included.
      const comments = game.getComments({ asWritten: true });
      this.reset();
      for (const [name, value] of Object.entries(tags)) this._header.set(name, value);
      if (fenTagName && fenTagName !== 'FEN') this._header.set(fenTagName, fen);
      // chess.js takes the result as written (the marker, else the tag), where the core
      // states the result of a game that ended on the board.
      const marker = /(1-0|0-1|1\/2-1\/2|\*)\s*$/.exec(text.replace(/\{[^}]*\}\s*$/, ''));
      const tag = /\[\s*Result\s*"([^"]*)"\s*\]/.exec(text);
      this._header.set('Result', marker?.[1] ?? tag?.[1] ?? '*');
      if (fen !== undefined) this.load(fen, { preserveHeaders: true });
      for (const info of history) this._play({ lan: info.lan });
      for (const { fen: at, comment } of comments) this._comments.set(at, comment);
    }
  }

  return { Chess, Move, validateFen };
}
