// A puzzle on one <alfiere-board>: the board's side of a PuzzleSession (../puzzles.js,
// where the solving rules live). It plays the setup action and the opponent's replies
// on the board after a short pause, hands the person's actions to the session, takes
// back a wrong one with a notice, circles the piece of a hint, plays the solution out
// when asked, and fires `puzzlemove`, `solved` and `failed`. While it is on, the board
// lets the person act only when the session says so and the engine plays for no side.
// The board loads this module when it is first given a puzzle.

import { PuzzleSession } from '../puzzles.js';
import { InvalidPuzzleError, InvalidArgumentError } from '../errors.js';

// The module imports nothing of the board's own, so a bundler shares no chunk with it.
const SIDE = { w: 'White', b: 'Black' };
const PAUSE = 500; // ms before the board's own action, so the person sees what happened

export class PuzzlePlayer {
  /** @param controller the board's controller; @param host the element (notify). */
  constructor(controller, host) {
    this.controller = controller;
    this.host = host;
    this.session = null;
    this.own = false; // the model change under way is this player's
    this.busy = false; // an action of the board's own is due: the person waits
    this.timer = null;
    this.wrong = false; // the actions to take back off the board: a wrong one (and the last turn's off the line before it)
    this.pause = PAUSE;
    this.onStop = []; // settles the promises of a load or a solution cut short
    controller.model.addEventListener('change', (event) => this.changed(event.detail));
  }

  /**
   * Starts `puzzle` ({variant, fen, moves, id?}, or its JSON text: the `puzzle`
   * attribute; null or blank text ends the puzzle). A bad one throws
   * InvalidPuzzleError and changes nothing. Resolves with the puzzle's state once the
   * person is to act (null when the puzzle ended before).
   */
  async load(puzzle, options) {
    const fromText = typeof puzzle === 'string';
    const pause = options?.pause ?? PAUSE;
    if (!(Number.isFinite(pause) && pause >= 0)) throw new InvalidArgumentError('the pause is a number of milliseconds');
    if (puzzle === null || puzzle === undefined || (fromText && !puzzle.trim())) return this.stop();
    const session = new PuzzleSession(fromText ? readJson(puzzle) : puzzle, { Game: this.controller.model.rules.Game });
    const known = this.controller.model.variantList.some((v) => v.id === session.puzzle.variant);
    if (!known) {
      session.free();
      throw new InvalidPuzzleError(`the board does not play ${session.puzzle.variant}`);
    }
    this.stop(false);
    const { controller } = this;
    controller.engine.cancel();
    this.session = session;
    this.pause = pause;
    controller.puzzle = this;
    this.mine(() => controller.model.newGame(session.puzzle.variant, session.puzzle.fen));
    this.busy = true;
    return new Promise((resolve) => {
      this.onStop.push(() => resolve(null));
      this.later(() => {
        this.step(() => session.playNext());
        // The solver sees the board from their side.
        controller.orientation = session.solver;
        this.busy = false;
        controller.render();
        resolve(this.state());
      });
    });
  }

  /** Ends the puzzle (the position stays; the engine, if any, plays on from it). */
  stop(resume = true) {
    clearTimeout(this.timer);
    this.clearHint();
    this.session?.free();
    this.session = null;
    this.busy = false;
    this.wrong = false;
    if (this.controller.puzzle === this) this.controller.puzzle = null;
    for (const settle of this.onStop.splice(0)) settle();
    this.controller.render();
    if (resume) this.controller.engine.sync();
    return null;
  }

  /** The puzzle and how it goes, or null. */
  state() {
    const s = this.session;
    if (!s) return null;
    return { ...s.puzzle, moves: [...s.puzzle.moves], themes: [...s.puzzle.themes], status: s.status, solver: s.solver, ply: s.ply, mistakes: s.mistakes, hintUsed: s.hintUsed, solved: s.solved, failed: s.failed };
  }

  /** Whether the person may act now (the board asks before every gesture). */
  personToAct() {
    return Boolean(this.session) && !this.busy && this.session.solverToAct;
  }

  /** The status line while the puzzle is on. */
  statusLine() {
    const s = this.session;
    const outcome = this.controller.model.game.outcome()?.text;
    if (this.wrong) return 'Not the move: it is taken back';
    if (s.status === 'complete') return `${s.solved ? 'Solved!' : 'The solution.'}${outcome ? ` ${outcome}.` : ''}`;
    if (s.revealed) return 'The solution, an action at a time…';
    if (s.status === 'setup') return 'The puzzle: the opponent plays first…';
    if (s.status === 'reply') return 'Right. The opponent replies…';
    return `Your turn: find the best ${this.multiAction() ? 'turn' : 'move'} for ${SIDE[s.solver]}`;
  }

  /** Whether a turn of the puzzle's rule set has several actions (Marseillais,
   * Progressive, Avalanche): the person is then to find a whole turn. */
  multiAction() {
    const variant = this.session?.puzzle.variant;
    return (this.controller.model.variantList.find((v) => v.id === variant)?.turn ?? 'single') !== 'single';
  }

  // ---- what the person and the page do -----------------------------------------------

  /** A change of the board's game: the person's action, or another change that ends the puzzle. */
  changed({ type, move }) {
    if (this.own || !this.session) return;
    if (type !== 'move' || !move || !this.session.solverToAct || this.busy) {
      this.stop(); // the game left the puzzle's line (a new game, a take-back, a move by the page)
      return;
    }
    this.clearHint();
    const session = this.session;
    let verdict;
    try {
      verdict = session.answer(move.lan);
    } catch {
      this.stop(); // cannot happen while the board and the session agree
      return;
    }
    const { correct } = verdict;
    this.notify('puzzlemove', {
      correct,
      san: move.san,
      lan: move.lan,
      complete: verdict.complete,
      provisional: verdict.provisional === true,
      offLine: verdict.offLine === true,
      takeBack: verdict.takeBack ?? 0,
      firstWrong: verdict.firstWrong?.san ?? null,
      reason: verdict.reason ?? null,
    });
    if (!correct) {
      if (session.mistakes === 1 && !session.revealed) this.notify('failed', { reason: 'mistake' });
      this.wrong = verdict.takeBack;
      this.busy = true;
      this.controller.render();
      const notice = wrongNotice(verdict);
      this.later(() => {
        this.takeBack();
        this.busy = false;
        this.controller.render();
        this.controller.showMessage(notice);
        this.controller.announce(notice);
      });
      return;
    }
    if (session.status === 'complete') {
      this.notify('solved', {});
      this.controller.render();
      return;
    }
    this.replies();
  }

  /** Plays the opponent's replies after a pause each, until the person is to act. */
  replies(then = null) {
    const session = this.session;
    const due = session && session.status !== 'complete' && (session.status === 'reply' || session.revealed);
    if (!due) {
      this.busy = false;
      this.controller.render();
      then?.();
      return;
    }
    this.busy = true;
    this.controller.render();
    this.later(() => {
      this.step(() => session.playNext());
      if (session.status === 'complete' && session.revealed) this.controller.announce('The solution is on the board.');
      this.replies(then);
    });
  }

  /** Circles the piece to move (for a drop, its square); returns the session's hint or null. */
  hint() {
    if (!this.personToAct()) return null;
    const hint = this.session.hint();
    if (!hint) return null; // off the line in the last turn: no hint until it is judged
    const controller = this.controller;
    // The board's flash list: drawn until the next action, then cleared (clearHint).
    controller.flashShapes([{ square: hint.square, brush: 'green', board: hint.board }], 2 ** 31 - 1);
    controller.announce(`Hint: the ${hint.drop ? 'drop on' : 'piece on'} ${hint.square}.`);
    return hint;
  }

  clearHint() {
    const controller = this.controller;
    if (!controller.flash) return;
    clearTimeout(controller.flash.timer);
    controller.flash = null;
    controller.drawShapes();
  }

  /** Plays the rest of the line, an action at a time; the puzzle counts as failed.
   * Resolves true when it is on the board (false when there was no puzzle to show, or
   * the puzzle ended first). */
  showSolution() {
    const session = this.session;
    if (!session || session.status === 'complete' || session.status === 'setup') return Promise.resolve(false);
    this.clearHint();
    const first = !session.failed;
    session.reveal();
    if (first) this.notify('failed', { reason: 'solution' });
    clearTimeout(this.timer);
    if (this.wrong) this.takeBack();
    // The person's actions off the line in the last turn go back before the line is shown.
    this.wrong = session.abandonTurn();
    if (this.wrong) this.takeBack();
    return new Promise((resolve) => {
      this.onStop.push(() => resolve(false));
      this.replies(() => resolve(true));
    });
  }

  // ---- helpers -------------------------------------------------------------------

  /** Takes the wrong action back off the board (with the last turn's actions off the
   * line before it, when that turn failed: `wrong` counts them). */
  takeBack() {
    const count = this.wrong === true ? 1 : this.wrong;
    this.wrong = false;
    this.mine(() => {
      for (let i = 0; i < count; i++) this.controller.model.undo();
    });
    this.controller.model.redoStack = []; // the wrong action is no line to redo
  }

  /** Plays the session's next action on the board, animated like any action. */
  step(play) {
    const move = play();
    this.controller.animateNext = true;
    this.mine(() => this.controller.model.play(move.lan));
  }

  /** A change of the game by this player (the change listener leaves it alone). */
  mine(change) {
    this.own = true;
    try {
      change();
    } finally {
      this.own = false;
    }
  }

  later(action) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.session && action(), this.pause);
  }

  notify(type, detail) {
    const s = this.session;
    this.host.notify(type, { id: s.puzzle.id, mistakes: s.mistakes, hintUsed: s.hintUsed, ...detail });
  }
}

/** What the board says of a wrong action, as the session judged it: in a winning turn
 * played off the line, the first action after which the turn could not win (or how many
 * actions go back when that could not be told); elsewhere, that it is not the move. */
function wrongNotice(verdict) {
  const san = verdict.firstWrong?.san ?? verdict.move.san;
  if (verdict.reason !== 'turn-cannot-win') return `${san} is not the move. Try again.`;
  if (verdict.firstWrong) return `${san} is not the move: after it the turn cannot win. Try again.`;
  return `The turn cannot win any more: its last ${verdict.takeBack} actions are taken back. Try again.`;
}

/** A puzzle as text (the `puzzle` attribute): a JSON object {variant, fen, moves, id?}. */
function readJson(text) {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InvalidPuzzleError(`a puzzle as text must be JSON: {"variant": …, "fen": …, "moves": …} (${err.message})`);
  }
}
