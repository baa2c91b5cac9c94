// Practice your mistakes: after a game's analysis, the person's own mistakes and
// blunders (the `?` and `??` of the report; an inaccuracy, `?!`, is too small a drop to
// practise and is the mark the engine is least sure of) come back one by one as
// exercises on the board, from the position before the marked decision, with the
// game's earlier actions. The person plays a move (a whole turn in Marseillais,
// Progressive and Avalanche); the engine judges it with Engine.judgeTurn, the
// analysis's own rule: a turn that earns no mark is accepted, one that does is taken
// back. After two wrong tries the better move (or turn) of the analysis is drawn as
// green arrows. Previous / Next go through the exercises; Back to the game puts the
// analysed game back on the board as it was. While practising, the board does not save
// (the game stays stored as it was) and the live analysis, which would give the answer
// away, waits. Every text reaches the DOM through textContent.

import { bestLineShapes } from './analysis-view.js';

const $ = (id) => document.getElementById(id);
const SIDE = { w: 'White', b: 'Black' };
const NAME = { w: 'white', b: 'black' };
/** The marks practised. */
const PRACTISED = new Set(['mistake', 'blunder']);
/** Wrong tries before the better move is drawn (as the puzzles offer their solution). */
export const TRIES_BEFORE_ANSWER = 2;
/** How long a refused turn stays on the board before it is taken back, so the person sees it. */
const TAKE_BACK_MS = 900;
const BETTER_BRUSH = 'green';
const ARTICLE = { inaccuracy: 'an', mistake: 'a', blunder: 'a' };
const CAUSE_WORDS = { 'missed-mate': 'it lets a forced mate go', 'allowed-mate': 'it allows a forced mate' };

/** A win chance in words: `62%`. */
const percent = (value) => `${Math.round(value)}%`;

export class PracticeMode {
  /** @param page the Page (board, rules, gameAnalysis, refresh, announce, applyPlayers) */
  constructor(page) {
    this.page = page;
    this.board = page.board;
    this.session = null; // {pgn, history, storageKey, orientation, reviewing, exercises, index}
    this.exercise = null; // the exercise on the board: {first, turn, color, played, mark, tries, solved, shown, judging}
    this.timer = null;
    this.queued = null; // the engine's judgement under way ({result, cancel})
    this.ticket = 0; // a judgement of an exercise that was left is dropped
    $('ga-practice').addEventListener('click', () => this.start());
    $('practice-previous').addEventListener('click', () => this.open(this.session.index - 1));
    $('practice-next').addEventListener('click', () => this.open(this.session.index + 1));
    $('practice-leave').addEventListener('click', () => this.leave());
    this.own = false; // the board's change under way is this mode's
    this.board.addEventListener('move', (event) => this.onMove(event.detail));
    this.board.addEventListener('change', (event) => {
      if (!this.active || this.own) return;
      // The person's own actions taken back within the exercise belong to it; any other
      // change is the page's (a new game, another rule set, an import): the practice ends.
      if (event.detail?.reason === 'undo' && this.board.history().length >= (this.exercise?.first ?? 0)) {
        if (this.board.history().length === this.exercise?.first) this.say(this.task(), '');
        return;
      }
      this.drop();
      this.page.refresh();
    });
  }

  /** A change of the board's game by this mode (the change listener leaves it alone). */
  mine(change) {
    this.own = true;
    try {
      change();
    } finally {
      this.own = false;
    }
  }

  get active() {
    return this.session !== null;
  }

  /**
   * The exercises the analysis on the board offers: per marked turn of the person (a
   * mistake or a blunder), `{first, end, color, played, mark}`, `first` the index of
   * the turn's first action, `end` one past its last.
   */
  exercises() {
    const analysis = this.page.gameAnalysis;
    const marks = analysis?.view?.marks;
    if (marks?.source !== 'report') return [];
    const history = this.board.history();
    const list = [];
    for (const index of analysis.mistakeActions()) {
      const action = marks.actions[index];
      if (!PRACTISED.has(action.mark)) continue;
      const inTurn = marks.actions.flatMap((a, i) => (a.turn === action.turn ? [i] : []));
      list.push({
        first: inTurn[0],
        end: inTurn.at(-1) + 1,
        color: action.color,
        played: inTurn.map((i) => history[i].san),
        mark: action.mark,
        cause: action.cause,
        best: marks.actions[inTurn[0]].best,
      });
    }
    return list;
  }

  /** Starts practising the analysed game's mistakes, from the first. */
  start() {
    const board = this.board;
    const exercises = this.exercises();
    if (this.active || !exercises.length || this.page.gameAnalysis.running) return;
    this.session = {
      // The game's own PGN (its tags, notes and result), to put back as it was: not the
      // export's, which adds the page's tags and player names.
      pgn: board.game.pgn(),
      history: board.history(),
      variant: board.variant,
      storageKey: board.getAttribute('storage-key'),
      orientation: board.orientation,
      reviewing: board.reviewing,
      // The players' names stay on the board during the exercises.
      names: { White: board.game.getHeaders().White, Black: board.game.getHeaders().Black },
      exercises,
      index: 0,
    };
    // The game stays stored as it was: the exercises' positions are not saved over it.
    board.removeAttribute('storage-key');
    board.engine = 'none';
    document.body.classList.add('practice-mode');
    this.open(0);
    $('practice-card').scrollIntoView?.({ block: 'nearest' });
  }

  /** Puts exercise `index` on the board: the game up to the position before its turn. */
  open(index) {
    const session = this.session;
    if (!session || index < 0 || index >= session.exercises.length) return;
    this.cancelTimers();
    session.index = index;
    const exercise = { ...session.exercises[index], tries: 0, solved: false, shown: false, judging: false, judgement: null };
    this.exercise = exercise;
    this.loadPosition(exercise.first);
    this.board.orientation = NAME[exercise.color];
    this.say(this.task(), '');
    this.page.refresh();
  }

  /** The game on the board: the analysed game's first `count` actions (its earlier
   * positions tell the engine what repeats). */
  loadPosition(count) {
    const { history, variant, names } = this.session;
    const game = new this.page.rules.Game(variant, history[0].before);
    try {
      for (const [tag, name] of Object.entries(names)) if (name) game.setHeader(tag, name);
      for (const move of history.slice(0, count)) game.move(move.lan);
      this.mine(() => this.board.loadPgn(game.pgn()));
    } finally {
      game.free();
    }
    this.board.movable = NAME[this.exercise.color];
  }

  /** What to do, in words. */
  task() {
    const e = this.exercise;
    const unit = this.multiAction() ? 'turn' : 'move';
    const played = e.played.join(', ');
    return `In the game ${SIDE[e.color]} played ${played}, ${ARTICLE[e.mark]} ${e.mark}. Find a better ${unit} for ${SIDE[e.color]}.`;
  }

  /** Whether a turn of the rule set has several actions: the person then plays a whole turn. */
  multiAction() {
    return (this.board.variants.find((v) => v.id === this.session?.variant)?.turn ?? 'single') !== 'single';
  }

  /** Whether the person may act now (the typed-move box asks). */
  personToAct() {
    const e = this.exercise;
    return Boolean(e) && !e.judging && !e.solved && this.board.game.turn() === e.color;
  }

  /** Whether the person may take back an action of the turn they are playing (a
   * multi-action turn is judged once it is whole: until then it can be changed). */
  canTakeBack() {
    const e = this.exercise;
    return this.personToAct() && this.board.history().length > e.first;
  }

  /** An action on the board: once the person's turn is complete, the engine judges it. */
  onMove(detail) {
    const e = this.exercise;
    if (!e || e.judging || e.solved) return;
    const turnOver = detail?.move?.endsTurn !== false || this.board.game.isGameOver();
    if (!turnOver) {
      this.say('Played. Finish the turn.', '');
      return;
    }
    this.judge(e);
  }

  judge(exercise) {
    const board = this.board;
    exercise.judging = true;
    board.movable = 'none';
    const ticket = ++this.ticket;
    const tried = board.history().slice(exercise.first).map((m) => m.san).join(', ');
    this.say(`Judging ${tried}…`, '');
    // The line is taken now: the board may change before the engine's queue runs the job.
    const line = board.game.engineLine();
    const queued = board.engineQueue().submit({
      variant: this.session.variant,
      run: (engine) => engine.judgeTurn({ engineLine: () => line }, { from: exercise.first, ...this.page.gameAnalysis.budget }),
    });
    this.queued = queued;
    queued.result.then(
      (judgement) => ticket === this.ticket && this.judged(exercise, judgement, tried),
      (error) => ticket === this.ticket && this.failed(exercise, error),
    );
    this.page.refresh();
  }

  judged(exercise, judgement, tried) {
    this.queued = null;
    exercise.judging = false;
    exercise.judgement = judgement;
    if (!judgement?.complete) return this.failed(exercise, new Error('the judgement was stopped'));
    const mover = SIDE[exercise.color];
    const chances = `${mover}'s winning chances ${percent(judgement.winBefore)} before, ${percent(judgement.winAfter)} after`;
    if (judgement.accepted) {
      exercise.solved = true;
      const last = this.session.index === this.session.exercises.length - 1;
      const words = `Good: ${tried} loses nothing (${chances}).${last ? ' That was the last one.' : ''}`;
      this.say(words, 'right'); // a live region: said once
      this.page.refresh();
      return;
    }
    exercise.tries += 1;
    const why = CAUSE_WORDS[judgement.cause] ?? chances;
    const answer = exercise.tries >= TRIES_BEFORE_ANSWER;
    const words = `${tried}: ${ARTICLE[judgement.mark]} ${judgement.mark} (${why}). It is taken back; try again.`;
    this.say(answer ? `${words} ${this.betterWords()}` : words, 'wrong');
    if (answer) exercise.shown = true;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.exercise !== exercise) return;
      this.takeBack(exercise);
      this.page.refresh();
    }, TAKE_BACK_MS);
    this.page.refresh();
  }

  failed(exercise, error) {
    this.queued = null;
    exercise.judging = false;
    this.say(`The engine could not judge it: ${error?.message ?? error}. Try again.`, 'wrong');
    this.takeBack(exercise);
    this.page.refresh();
  }

  /** Takes the tried turn back to the exercise's position. */
  takeBack(exercise) {
    const board = this.board;
    this.mine(() => {
      while (board.history().length > exercise.first && board.canUndo()) board.undo();
    });
    board.movable = NAME[exercise.color];
  }

  /** The better move or turn of the analysis, in words. */
  betterWords() {
    const moves = this.betterMoves();
    const unit = this.multiAction() ? 'turn' : 'move';
    return moves.length ? `The better ${unit}: ${moves.map((m) => m.san).join(', ')} (the green arrows).` : '';
  }

  /** The analysis's better turn from the exercise's position, as verbose moves. */
  betterMoves() {
    const e = this.exercise;
    if (!e) return [];
    const best = e.best ?? e.judgement?.best ?? null;
    return this.page.gameAnalysis.bestTurn(best);
  }

  /** The board's program arrows while practising: the better turn, once shown, on its position. */
  shapes() {
    const e = this.exercise;
    if (!e?.shown || !this.page.settings.arrows || this.board.history().length !== e.first) return [];
    return bestLineShapes(this.betterMoves()).map((shape) => ({ ...shape, brush: BETTER_BRUSH }));
  }

  /** Back to the analysed game, as it was. */
  leave() {
    const session = this.session;
    if (!session) return;
    this.cancelTimers();
    this.session = null;
    this.exercise = null;
    const board = this.board;
    board.loadPgn(session.pgn);
    board.orientation = session.orientation;
    if (session.storageKey) board.setAttribute('storage-key', session.storageKey);
    document.body.classList.remove('practice-mode');
    this.page.applyPlayers();
    if (session.reviewing !== null) board.review(session.reviewing);
    this.page.refresh();
    this.page.announce('Back to the game.');
  }

  /** Ends the practice without putting the game back: the page put another game on the board. */
  drop() {
    const session = this.session;
    this.cancelTimers();
    this.session = null;
    this.exercise = null;
    document.body.classList.remove('practice-mode');
    if (session?.storageKey) this.board.setAttribute('storage-key', session.storageKey);
  }

  /** Stops what waits for the exercise on the board: the take-back, the engine's judgement. */
  cancelTimers() {
    clearTimeout(this.timer);
    this.timer = null;
    this.ticket++; // the judgement under way, if any, is of an exercise left
    this.queued?.cancel();
    this.queued = null;
  }

  say(text, tone) {
    $('practice-prompt').textContent = text;
    $('practice-prompt').className = `puzzle-prompt${tone ? ` ${tone}` : ''}`;
  }

  /** Redraws the card and the entry button. */
  render() {
    const entry = $('ga-practice');
    const offered = this.exercises();
    const analysed = this.page.gameAnalysis?.view?.marks?.source === 'report';
    entry.hidden = this.active || !analysed;
    entry.disabled = !offered.length || this.page.gameAnalysis.running;
    entry.title = offered.length ? '' : 'No mistakes or blunders to practise';
    entry.textContent = offered.length ? `Practice your mistakes (${offered.length})` : 'Practice your mistakes';
    const card = $('practice-card');
    card.hidden = !this.active;
    if (!this.active) return;
    const { index, exercises } = this.session;
    const e = this.exercise;
    $('practice-count').textContent = `Mistake ${index + 1} of ${exercises.length}`;
    $('practice-previous').disabled = index === 0;
    $('practice-next').disabled = index === exercises.length - 1;
    $('practice-next').classList.toggle('primary', Boolean(e?.solved));
  }
}
