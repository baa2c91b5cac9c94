// The page's Puzzles mode: per rule set, loads `puzzles/<rule set>.csv` (platform.js;
// the single-file build carries a sample), picks the next puzzle near the person's
// rating (puzzle-choice.js) and plays it on the board through the board's puzzle API
// (loadPuzzle, hint, showSolution and its events: the solving rules live in the
// package's PuzzleSession, not here). This module says what happens in words (a
// wrong action is taken back with a notice; after two the solution is offered), keeps
// the person's Glicko-2 rating, streak and recent puzzles (puzzle-ratings.js, stored
// under PUZZLES_KEY) and, after the puzzle, shows the result, the rating change, the
// streak, the puzzle's id and themes and *Next puzzle*. Text only, via textContent.
//
// The rating is settled once per puzzle, at the first of: a wrong action, the hint or
// the solution (a loss against the puzzle), or a clean solve (a win); a puzzle left
// unfinished is given back when the person comes back to its rule set.

import { save } from 'alfiere/board/storage';
import { readRecord } from './stored-records.js';
import { parsePuzzles } from 'alfiere';
import { loadPuzzleFile } from './platform.js';
import { chooseNextPuzzle } from './puzzle-choice.js';
import { PUZZLES_KEY, newRecord, ratingText, readRecords, recordResult, recordSkipped, storedRecords } from './puzzle-ratings.js';

const $ = (id) => document.getElementById(id);
const SIDE = { w: 'White', b: 'Black' };
/** Wrong actions before the solution is offered. */
export const MISTAKES_BEFORE_SOLUTION = 2;

/** The words for a wrong action (the board's `puzzlemove` detail): in a winning turn
 * played another way than the line, the first action after which the turn could not
 * win any more; elsewhere, the action tried. */
function wrongWords(detail) {
  const san = detail.firstWrong ?? detail.san ?? 'That';
  if (detail.reason !== 'turn-cannot-win') return `${san} is not the move: it is taken back.`;
  if (detail.firstWrong) return `${san} is not the move: after it the turn cannot win. It is taken back.`;
  return `The turn cannot win any more: its last ${detail.takeBack} actions are taken back.`;
}

/** The words for a right action that does not end the puzzle: praise only what is
 * known to be right. */
function rightWords(detail) {
  if (detail.provisional) return 'Played. Whether the turn still wins is judged when it ends.';
  if (detail.offLine) return 'Right: the turn can still win. Keep going.';
  return 'Best action! Keep going.';
}

export class PuzzleMode {
  /** @param page the Page (board, players, refresh, showError) */
  constructor(page) {
    this.page = page;
    this.board = page.board;
    // A rule set's record that is not what the page wrote is dropped, with the page's notice.
    const problems = page.storedProblems.length;
    this.records = readRecords(readRecord(PUZZLES_KEY, (value) => value, page.storedProblems, 'puzzle ratings'), page.storedProblems);
    if (page.storedProblems.length > problems) this.store(); // what was dropped is forgotten
    this.sets = new Map(); // rule set → its puzzles (parsed once)
    this.variant = null; // the rule set whose puzzles are open
    this.puzzle = null; // the puzzle on the board
    this.attempt = null; // {mistakes, hint, settled, change, over, solved}
    this.loading = 0; // a counter, so a late load of an older request is dropped
    const board = this.board;
    board.addEventListener('puzzlemove', (event) => this.onStep(event.detail));
    board.addEventListener('solved', () => this.onEnd(true));
    board.addEventListener('failed', () => this.onFailed());
    $('puzzle-hint').addEventListener('click', () => this.hint());
    $('puzzle-solution').addEventListener('click', () => this.showSolution());
    $('puzzle-next').addEventListener('click', () => this.next());
  }

  get active() {
    return this.page.players.mode === 'puzzle';
  }

  /** Whether the person is solving (the answer must not be shown by the analysis). */
  get solving() {
    return this.active && Boolean(this.puzzle) && !this.attempt?.over;
  }

  record(variant) {
    if (!this.records.has(variant)) this.records.set(variant, newRecord());
    return this.records.get(variant);
  }

  store() {
    save(PUZZLES_KEY, storedRecords(this.records));
  }

  /** The puzzles of `variant`, fetched and parsed once. */
  async puzzlesOf(variant) {
    if (!this.sets.has(variant)) {
      const text = await loadPuzzleFile(variant);
      this.sets.set(variant, parsePuzzles(text, { variant }));
    }
    return this.sets.get(variant);
  }

  /** Opens `variant`'s puzzle in hand, or the next one near the person's rating. */
  async open(variant) {
    const ticket = ++this.loading;
    this.variant = variant;
    this.puzzle = null;
    this.attempt = null;
    delete $('puzzle-card').dataset.puzzleId;
    this.render(`Loading the ${this.page.variantName(variant)} puzzles…`);
    let puzzles;
    try {
      puzzles = await this.puzzlesOf(variant);
    } catch (err) {
      if (ticket === this.loading) this.render(`No puzzles: ${err?.message ?? err}.`);
      return;
    }
    if (ticket !== this.loading || !this.active) return;
    const record = this.record(variant);
    const inHand = record.current && !record.recent.includes(record.current) ? puzzles.find((p) => p.id === record.current) : null;
    const puzzle = inHand ?? chooseNextPuzzle(puzzles, { rating: record.rating, recent: record.recent });
    if (!puzzle) {
      this.render('This rule set has no puzzles yet.');
      return;
    }
    record.current = puzzle.id;
    this.store();
    await this.play(puzzle);
  }

  /** The next puzzle of the rule set on the board. */
  next() {
    if (this.active) this.open(this.variant ?? this.board.variant);
  }

  async play(puzzle) {
    this.puzzle = puzzle;
    this.attempt = { mistakes: 0, hint: false, settled: false, change: 0, over: false, solved: false, revealed: false, broken: false };
    const board = this.board;
    try {
      await board.loadPuzzle(puzzle);
    } catch (err) {
      if (this.puzzle !== puzzle) return;
      // Skipped for good, so that it is not given back on every visit; Next puzzle goes on.
      this.records.set(puzzle.variant, recordSkipped(this.record(puzzle.variant), puzzle.id));
      this.store();
      this.attempt.over = true;
      this.attempt.broken = true;
      this.render(`Puzzle ${puzzle.id} could not be played: ${err?.message ?? err}.`, 'wrong');
      return;
    }
    if (this.puzzle !== puzzle) return; // another one was asked for meanwhile
    $('puzzle-card').dataset.puzzleId = puzzle.id; // for scripts and tests: the puzzle is on the board
    this.render(this.task());
    this.page.refresh();
  }

  /** What the person is to do, in words: what the setup action was, and whose move to find. */
  task() {
    const solver = this.board.puzzle?.solver ?? this.board.game.turn();
    const setup = this.board.history().at(-1);
    const played = setup ? `${SIDE[setup.color]} played ${setup.san}. ` : '';
    return `${played}Find the best ${this.multiAction() ? 'turn' : 'action'} for ${SIDE[solver]}.`;
  }

  /** Whether a turn of the rule set on the board has several actions: the person is
   * then to find a whole turn, not one action. */
  multiAction() {
    const variant = this.puzzle?.variant ?? this.board.variant;
    return (this.board.variants.find((v) => v.id === variant)?.turn ?? 'single') !== 'single';
  }

  onStep(detail) {
    if (!this.puzzle || !this.attempt) return;
    if (detail?.correct === false) {
      this.attempt.mistakes += 1;
      this.settle(false);
      const offer = this.attempt.mistakes >= MISTAKES_BEFORE_SOLUTION ? ' You can see the solution.' : '';
      this.render(`${wrongWords(detail)} Try again.${offer}`, 'wrong');
    } else if (detail?.correct === true && !detail.complete && !this.attempt.over) {
      this.render(rightWords(detail), detail.provisional ? '' : 'right');
    }
  }

  onFailed() {
    // The first wrong action or the solution: a loss, whichever comes first.
    this.settle(false);
  }

  onEnd(solved) {
    const attempt = this.attempt;
    if (!attempt || attempt.over) return;
    const clean = solved && !attempt.mistakes && !attempt.hint && !attempt.revealed;
    this.settle(clean);
    attempt.over = true;
    attempt.solved = solved && !attempt.revealed;
    const help = attempt.hint ? 'the hint' : attempt.mistakes === 1 ? 'a mistake' : 'mistakes';
    const words = clean ? 'Solved!' : attempt.solved ? `Solved, with ${help}: it counts as not solved.` : 'The solution is on the board.';
    this.render(words, clean ? 'solved' : '');
    this.page.refresh();
  }

  hint() {
    if (!this.solving) return;
    const hint = this.board.hint();
    if (!hint) return;
    this.attempt.hint = true;
    this.settle(false);
    this.render('The piece to move is circled.', '');
  }

  async showSolution() {
    if (!this.solving) return;
    const attempt = this.attempt;
    attempt.revealed = true;
    this.settle(false);
    this.render('Playing the solution…', '');
    const shown = await this.board.showSolution();
    // The board fires no `solved` for a line it played itself: the puzzle ends here.
    if (shown && this.attempt === attempt) this.onEnd(false);
  }

  /** The rating result of the puzzle in hand, once: a clean solve wins, anything else loses. */
  settle(solved) {
    const attempt = this.attempt;
    if (!attempt || attempt.settled || !this.puzzle) return;
    attempt.settled = true;
    const variant = this.puzzle.variant;
    const { record, change } = recordResult(this.record(variant), {
      id: this.puzzle.id,
      rating: this.puzzle.rating,
      solved,
    });
    this.records.set(variant, record);
    attempt.change = change;
    this.store();
  }

  // ---- drawing --------------------------------------------------------------------

  /** Redraws the card; `prompt` (with its tone: 'right', 'wrong', 'solved') when given. */
  render(prompt = null, tone = '') {
    const card = $('puzzle-card');
    card.hidden = !this.active;
    document.body.classList.toggle('puzzle-mode', this.active);
    $('puzzles').setAttribute('aria-pressed', String(this.active));
    if (!this.active) return;
    const variant = this.variant ?? this.board.variant;
    const record = this.record(variant);
    const attempt = this.attempt;
    $('puzzle-title').textContent = `Puzzle · ${this.page.variantName(variant)}`;
    $('puzzle-rating').textContent = ratingText(record);
    $('puzzle-streak').textContent = String(record.streak);
    const change = $('puzzle-change');
    const shown = attempt?.over && attempt.settled;
    change.textContent = shown ? (attempt.change >= 0 ? `+${attempt.change}` : `−${-attempt.change}`) : '';
    change.className = `puzzle-change${shown ? (attempt.change >= 0 ? ' up' : ' down') : ''}`;
    if (prompt !== null) {
      $('puzzle-prompt').textContent = prompt;
      $('puzzle-prompt').className = `puzzle-prompt${tone ? ` ${tone}` : ''}`;
    }
    const solving = this.solving;
    $('puzzle-hint').hidden = !solving;
    $('puzzle-hint').disabled = !solving || attempt.hint;
    $('puzzle-solution').hidden = !solving || !(attempt.mistakes >= MISTAKES_BEFORE_SOLUTION || attempt.hint);
    $('puzzle-next').hidden = !attempt?.over;
    const about = $('puzzle-about');
    about.hidden = !attempt?.over || attempt.broken;
    if (!about.hidden) {
      const themes = this.puzzle.themes.length ? ` · themes: ${this.puzzle.themes.join(', ')}` : '';
      about.textContent = `Puzzle ${this.puzzle.id} · rated ${this.puzzle.rating}${themes}`;
    }
  }
}
