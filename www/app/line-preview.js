// An engine line played out on the board as a preview: its actions shown one after
// another (board.preview, which never touches the game), then kept at its end; the
// bar under the lines says which action is shown, steps back and forth (‹ ›, or ← →),
// and goes back to what the board showed before (the button, or Escape). Any change of
// the game, a review, or the analysis going off ends it.

const $ = (id) => document.getElementById(id);
const STEP_MS = 700; // a person's pace: each action is seen before the next

export class LinePreview {
  constructor(board) {
    this.board = board;
    this.line = null; // {moves, labels, slot}
    this.step = 0;
    this.timer = null;
    this.bar = $('line-preview');
    this.text = $('line-preview-text');
    $('line-preview-prev').addEventListener('click', () => this.stepTo(this.step - 1));
    $('line-preview-next').addEventListener('click', () => this.stepTo(this.step + 1));
    $('line-preview-exit').addEventListener('click', () => this.end());
  }

  get active() {
    return this.line !== null;
  }

  /** Plays `line` ({moves, labels, slot}) out from its first action. */
  start(line) {
    this.stopTimer();
    this.line = line;
    this.step = 1;
    this.show();
    this.timer = setInterval(() => {
      if (this.step >= this.line.moves.length) this.stopTimer();
      else {
        this.step++;
        this.show();
      }
    }, STEP_MS);
    $('line-preview-exit').focus();
  }

  /** Shows action `step` of the line (0: the position it starts from); stops the playing out. */
  stepTo(step) {
    if (!this.line) return;
    this.stopTimer();
    this.step = Math.max(0, Math.min(this.line.moves.length, step));
    this.show();
  }

  show() {
    const { moves, labels, slot } = this.line;
    const move = this.step > 0 ? moves[this.step - 1] : null;
    const where = move ? `${labels[this.step - 1]} (action ${this.step} of ${moves.length})` : 'its start';
    const caption = `Line ${slot + 1}, previewed: ${where}.`;
    this.board.preview({ fen: move ? move.after : moves[0].before, move, caption });
    this.bar.hidden = false;
    this.text.textContent = caption;
    $('line-preview-prev').disabled = this.step === 0;
    $('line-preview-next').disabled = this.step === moves.length;
  }

  /** Back to what the board showed before the preview. */
  end() {
    if (!this.line) return;
    this.stopTimer();
    this.line = null;
    this.board.preview(null);
    this.bar.hidden = true;
  }

  /** After the board's events: a preview the board ended (a change, a review) is over here too. */
  sync() {
    if (this.line && this.board.previewing === null) {
      this.stopTimer();
      this.line = null;
      this.bar.hidden = true;
    }
  }

  stopTimer() {
    clearInterval(this.timer);
    this.timer = null;
  }
}
