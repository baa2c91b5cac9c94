// The analysis panel and the evaluation bar: best lines (MultiPV up to 3) in SAN,
// depth, speed, and a bar with its number that shows White's share, for the position
// the board shows (the game's, or a past one while looking back). When there is
// nothing to analyse the panel says why. Each line is written as the move list
// writes the game (numbered rows, a multi-action turn as one token: `e4,d4`), and is
// a button: choosing one hands its actions to `onChoose` (the page previews it). The search runs
// on the board's engine as a preemptible job: the board's own engine play overtakes
// it. Engine scores are from the view of the side to act; the bar and the numbers
// here are always from White's view. The bar always keeps its place (dimmed when
// idle), so the board never shifts. The best line is also drawn on the board as the
// program's arrows (board.autoShapes): the first turn strong, the reply lighter, each
// action numbered when a turn has several; `arrows` turns them off.

import { actionLabels, writtenRows } from './turn-notation.js';
import { whiteWinChance } from './win-chance.js';

export class AnalysisView {
  constructor(board) {
    this.board = board;
    this.job = null;
    this.jobFen = null;
    this.jobLines = 0;
    this.bar = document.getElementById('eval-bar');
    this.fill = document.getElementById('eval-fill');
    this.number = document.getElementById('eval-number');
    this.stats = document.getElementById('analysis-stats');
    this.list = document.getElementById('analysis-lines');
    this.lines = new Map();
    this.fen = null;
    this.pending = null;
    this.lastDraw = 0;
    this.sanLines = new Map(); // multipv slot -> {fen, variant, midTurn, key, moves, rows}
    this.arrows = true;
    this.onChoose = null; // (line {moves, labels, slot}) => void
    this.list.addEventListener('click', (event) => {
      const button = event.target.closest?.('button[data-slot]');
      if (button) this.choose(Number(button.dataset.slot));
    });
  }

  /** Hands the line in `slot` (its verbose actions and their labels) to `onChoose`. */
  choose(slot) {
    const line = this.sanLines.get(slot);
    if (!line || line.fen !== this.fen || !line.moves.length) return;
    this.onChoose?.({ slot, moves: [...line.moves], labels: actionLabels(line.moves, this.variantInfo(line.variant), line.midTurn) });
  }

  /** Shows or hides the best line's arrows. */
  setArrows(on) {
    this.arrows = on;
    this.drawArrows();
  }

  /** The best line's first two turns as the board's program shapes (none when off or idle). */
  drawArrows() {
    const line = this.fen ? this.sanLines.get(0) : null;
    const shapes = this.arrows && line?.fen === this.fen ? bestLineShapes(line.moves) : [];
    if (shapes.length || this.board.autoShapes.length) this.board.autoShapes = shapes;
  }

  /**
   * Analyses a position ({variant, line, fen, side, midTurn}, see shown-position.js); a
   * no-op when that search already runs.
   */
  analyse({ variant, line, fen, side, midTurn }, multipv) {
    if (this.job && this.jobFen === fen && this.jobLines === multipv) return;
    this.job?.cancel();
    this.start(fen);
    this.jobFen = fen;
    this.jobLines = multipv;
    const job = this.board.engineQueue().submit({
      variant,
      options: { 'Skill Level': 20, MultiPV: multipv },
      request: { line, infinite: true },
      onInfo: (info) => this.update(info, { fen, side, variant, midTurn }),
      preemptible: true,
    });
    this.job = job;
    job.result.then(
      () => {
        if (this.job === job) this.job = null;
      },
      (err) => {
        if (this.job === job) this.job = null;
        this.stats.textContent = `The engine stopped: ${err?.message ?? err}`;
      },
    );
  }

  /** Stops the analysis and clears the panel, which then says `why` (or nothing). */
  stop(why = '') {
    this.job?.cancel();
    this.job = null;
    this.jobFen = null;
    this.clear(why);
  }

  start(fen) {
    if (this.fen !== fen) {
      this.fen = fen;
      this.lines.clear();
      this.list.replaceChildren();
      this.stats.textContent = 'Thinking…';
      this.drawArrows(); // the last position's arrows go at once
    }
    this.bar.dataset.idle = 'false';
  }

  clear(why = '') {
    this.fen = null;
    this.forgetLines();
    this.lines.clear();
    this.list.replaceChildren();
    this.stats.textContent = why;
    this.bar.dataset.idle = 'true';
    // The dimmed bar says why too: the panel with the words may be folded away.
    this.bar.title = why;
    this.bar.setAttribute('aria-label', why ? `Evaluation: none. ${why}` : 'Evaluation');
    this.number.textContent = '';
    this.drawArrows();
  }

  /**
   * The bar and its number for `white` (an evaluation in White's view): White's share
   * is the win chance the game analysis uses (win-chance.js), a mate fills it.
   * `source`, when given, says where a shown evaluation comes from.
   */
  setBar(white, source = '') {
    this.bar.dataset.idle = 'false';
    this.bar.title = source;
    const share = 'mate' in white ? (white.mate > 0 ? 100 : 0) : whiteWinChance(white);
    // A transform, not a height: the bar animates on the compositor, with no layout.
    const transform = `scaleY(${(share / 100).toFixed(3)})`;
    if (this.fill.style.transform !== transform) this.fill.style.transform = transform;
    this.bar.setAttribute('aria-label', `Evaluation ${scoreText(white)}${source ? `. ${source}` : ''}`);
    setText(this.number, scoreText(white));
  }

  update(info, context) {
    if (context.fen !== this.fen) return;
    this.lines.set(info.multipv ?? 1, { info, context });
    // Coalesce bursts of info into at most a few redraws a second: the main thread
    // stays free while the engine searches.
    if (!this.pending) {
      const wait = Math.max(0, REDRAW_MS - (performance.now() - this.lastDraw));
      this.pending = setTimeout(() => {
        requestAnimationFrame(() => {
          this.pending = null;
          this.lastDraw = performance.now();
          this.draw();
        });
      }, wait);
    }
  }

  draw() {
    const entries = [...this.lines.entries()].sort((a, b) => a[0] - b[0]);
    if (!entries.length) return;
    const best = entries[0][1];
    this.setBar(whiteView(best.info.score, best.context.side));
    const { depth, nps, nodes } = best.info;
    setText(this.stats, `Depth ${depth} · ${formatSpeed(nps)} · ${formatNodes(nodes)} nodes`);
    // Reuse the list items; only their text changes.
    while (this.list.children.length > entries.length) this.list.lastElementChild.remove();
    entries.forEach(([, { info, context }], i) => {
      let li = this.list.children[i];
      if (!li) {
        li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'line';
        button.dataset.slot = String(i);
        button.title = 'Show this line on the board';
        const score = document.createElement('span');
        score.className = 'line-score';
        const moves = document.createElement('span');
        moves.className = 'line-moves';
        button.append(score, moves);
        li.append(button);
        this.list.append(li);
      }
      const [score, moves] = li.firstElementChild.children;
      setText(score, scoreText(whiteView(info.score, context.side)));
      renderRows(moves, this.sanLine(context, info.moves ?? [], i));
    });
    this.drawArrows();
  }

  /**
   * The line as numbered rows, as the rule set's PGN writes them, from the info's
   * verbose moves (the engine describes its lines: nothing is replayed here). Each slot
   * keeps its rows while its line stays the same.
   */
  sanLine({ fen, variant, midTurn }, moves, slot) {
    const shown = moves.slice(0, MAX_PV);
    const key = shown.map((move) => move.lan).join(' ');
    let line = this.sanLines.get(slot);
    if (!line || line.fen !== fen || line.variant !== variant || line.key !== key) {
      const rows = shown.length ? writtenRows(shown, this.variantInfo(variant), midTurn) : [];
      line = { fen, variant, midTurn, key, moves: shown, rows };
      this.sanLines.set(slot, line);
    }
    return line.rows;
  }

  /** The rule set's VariantInfo (how its turns are written). */
  variantInfo(id) {
    return this.board.variants.find((v) => v.id === id);
  }

  forgetLines() {
    this.sanLines.clear();
  }
}

const REDRAW_MS = 250;
const ARROW_BRUSH = 'blue';

/**
 * The shapes of a line's first turn (strong) and the reply turn (light), from its
 * verbose moves: drops from the pocket, Billiards along their rebound path, Alice on
 * the board the piece leaves; numbered when a turn has several actions.
 */
export function bestLineShapes(moves) {
  const shapes = [];
  let turn = 0;
  let inTurn = [];
  for (const move of moves) {
    if (turn > 1) break;
    inTurn.push(move);
    if (!move.endsTurn) continue;
    const numbered = inTurn.filter((m) => m.kind !== 'promotion_choice');
    numbered.forEach((m, i) => {
      const from = m.kind === 'drop' ? `${m.piece.toUpperCase()}@` : m.from;
      const shape = { from, to: m.to, brush: ARROW_BRUSH };
      if (m.path) shape.path = m.path;
      if (m.board) shape.board = m.board === 'a' ? 'b' : 'a'; // Alice: `board` is where it arrives
      if (numbered.length > 1) shape.label = String(i + 1);
      if (turn === 1) shape.light = true;
      shapes.push(shape);
    });
    inTurn = [];
    turn++;
  }
  return shapes;
}
const MAX_PV = 10;

/** Writes rows ([{number, tokens}]) into `element`, each row kept on one line; as text. */
function renderRows(element, rows) {
  const key = rows.map((row) => `${row.number} ${row.tokens.join(' ')}`).join('  ');
  if (element.rowsKey === key) return;
  element.rowsKey = key;
  const parts = [];
  for (const row of rows) {
    const span = document.createElement('span');
    span.className = 'line-row';
    span.textContent = row.number ? `${row.number} ${row.tokens.join(' ')}` : row.tokens.join(' ');
    if (parts.length) parts.push(' '); // spaces keep the text readable when copied or spoken
    parts.push(span);
  }
  element.replaceChildren(...parts);
}

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function whiteView(score, side) {
  if (!score) return { cp: 0 };
  const flip = side === 'b' ? -1 : 1;
  return 'mate' in score ? { mate: score.mate * flip } : { cp: score.cp * flip };
}

export function scoreText(score) {
  if ('mate' in score) return score.mate > 0 ? `#${score.mate}` : `#-${-score.mate}`;
  const pawns = score.cp / 100;
  return `${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

function formatSpeed(nps) {
  if (!nps) return '–';
  return nps >= 1e6 ? `${(nps / 1e6).toFixed(1)} M nodes/s` : `${Math.round(nps / 1000)} k nodes/s`;
}

function formatNodes(nodes) {
  if (!nodes) return '0';
  return nodes >= 1e6 ? `${(nodes / 1e6).toFixed(1)} M` : nodes >= 1e3 ? `${Math.round(nodes / 1e3)} k` : String(nodes);
}
