// The page's game analysis panel: *Analyse game* runs Engine.analyseGame on the
// board's engine queue (the live position analysis pauses meanwhile) with a progress
// bar and Stop; then the evaluation graph, each side's accuracy and marks, next /
// previous mistake, the better move (or turn) as arrows on the position where it was to
// be played (the one before the marked decision: *Show the better move* goes there), and
// the annotated PGN to copy or download. A stopped re-analysis keeps the full report it
// would have replaced. The report is stored beside the board's saved game, so it
// survives a reload; a game whose PGN carries `[%eval]` notes shows its graph and marks
// without a new analysis. Everything reaches the DOM through textContent.

import { save } from 'alfiere/board/storage';
import { checkStoredAnalysis } from './report-check.js';
import { readRecord } from './stored-records.js';
import { bestLineShapes, scoreText } from './analysis-view.js';
import { EvalGraph } from './eval-graph.js';
import { graphData, marksFromNotes, marksFromReport, nagsOfGame, shownNags } from './game-marks.js';
import { copyText, downloadText } from './io-panel.js';

const $ = (id) => document.getElementById(id);
/** Where the last report is kept, with the game it belongs to. */
export const ANALYSIS_KEY = 'alfiere.analysis.v1';
const BETTER_BRUSH = 'green';
const MARK_ORDER = ['inaccuracy', 'mistake', 'blunder'];
const PLURAL = { inaccuracy: 'inaccuracies', mistake: 'mistakes', blunder: 'blunders' };
const MARK_TITLE = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };
const ARTICLE = { inaccuracy: 'an', mistake: 'a', blunder: 'a' };
const CAUSE_WORDS = { 'missed-mate': ': a forced mate was missed', 'allowed-mate': ': it allows a forced mate' };
const RESULT_WORDS = { '1-0': 'White has won', '0-1': 'Black has won', '1/2-1/2': 'Drawn' };

/** The game's identity: its rule set, start and actions (what a report belongs to). */
function gameKey(variant, history, game) {
  const start = history.length ? history[0].before : game.fen();
  return `${variant}\n${start}\n${history.map((m) => m.lan).join(' ')}`;
}

/** Hosts a page test serves the page from: only there is the test hook below read. */
const TEST_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The node budget a page test may set with `?analysis-nodes=N` (so it runs in seconds),
 * read only on a loopback host: the shipped page, served from a real host, ignores it,
 * so a link cannot make someone's analysis worthless (1 node) or endless. People get
 * the engine's default budget.
 */
function budgetFromUrl() {
  if (!TEST_HOSTS.has(globalThis.location?.hostname)) return {};
  const text = new URLSearchParams(globalThis.location?.search ?? '').get('analysis-nodes');
  const nodes = Number(text);
  return text && Number.isInteger(nodes) && nodes >= 1 && nodes <= 1e7 ? { nodes } : {};
}

export class GameAnalysis {
  /** @param page the Page (board, players, refresh, announce) */
  constructor(page) {
    this.page = page;
    this.board = page.board;
    this.budget = budgetFromUrl();
    this.job = null; // {key, cancel, progressed}
    // Checked field by field; a bad one is dropped with a notice (stored-records.js).
    this.stored = readRecord(ANALYSIS_KEY, checkStoredAnalysis, page.storedProblems, 'game analysis');
    this.view = null; // {key, pgn, marks, gameNags, nags}
    this.graphKey = null;
    this.graph = new EvalGraph($('ga-graph'), (ply) => this.goTo(ply));
    this.wire();
  }

  wire() {
    $('ga-run').addEventListener('click', () => this.start());
    $('ga-stop').addEventListener('click', () => this.stop());
    $('ga-next').addEventListener('click', () => this.stepMistake(1));
    $('ga-previous').addEventListener('click', () => this.stepMistake(-1));
    $('ga-better').addEventListener('click', () => this.showBetter());
    $('ga-copy').addEventListener('click', (event) => copyText(this.annotatedPgn(), this.page, event.currentTarget));
    $('ga-download').addEventListener('click', () => downloadText(this.annotatedPgn(), `alfiere-${this.board.variant}-analysed.pgn`));
  }

  /** Whether a game analysis runs (the live analysis waits meanwhile). */
  get running() {
    return this.job !== null;
  }

  /** A game with actions that is over, loaded, or between two people (not a game in play against the computer). */
  canAnalyse() {
    const board = this.board;
    if (!board.history().length || this.running) return false;
    return board.over || this.page.loadedGame || this.page.players.mode === 'friend' || this.page.players.mode === 'view';
  }

  /** Runs the analysis of the game on the board (tags, comments and all: a copy of the
   * Game, whose line alone crosses to the worker). */
  start() {
    if (!this.canAnalyse()) return;
    const board = this.board;
    const history = board.history();
    const key = gameKey(board.variant, history, board.game);
    // Taken now: the board may change before the engine's queue runs the job.
    const game = board.gameWithTags({ tags: this.page.pgnTags() });
    const total = history.length + 1;
    const job = { key, cancel: null, progressed: false, changed: false };
    this.job = job;
    this.showProgress(0, total);
    this.message('');
    const queued = board.engineQueue().submit({
      variant: board.variant,
      run: (engine) =>
        engine.analyseGame(game, this.budget, (progress) => {
          job.progressed = true;
          if (this.job === job) this.showProgress(progress.done, progress.total);
        }),
    });
    job.cancel = queued.cancel;
    this.page.refresh(); // the live analysis pauses
    queued.result.then(
      (result) => this.finish(job, result),
      (error) => this.finish(job, null, error),
    ).finally(() => game.free());
  }

  /** Stop: a started analysis keeps what it analysed (the end of the game); a queued one is dropped. */
  stop() {
    const job = this.job;
    if (!job) return;
    // Progress means the job is the engine's current one: hurry() ends it with the analysed tail.
    if (job.progressed) this.board.engineQueue().hurry();
    else job.cancel();
  }

  finish(job, result, error = null) {
    if (this.job !== job) return;
    this.job = null;
    $('ga-progress-row').hidden = true;
    const history = this.board.history();
    if (error) this.message(`The analysis failed: ${error?.message ?? error}`);
    else if (job.changed || job.key !== gameKey(this.board.variant, history, this.board.game)) {
      this.message('The game changed during the analysis; analyse it again.');
    } else if (!result) {
      this.message('The analysis was cancelled.');
    } else if (!result.report.complete && this.stored?.key === job.key && this.stored.report.complete !== false) {
      // Stop during "Analyse again": the full report stays rather than a part of a new one.
      const kept = 'The analysis was stopped: the earlier full analysis is kept.';
      this.message(kept);
      this.page.announce(kept);
    } else {
      this.stored = { key: job.key, report: result.report, pgn: result.pgn };
      save(ANALYSIS_KEY, { version: 1, ...this.stored });
      const done = result.report.complete ? 'The analysis is done.' : 'The analysis was stopped: the end of the game is analysed.';
      this.message(done);
      this.page.announce(done);
    }
    this.page.refresh();
  }

  message(text) {
    $('ga-message').textContent = text;
    $('ga-message').hidden = !text;
  }

  showProgress(done, total) {
    $('ga-progress-row').hidden = false;
    const bar = $('ga-progress');
    bar.max = Math.max(1, total);
    bar.value = done;
    $('ga-progress-text').textContent = `${done} of ${total} positions`;
  }

  /** The annotated PGN to export: the analysis's, or the game's own when its notes carry the evaluations. */
  annotatedPgn() {
    if (this.view?.marks?.source === 'report') return this.stored.pgn;
    return this.board.pgn({ tags: this.page.pgnTags() });
  }

  goTo(ply) {
    const length = this.board.history().length;
    this.board.review(ply >= length ? null : ply);
  }

  /** The actions the mistake navigation visits: the person's against the computer, else both sides'. */
  mistakeActions() {
    const actions = this.view?.marks?.actions ?? [];
    const players = this.page.players;
    const side = players.mode === 'engine' && !this.page.loadedGame ? players.human : null;
    return actions.flatMap((action, i) => (action.mark && (!side || action.color === side) ? [i] : []));
  }

  /** Shows the position after the next (1) or previous (-1) marked action. */
  stepMistake(direction) {
    const marked = this.mistakeActions();
    if (!marked.length) return false;
    const at = this.board.reviewing ?? this.board.history().length;
    const plies = marked.map((i) => i + 1);
    const target = direction > 0 ? plies.find((p) => p > at) ?? plies[0] : plies.findLast((p) => p < at) ?? plies.at(-1);
    this.goTo(target);
    return true;
  }

  /**
   * Brings the view up to date with the game (called from the page's refresh with the
   * PGN it drew); returns the NAGs the move list shows per action.
   */
  refresh(pgn, history) {
    const board = this.board;
    const key = gameKey(board.variant, history, board.game);
    if (this.job && this.job.key !== key) {
      this.job.changed = true; // a move, a take-back or another game: the analysis is of the old one
      this.job.cancel();
    }
    if (this.view?.key !== key || this.view.pgn !== pgn || this.view.stored !== this.stored) {
      const gameNags = nagsOfGame(board.game, history.length);
      const marks =
        this.stored?.key === key ? marksFromReport(this.stored.report) : marksFromNotes(board.game, history, gameNags);
      this.view = { key, pgn, stored: this.stored, marks, gameNags, nags: shownNags(gameNags, marks) };
    }
    this.render(history);
    return this.view.nags;
  }

  render(history) {
    const marks = this.view.marks;
    const shown = this.board.reviewing ?? history.length;
    $('ga-run').disabled = !this.canAnalyse();
    $('ga-run').title = this.running
      ? 'An analysis is running'
      : history.length && $('ga-run').disabled
        ? 'Available when the game is over (or for a loaded game, or one between friends)'
        : '';
    $('ga-run').textContent = marks?.source === 'report' ? 'Analyse again' : 'Analyse game';
    $('ga-stop').hidden = !this.running;
    $('ga-result').hidden = !marks;
    if (!marks) {
      this.graphKey = null;
      return;
    }
    if (this.graphKey !== this.view) {
      this.graphKey = this.view;
      this.graph.update({ ...graphData(marks, history), current: shown });
      this.renderSummary(marks);
    } else {
      this.graph.show(shown);
    }
    const verdict = this.verdict(history, shown);
    if ($('ga-verdict').textContent !== verdict) $('ga-verdict').textContent = verdict; // said once per change
    const any = this.mistakeActions().length > 0;
    $('ga-next').disabled = !any;
    $('ga-previous').disabled = !any;
    const better = this.betterShownFrom(history, shown);
    $('ga-better-row').hidden = better === null;
    $('ga-better').textContent = `Show the better ${this.multiAction() ? 'turn' : 'move'}`;
  }

  /** Whether a turn of the rule set on the board has several actions. */
  multiAction() {
    return (this.board.variants.find((v) => v.id === this.board.variant)?.turn ?? 'single') !== 'single';
  }

  /**
   * The marked decision around the shown position (`shown` actions played) whose
   * better turn can be drawn: `{first, inTurn, best}`, `first` the index of the turn's
   * first action (the position the arrows belong to is the one before it), `inTurn`
   * the indices of its actions, `best` the engine's turn (verbose moves); or null.
   * The decision is the one the shown action belongs to; on the position before a
   * marked turn, that turn.
   */
  markedTurnAt(history, shown) {
    const marks = this.view?.marks;
    if (!marks || marks.source !== 'report') return null;
    const around = (index) => {
      const action = marks.actions[index];
      if (!action) return null;
      const inTurn = marks.actions.flatMap((a, i) => (a.turn === action.turn ? [i] : []));
      if (!inTurn.some((i) => marks.actions[i].mark)) return null;
      const first = inTurn[0];
      const best = this.bestTurn(marks.actions[first].best);
      const played = inTurn.map((i) => history[i].lan);
      if (!best.length || (best.length === played.length && best.every((m, i) => m.lan === played[i]))) return null;
      return { first, inTurn, best };
    };
    // The position before a turn: that turn's better choice is drawn here.
    const next = marks.actions[shown];
    const startsTurn = next && (shown === 0 || marks.actions[shown - 1].turn !== next.turn);
    return (startsTurn ? around(shown) : null) ?? around(shown - 1);
  }

  /** The marked decision whose better turn *Show the better move* goes to, when the
   * shown position is not already the one before it. */
  betterShownFrom(history, shown) {
    const marked = this.markedTurnAt(history, shown);
    return marked && marked.first !== shown ? marked : null;
  }

  /** Shows the position before the marked decision, where its better turn is drawn. */
  showBetter() {
    const history = this.board.history();
    const marked = this.betterShownFrom(history, this.board.reviewing ?? history.length);
    if (!marked) return;
    this.goTo(marked.first);
    // On a phone the board is far above the panel: bring it into view with its arrows.
    this.board.scrollIntoView?.({ block: 'nearest' });
  }

  renderSummary(marks) {
    const names = this.board.game.getHeaders();
    const rows = ['w', 'b'].map((color) => {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      const tagName = names[color === 'w' ? 'White' : 'Black'];
      th.textContent = tagName && !/^[?.\s]*$/.test(tagName) ? tagName : color === 'w' ? 'White' : 'Black';
      const accuracy = document.createElement('td');
      accuracy.className = 'ga-accuracy';
      accuracy.dataset.color = color;
      // A stopped analysis saw only the end of the game: its accuracy is not the game's.
      const figure = marks.complete ? marks.accuracy[color] : null;
      accuracy.textContent = Number.isFinite(figure) ? `${figure.toFixed(1)}%` : '–';
      accuracy.title = marks.complete ? '' : 'Accuracy needs the whole game analysed';
      tr.append(th, accuracy);
      for (const mark of MARK_ORDER) {
        const td = document.createElement('td');
        td.className = `ga-count mark-${mark}`;
        td.dataset.color = color;
        td.dataset.mark = mark;
        const count = marks.counts[color]?.[mark] ?? 0;
        td.textContent = String(count);
        td.title = `${count} ${count === 1 ? mark : PLURAL[mark]}`;
        tr.append(td);
      }
      return tr;
    });
    $('ga-summary-body').replaceChildren(...rows);
    $('ga-incomplete').hidden = marks.complete;
  }

  /**
   * What the analysis says of the shown position, in words: the evaluation after the
   * action that led there, and on a marked decision its mark and the better turn
   * (`Qxf7+: Blunder. Best was Nf3. Evaluation −4.85`). From a report only.
   */
  verdict(history, shown) {
    const marks = this.view?.marks;
    if (!marks || marks.source !== 'report') return '';
    const evaluationWords = (evaluation) => {
      if (!evaluation) return '';
      if (typeof evaluation.result === 'string') return RESULT_WORDS[evaluation.result] ?? '';
      return 'cp' in evaluation || 'mate' in evaluation ? `Evaluation ${scoreText(evaluation)}` : '';
    };
    const marked = this.markedTurnAt(history, shown);
    // On the position before a marked decision: what was played from here, and the
    // better choice, drawn as the green arrows.
    const ahead = marked && marked.first === shown ? this.betterHere(marked, history) : '';
    if (shown === 0) {
      const start = evaluationWords(this.stored.report.start);
      return [start && `The start: ${start.toLowerCase()}.`, ahead].filter(Boolean).join(' ');
    }
    const action = marks.actions[shown - 1];
    if (!action) return '';
    const words = [`${history[shown - 1].san}:`];
    if (action.mark) {
      words.push(`${MARK_TITLE[action.mark]}${CAUSE_WORDS[action.cause] ?? ''}.`);
      const first = marks.actions.findIndex((a) => a.turn === action.turn);
      const best = this.bestTurn(marks.actions[first].best);
      const where = first === shown - 1 ? 'before it' : 'before this turn';
      if (best.length) words.push(`Best was ${best.map((m) => m.san).join(', ')} (arrows on the position ${where}).`);
    }
    const evaluation = evaluationWords(action.evaluation);
    if (evaluation) words.push(`${evaluation}.`);
    if (ahead) words.push(ahead);
    return words.length > 1 ? words.join(' ') : '';
  }

  /** `Next: Ke2, g4, an inaccuracy; the green arrows show e3, Nc3.` */
  betterHere(marked, history) {
    const marks = this.view.marks;
    const mark = marked.inTurn.map((i) => marks.actions[i].mark).find(Boolean);
    const played = marked.inTurn.map((i) => history[i].san).join(', ');
    return `Next: ${played}, ${ARTICLE[mark]} ${mark}; the green arrows show ${marked.best.map((m) => m.san).join(', ')}.`;
  }

  /** The analysis's evaluation (White's view) of the position shown, or null. */
  shownEvaluation() {
    const marks = this.view?.marks;
    if (!marks) return null;
    const ply = this.board.reviewing ?? this.board.history().length;
    return (ply === 0 ? marks.startEvaluation : marks.actions[ply - 1]?.evaluation) ?? null;
  }

  /**
   * The better turn as arrows, on the position where it was to be played: the one
   * before a marked decision (in every rule set: drawn after the decision, its arrows
   * would start from squares the decision emptied). Empty when `arrows` is off or the
   * shown position is not before a marked decision.
   */
  betterMoveShapes(arrows) {
    if (!arrows) return [];
    const history = this.board.history();
    const shown = this.board.reviewing ?? history.length;
    const marked = this.markedTurnAt(history, shown);
    if (!marked || marked.first !== shown) return [];
    return bestLineShapes(marked.best).map((shape) => ({ ...shape, brush: BETTER_BRUSH }));
  }

  /** The best turn's verbose moves: the best line's `turn`, as the engine wrote it (a
   * report stored before lines came as data has none: no arrow). */
  bestTurn(best) {
    return best?.turn ?? [];
  }
}
