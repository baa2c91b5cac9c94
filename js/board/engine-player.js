// The computer opponent of one board. Whenever it is the engine's side to act it
// queues a search on the board's engine (engine-queue.js: a Web Worker, so the page
// never blocks), waits out the level's natural pace, and plays the action; a turn of
// several actions is played out one action at a time. Every request carries a
// generation number, so a result that arrives after a take-back, a new game or a
// newer request is ignored. The board loads it (engine-seat.js) when it first has to play.
// In a timed game (clock.js, as `controller.clock`) the engine searches on its clock
// (wtime/btime/winc/binc) at every level, and a weak level's human pace is cut short
// to a small share of its time left, so it never loses on time.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class EnginePlayer {
  constructor(controller) {
    this.controller = controller;
    this.queue = null;
    this.job = null;
    this.generation = 0;
    this.thinking = false;
    this.hurried = false;
    this.lastEval = null; // {fen, score} of the last finished search, side-to-act view
  }

  /** Stops whatever runs and forgets its result. */
  cancel() {
    this.generation++;
    this.job?.cancel();
    this.job = null;
    if (this.thinking) {
      this.thinking = false;
      this.controller.thinkingChanged();
    }
  }

  /** Ends the computer's thinking now: it plays the best action found so far. */
  moveNow() {
    if (!this.thinking) return;
    this.hurried = true;
    this.queue?.hurry();
  }

  /** Called after every change: start thinking when it is the engine's turn. */
  sync() {
    if (this.controller.engineToAct()) {
      if (!this.thinking) this.think();
    } else if (this.thinking) {
      this.cancel(); // e.g. a take-back reached the person's turn
    }
  }

  position() {
    return { line: this.controller.model.game.engineLine() };
  }

  async think() {
    const generation = ++this.generation;
    const controller = this.controller;
    const model = controller.model;
    const level = controller.level;
    this.thinking = true;
    this.hurried = false;
    controller.thinkingChanged();
    const started = performance.now();
    try {
      const turn = model.game.turnState();
      const actionsLeft = Math.max(1, turn.length - turn.played);
      // Share the turn's time among its actions, but never below 150 ms each.
      const movetime = Math.max(150, Math.round(level.movetime / Math.min(actionsLeft, 6)));
      const clock = controller.clock?.engineLimits() ?? null;
      const fen = model.game.fen();
      this.queue = controller.engineQueue();
      this.job = this.queue.submit({
        variant: model.variant,
        options: { 'Skill Level': level.skill, MultiPV: 1 },
        request: { ...this.position(), ...(clock ?? { movetime }) },
      });
      const result = await this.job.result;
      if (generation !== this.generation || !result) return;
      this.job = null;
      this.lastEval = { fen, score: result.score };
      if (!result.bestmove) throw new Error('the engine found no move');
      // A weakened level answers in a few milliseconds; a person does not.
      if (level.skill < 20) {
        const budget = clock ? timeShare(clock, turn.side, actionsLeft) : Infinity;
        const wait = Math.min(pace(level, actionsLeft), budget) - (performance.now() - started);
        if (wait > 0 && !this.hurried) await sleep(wait);
        if (generation !== this.generation) return;
      }
      this.thinking = false;
      controller.playEngine(result.bestmove);
    } catch (err) {
      if (generation !== this.generation) return;
      this.thinking = false;
      controller.engineFailed(err);
    }
  }

  /** Whether the computer accepts a draw offer: only when it does not stand better. */
  async considerDraw() {
    const controller = this.controller;
    const model = controller.model;
    const fen = model.game.fen();
    let score = this.lastEval?.fen === fen ? this.lastEval.score : null;
    if (!score) {
      const job = controller.engineQueue().submit({
        variant: model.variant,
        options: { 'Skill Level': 20, MultiPV: 1 },
        request: { ...this.position(), movetime: 400 },
      });
      try {
        score = (await job.result)?.score ?? null;
      } catch {
        return false;
      }
      if (!score || model.game.fen() !== fen) return false;
    }
    // The score is from the side to act's view; the person offers on their own turn.
    const engineSide = controller.engineSide;
    const computerView = model.game.turn() === engineSide ? score : negate(score);
    const turns = Math.floor(model.verbose.length / 2);
    if ('mate' in computerView) return computerView.mate < 0;
    return computerView.cp <= -150 || (turns >= 30 && computerView.cp <= 30);
  }
}

/**
 * How long an action should seem to take at this level: a share of the turn's time,
 * varied by ±25% so the rhythm feels human, never under a third of a second (so a
 * reply never lands while the player's own piece is still sliding).
 */
function pace(level, actionsLeft, random = Math.random) {
  const share = level.movetime / Math.max(1, Math.min(actionsLeft, 4));
  return Math.max(350, Math.round(share * (0.75 + random() * 0.5)));
}

/**
 * The most a paced action may take on the clock: a fortieth of the time left plus
 * three quarters of the increment, never more than a tenth of what is left, shared by
 * the turn's actions (a share, so the time left shrinks but never runs out).
 */
function timeShare(clock, side, actionsLeft) {
  const left = side === 'w' ? clock.wtime : clock.btime;
  const inc = side === 'w' ? clock.winc : clock.binc;
  return Math.min(left / 40 + (inc * 3) / 4, left / 10) / Math.max(1, actionsLeft);
}

function negate(score) {
  return 'mate' in score ? { mate: -score.mate } : { cp: -score.cp };
}
