// Puzzles: reading the shipped puzzle files and solving one puzzle. This module is the
// one place where the solving rules live (README "Puzzles in JavaScript");
// the board, the page and the embed only follow what a PuzzleSession says.
//
// A puzzle is `{id, variant, fen, moves, rating, themes}`: `fen` is the position before
// the setup action, `moves` the UCI actions of the line, one token per action, the
// first being the opponent's action that sets the puzzle up (the lichess puzzle
// database's convention). After it, the side to act is the solver: whenever the side to
// act is the solver the next token is the person's to find, otherwise it is the
// opponent's reply, played for them. The line ends with a solver action.
//
// The chess is the wasm `Game`'s: this module is given the `Game` class (the package's
// entries pass their own) and asks it whether each action is legal and how it ends.
//
//   const puzzles = parsePuzzles(csvText, { variant: 'alice' });  // text only
//   const session = new PuzzleSession(puzzles[0], { Game });       // replays the line
//   session.playNext();              // the setup action (status: 'setup' → 'solving')
//   const verdict = session.answer('e1e8');   // {correct, move, expected, complete}
//   while (session.status === 'reply') session.playNext();  // the opponent's replies
//   session.hint(); session.solution(); session.reveal();

import { InvalidPuzzleError, InvalidArgumentError } from './errors.js';

/** The header line of a puzzle file. */
export const PUZZLE_HEADER = 'PuzzleId,FEN,Moves,Rating,Themes';

const ID = /^[0-9a-z]{5}$/;
const THEME = /^[a-z][A-Za-z0-9]*$/;
// Bounds for text that may come from a URL or an attribute, so a hostile one cannot
// make the board replay thousands of actions; generous, since a late Progressive turn
// alone holds dozens of actions.
const MAX_FEN = 256;
const MAX_ACTIONS = 256;
const MAX_TOKEN = 12;
// Positions `Game.turnCanWin` may search to judge one action of a winning turn: about
// 0.1 s at most in a browser, enough to judge every action of most shipped puzzles at
// once (a Progressive series' first actions may stay unjudged until the turn ends).
const TURN_WIN_NODES = 5000;

/**
 * Reads a puzzle file (`data/puzzles/<rule set>.csv`): the header, then one puzzle a
 * line. `variant` is the rule set of the file (its puzzles carry it). With `Game`, each
 * puzzle is also replayed (checkPuzzle). Throws InvalidPuzzleError naming the line
 * (`error.line`, counted from 1 for the header) at the first bad one.
 */
export function parsePuzzles(text, { variant, Game } = {}) {
  if (typeof text !== 'string') throw new InvalidArgumentError(`a puzzle file must be a string, not ${typeOf(text)}`);
  if (typeof variant !== 'string' || !variant) throw new InvalidArgumentError('parsePuzzles needs the rule set of the file: { variant }');
  const lines = text.replace(/^\uFEFF/, '').split('\n').map((line) => line.replace(/\r$/, ''));
  while (lines.length && lines.at(-1) === '') lines.pop(); // the file's final newline
  if (lines[0] !== PUZZLE_HEADER) {
    throw lineError(1, `the header must be exactly “${PUZZLE_HEADER}”, not “${clip(lines[0] ?? '')}”`);
  }
  const seen = new Set();
  const puzzles = [];
  for (let i = 1; i < lines.length; i++) {
    const line = i + 1;
    const puzzle = parseRow(lines[i], line, variant);
    if (seen.has(puzzle.id)) throw lineError(line, `the PuzzleId ${puzzle.id} is used twice`);
    seen.add(puzzle.id);
    if (Game) {
      try {
        checkPuzzle(puzzle, { Game });
      } catch (err) {
        throw lineError(line, err.message, err);
      }
    }
    puzzles.push(puzzle);
  }
  return puzzles;
}

/** One line of a puzzle file, checked for form (not yet replayed). */
function parseRow(row, line, variant) {
  const fields = row.split(',');
  if (fields.length !== 5) throw lineError(line, `expected 5 fields (${PUZZLE_HEADER}), found ${fields.length}`);
  const [id, fen, moves, rating, themes] = fields;
  if (!ID.test(id)) throw lineError(line, `the PuzzleId must be 5 characters 0-9 a-z, not “${clip(id)}”`);
  if (!fen || fen !== fen.trim()) throw lineError(line, `puzzle ${id}: the FEN is empty or has spaces around it`);
  const tokens = moves.split(' ');
  if (tokens.some((token) => !token)) throw lineError(line, `puzzle ${id}: the Moves must be UCI actions separated by single spaces`);
  if (!/^\d+$/.test(rating) || +rating < 600 || +rating > 2800) {
    throw lineError(line, `puzzle ${id}: the Rating must be a whole number from 600 to 2800, not “${clip(rating)}”`);
  }
  const themeList = themes === '' ? [] : themes.split(' ');
  const badTheme = themeList.find((theme) => !THEME.test(theme));
  if (badTheme !== undefined) throw lineError(line, `puzzle ${id}: “${clip(badTheme)}” is not a theme (camelCase words separated by single spaces)`);
  try {
    return normalisePuzzle({ id, variant, fen, moves: tokens, rating: +rating, themes: themeList });
  } catch (err) {
    throw lineError(line, err.message, err);
  }
}

/**
 * A puzzle in its one shape, `{id, variant, fen, moves: string[], rating, themes}`,
 * from `{variant, fen, moves}` where `moves` is an array or a space-separated string
 * (`id`, `rating` and `themes` are optional). Checks the form only; throws
 * InvalidPuzzleError.
 */
export function normalisePuzzle(puzzle) {
  if (puzzle === null || typeof puzzle !== 'object' || Array.isArray(puzzle)) {
    throw new InvalidPuzzleError(`a puzzle must be an object {variant, fen, moves}, not ${typeOf(puzzle)}`);
  }
  const { id = null, variant = 'chess', fen, moves, rating = null, themes = [] } = puzzle;
  if (id !== null && (typeof id !== 'string' || !/^[0-9A-Za-z_-]{1,40}$/.test(id))) {
    throw new InvalidPuzzleError('a puzzle id must be 1-40 letters, digits, - or _');
  }
  if (typeof variant !== 'string' || !/^[a-z][a-z0-9-]{0,29}$/.test(variant)) throw new InvalidPuzzleError(`“${clip(String(variant))}” is not a rule set id`);
  if (typeof fen !== 'string' || !fen.trim()) throw new InvalidPuzzleError('a puzzle needs the FEN of the position before its setup action');
  if (fen.length > MAX_FEN) throw new InvalidPuzzleError(`a puzzle's FEN is at most ${MAX_FEN} characters`);
  let tokens;
  if (typeof moves === 'string') tokens = moves.trim().split(/\s+/);
  else if (Array.isArray(moves) && moves.every((token) => typeof token === 'string')) tokens = moves.map((token) => token.trim());
  else throw new InvalidPuzzleError('a puzzle\'s moves must be UCI actions: an array of strings or one string separated by spaces');
  if (tokens.length < 2 || tokens.some((token) => !token)) {
    throw new InvalidPuzzleError('a puzzle\'s moves need the setup action and at least one action to find');
  }
  if (tokens.length > MAX_ACTIONS) throw new InvalidPuzzleError(`a puzzle has at most ${MAX_ACTIONS} actions`);
  const badToken = tokens.find((token) => token.length > MAX_TOKEN || !/^[A-Za-z0-9@=]+$/.test(token));
  if (badToken !== undefined) throw new InvalidPuzzleError(`“${clip(badToken)}” is not a UCI action`);
  if (rating !== null && !(Number.isInteger(rating) && rating >= 0 && rating <= 4000)) throw new InvalidPuzzleError('a puzzle\'s rating must be a whole number');
  if (!Array.isArray(themes) || themes.some((theme) => typeof theme !== 'string' || !THEME.test(theme))) {
    throw new InvalidPuzzleError('a puzzle\'s themes must be camelCase words');
  }
  return { id, variant, fen: fen.trim(), moves: tokens, rating, themes: [...themes] };
}

/**
 * Replays a puzzle through the `Game`: the position must be one of its rule set, every
 * action legal, and the line must end with an action of the solver (the side to act
 * after the setup action), before the game is over. Returns the normalised puzzle;
 * throws InvalidPuzzleError (with the core's error as `cause`).
 */
export function checkPuzzle(puzzle, { Game } = {}) {
  const normal = normalisePuzzle(puzzle);
  const game = openGame(normal, needGame(Game));
  try {
    replay(game, normal);
  } finally {
    game.free();
  }
  return normal;
}

function needGame(Game) {
  if (typeof Game !== 'function') throw new InvalidArgumentError('puzzles need the wasm Game class: { Game }');
  return Game;
}

/** Where the line's last solver turn starts, when the line ends by winning the game
 * with a turn of several actions (any such turn is then right); Infinity otherwise.
 * `game` stands at the puzzle's start and is left there. */
function winningTurnStart(game, moves) {
  const movers = [];
  for (const token of moves) {
    movers.push(game.turn());
    game.move(token);
  }
  const solver = movers[1];
  const won = game.isGameOver() && game.outcome()?.winner === solver;
  moves.forEach(() => game.undo());
  if (!won) return Infinity;
  let start = moves.length;
  while (start > 1 && movers[start - 1] === solver) start--;
  return moves.length - start >= 2 ? start : Infinity;
}

function openGame(puzzle, Game) {
  try {
    return new Game(puzzle.variant, puzzle.fen);
  } catch (err) {
    throw new InvalidPuzzleError(`${puzzleName(puzzle)}: ${err?.message ?? err}`, { cause: err });
  }
}

/** Plays the whole line on `game`; returns the solver's side. */
function replay(game, puzzle) {
  let solver = null;
  puzzle.moves.forEach((token, index) => {
    if (game.isGameOver()) {
      throw new InvalidPuzzleError(`${puzzleName(puzzle)}: the game is over before action ${index + 1} (${token})`);
    }
    try {
      game.move(token);
    } catch (err) {
      throw new InvalidPuzzleError(`${puzzleName(puzzle)}: action ${index + 1} (${token}) is not legal: ${err?.message ?? err}`, { cause: err });
    }
    if (index === 0) solver = game.turn();
  });
  const last = game.history({ verbose: true }).at(-1);
  if (last.color !== solver) {
    throw new InvalidPuzzleError(`${puzzleName(puzzle)}: the line must end with an action of the solver (${solver === 'w' ? 'White' : 'Black'})`);
  }
  return solver;
}

/**
 * One person solving one puzzle, on a Game of its own. The session plays the setup
 * action and the opponent's replies when asked (`playNext`), judges the person's
 * actions (`answer`), counts mistakes, gives hints and the solution.
 *
 * `status`: 'setup' (the setup action is to be played), 'solving' (the person is to
 * act), 'reply' (the opponent's reply is to be played), 'complete' (the line is over:
 * `solved` if the person found it, else it was shown). `failed` is true from the first
 * wrong action or from `reveal()` on.
 */
export class PuzzleSession {
  #game;
  #line; // the line as played: the puzzle's tokens, a turn's actions in the order the person chose
  #index = 0; // the next token of the line
  #revealed = false;
  #wonEarly = false; // the person ended the game with a winning action outside the line
  #freeFrom = Infinity; // where the line's last solver turn starts, when it wins the game in several actions
  #free = []; // the person's actions in that turn off the line: {lan, san, wins}, `wins` whether the turn could still win after it (null: not known)

  /** Replays the puzzle first (checkPuzzle); throws InvalidPuzzleError for a bad one. */
  constructor(puzzle, { Game } = {}) {
    this.puzzle = frozen(checkPuzzle(puzzle, { Game })); // the line cannot change under the session
    this.#game = openGame(this.puzzle, Game);
    this.#line = [...this.puzzle.moves];
    this.#freeFrom = winningTurnStart(this.#game, this.puzzle.moves);
    this.mistakes = 0;
    this.hintUsed = false;
    this.solver = null; // 'w' or 'b', known once the setup action is played
  }

  /** The session's Game (read it; change it only through the session). */
  get game() {
    return this.#game;
  }

  /** How far into the line: the number of its actions played. */
  get ply() {
    return this.#index;
  }

  get status() {
    if (this.#index === 0) return 'setup';
    if (this.#wonEarly || this.#index >= this.#line.length) return 'complete';
    return this.#game.turn() === this.solver ? 'solving' : 'reply';
  }

  /** Whether the person is to find the next action. */
  get solverToAct() {
    return this.status === 'solving';
  }

  /** The line is over and the person found every action of it (mistakes taken back count in `mistakes`). */
  get solved() {
    return this.status === 'complete' && !this.#revealed;
  }

  /** A wrong action was tried, or the solution was shown. */
  get failed() {
    return this.mistakes > 0 || this.#revealed;
  }

  /** Whether the solution was shown (`reveal`). */
  get revealed() {
    return this.#revealed;
  }

  /**
   * Plays the next action of the line when it is not the person's to find (the setup
   * action, an opponent's reply), or any action once the solution is revealed.
   * Returns the Game's verbose move; throws InvalidArgumentError when the person is to
   * act (or the line is over).
   */
  playNext() {
    const status = this.status;
    if (status === 'complete') throw new InvalidArgumentError('the puzzle is over: there is no next action');
    if (status === 'solving' && !this.#revealed) throw new InvalidArgumentError('the solver is to act: answer() judges their action');
    const move = this.#game.move(this.#line[this.#index++]);
    if (this.#index === 1) this.solver = this.#game.turn();
    return move;
  }

  /**
   * Judges the person's action (UCI, SAN or {from, to, promotion}) while `status` is
   * 'solving'. Right: it is the line's next action, or another action of the same
   * turn still to come (in the multi-action rule sets a turn's actions may come in any
   * order that stays legal, as long as the turn does not end before all of them are
   * played), or it ends the game at once with the solver's win; it is played. Wrong:
   * nothing is played and `mistakes` grows. Returns `{correct, move, expected,
   * complete}` (`move` the verbose form of the action tried, `expected` the line's
   * token). An illegal action throws the Game's IllegalMoveError and counts as nothing.
   *
   * In a line whose last turn wins the game with several actions, any way of playing
   * that turn that wins is right, so each action off the line is judged as it comes:
   * right (played) while some way of finishing the turn still wins, wrong at once when
   * none does. When that cannot be told within a bounded search it is played with
   * `provisional: true` and judged when the turn ends. A wrong answer there has
   * `takeBack` (the actions the board takes back: to the last position from which the
   * turn could still win), `firstWrong` (the verbose first action after which it
   * could not, or null when the search could not tell which) and `reason`
   * (`'turn-cannot-win'` there, `'not-the-line'` for any other wrong action).
   */
  answer(action) {
    if (this.status !== 'solving') throw new InvalidArgumentError(`the solver is not to act (the puzzle's status is ${this.status})`);
    const expected = this.#free.length ? null : this.#line[this.#index];
    const trial = this.#game.clone();
    let move;
    let wins;
    let endsTurn;
    let canWin = null; // whether the winning turn can still win after the action
    let inTurn;
    let at = -1;
    try {
      move = trial.move(action); // throws IllegalMoveError for an illegal one
      wins = trial.isGameOver() && trial.outcome()?.winner === this.solver;
      endsTurn = trial.turn() !== this.solver;
      trial.undo();
      if (!this.#free.length) at = this.#turnIndexOf(trial, move);
      // Another action of the turn must leave the turn open for the rest of it (a
      // Progressive check played early would end the series).
      inTurn = at === this.#index || (at > this.#index && !endsTurn);
      if (!inTurn && !wins && this.#index >= this.#freeFrom && !endsTurn) {
        trial.move(move.lan);
        canWin = this.#lineStillWins(trial) || trial.turnCanWin(TURN_WIN_NODES);
      } else if (endsTurn) {
        canWin = false;
      }
    } finally {
      trial.free();
    }
    // The line's last turn wins the game: any way of playing it that does is right,
    // so an action off the line is played while the turn can still win.
    const free = !inTurn && !wins && this.#index >= this.#freeFrom && canWin !== false;
    if (!inTurn && !wins && !free) return this.#wrong(move, expected, canWin === false && this.#index >= this.#freeFrom);
    const played = this.#game.move(move.lan);
    if (free) {
      this.#free.push({ lan: move.lan, san: played.san, wins: canWin });
      return { correct: true, move: played, expected, complete: false, offLine: true, provisional: canWin === null };
    }
    if (inTurn) {
      const [token] = this.#line.splice(at, 1);
      this.#line.splice(this.#index, 0, token);
      this.#index++;
    } else {
      this.#wonEarly = true;
    }
    return { correct: true, move: played, expected, complete: this.status === 'complete' };
  }

  /** Whether the line's own actions still left, played in their order (where legal)
   * after what the person played, win the turn from `game` (left as it was), with up to
   * two of them left out, as the person's own actions may have taken their place (in
   * Progressive Italian the mate must be a series' last action): the quick proof that
   * a spare action spoilt nothing, before any search. */
  #lineStillWins(game) {
    const tokens = this.#line.slice(this.#index);
    const skips = [[]];
    for (let i = 0; i < tokens.length; i++) {
      skips.push([i]);
      for (let j = i + 1; j < tokens.length; j++) skips.push([i, j]);
    }
    return skips.some((skip) => this.#playsToWin(game, tokens.filter((_, i) => !skip.includes(i))));
  }

  /** Whether `tokens`, each played where legal while the solver acts, win the game
   * from `game` (left as it was). */
  #playsToWin(game, tokens) {
    let played = 0;
    try {
      for (const token of tokens) {
        if (game.turn() !== this.solver) break;
        try {
          game.move(token);
          played++;
        } catch {
          // Played already, or not legal here: the next one.
        }
      }
      return game.isGameOver() && game.outcome()?.winner === this.solver;
    } finally {
      for (let i = 0; i < played; i++) game.undo();
    }
  }

  /** The verdict on a wrong action `move` (not played): the actions to take back go
   * to the last position of the turn from which it could still win. `lost`: it was
   * judged by whether the winning turn could still win after it. */
  #wrong(move, expected, lost) {
    this.mistakes++;
    // The turn's start could win (the puzzle says so), and so could the position after
    // each action judged right; after an unjudged one it is not known.
    let keep = this.#free.length;
    while (keep > 0 && this.#free[keep - 1].wins !== true) keep--;
    const unjudged = this.#free.slice(keep);
    const takeBack = unjudged.length + 1; // the action tried, and those before it not known to keep a win
    for (let i = 0; i < unjudged.length; i++) this.#game.undo();
    this.#free.length = keep;
    // The first action after which no winning turn was left: the one tried, when every
    // action before it was judged right; one of the unjudged ones or it otherwise.
    const firstWrong = unjudged.length ? null : move;
    const reason = lost ? 'turn-cannot-win' : 'not-the-line';
    return { correct: false, move, expected, complete: false, takeBack, firstWrong, reason };
  }

  /** Leaves the last turn's actions off the line (before showing the solution);
   * returns how many were taken back. */
  abandonTurn() {
    const count = this.#free.length;
    for (let i = 0; i < count; i++) this.#game.undo();
    this.#free = [];
    return count;
  }

  /** The index past the solver's current turn in the line. */
  #turnEnd() {
    const trial = this.#game.clone();
    try {
      let end = this.#index;
      while (end < this.#line.length && trial.turn() === this.solver) trial.move(this.#line[end++]);
      return end;
    } finally {
      trial.free();
    }
  }

  /** Where `move` (played from `game`'s position) stands among the tokens of the
   * solver's current turn still to come (the same action however spelt: its UCI, or
   * the position it leads to); -1 if it is not one of them. */
  #turnIndexOf(game, move) {
    const end = this.#turnEnd();
    for (let i = this.#index; i < end; i++) {
      let token;
      try {
        token = game.move(this.#line[i]);
      } catch {
        continue; // not playable before the actions ahead of it
      }
      game.undo();
      if (token.lan === move.lan || token.after === move.after) return i;
    }
    return -1;
  }

  /**
   * The next action the person is to find: `{square, piece, drop, token, board?}`,
   * where `square` is the piece's square (for a drop, the square it is dropped on,
   * since the pocket has none), `piece` its letter and, in Alice, `board` the board it
   * stands on. Marks the hint as used. Null when the person is not to act.
   */
  hint() {
    if (this.status !== 'solving' || this.#free.length) return null;
    const move = this.#peek();
    this.hintUsed = true;
    const drop = move.kind === 'drop';
    const hint = { square: drop ? move.to : move.from, piece: move.piece, drop, token: move.lan };
    // Alice: the board the piece stands on, as the Game places it.
    const board = drop ? null : this.#game.board().flat().find((cell) => cell?.square === move.from)?.board;
    if (board) hint.board = board;
    return hint;
  }

  /** The verbose form of the line's next action (without playing it). */
  #peek() {
    const trial = this.#game.clone();
    try {
      return trial.move(this.#line[this.#index]);
    } finally {
      trial.free();
    }
  }

  /** The line's actions not yet played (UCI tokens). */
  solution() {
    return this.status === 'complete' ? [] : this.#line.slice(this.#index);
  }

  /** Gives up: the puzzle counts as failed, and `playNext` now plays the person's actions
   * too (call `abandonTurn()` first when the person is off the line in the last turn). */
  reveal() {
    this.#revealed = true;
  }

  /** The person's actions off the line in the last turn, played but not yet judged. */
  get offLine() {
    return this.#free.length;
  }

  /** Frees the session's Game. */
  free() {
    this.#game.free();
  }
}

/** `checkPuzzle` and `PuzzleSession` with a given `Game` class as their default (the
 * package entries bind their own). */
export function puzzlesWith(Game) {
  return {
    checkPuzzle: (puzzle, options = {}) => checkPuzzle(puzzle, { Game, ...options }),
    PuzzleSession: class extends PuzzleSession {
      constructor(puzzle, options = {}) {
        super(puzzle, { Game, ...options });
      }
    },
  };
}

function frozen(puzzle) {
  Object.freeze(puzzle.moves);
  Object.freeze(puzzle.themes);
  return Object.freeze(puzzle);
}

function lineError(line, message, cause) {
  const error = new InvalidPuzzleError(`line ${line}: ${message}`, cause ? { cause } : undefined);
  error.line = line;
  return error;
}

function puzzleName(puzzle) {
  return puzzle.id ? `puzzle ${puzzle.id}` : 'the puzzle';
}

function clip(text) {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function typeOf(value) {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
