// The computer opponent and the analysis, over the Engine of js/engine.js (a Web
// Worker, so the page never blocks while it thinks). One engine serves both: it plays
// whenever it is the computer's turn, action by action for multi-action turns, and
// otherwise analyses the position when analysis is switched on. Every request carries
// a generation number so that a result arriving after a take back, a new game or a
// newer request is ignored.

import { levelById } from './levels.js';

export class EnginePlayer {
  constructor(controller, createEngine, analysisView) {
    this.controller = controller;
    this.createEngine = createEngine;
    this.analysisView = analysisView;
    this.engine = null;
    this.enginePromise = null;
    this.engineVariant = null;
    this.options = new Map(); // option values last sent
    this.generation = 0;
    this.running = null; // promise of the analyse() in flight
    this.thinking = false;
    this.analysing = false;
    this.failed = null;
    this.lastEval = null; // {fen, score} of the last finished search, side-to-act view
  }

  /** The engine for the current variant, created on first use. */
  async engineFor(variant) {
    if (!this.enginePromise) {
      this.enginePromise = this.createEngine(variant).then((engine) => {
        this.engine = engine;
        this.engineVariant = variant;
        return engine;
      });
    }
    const engine = await this.enginePromise;
    if (this.engineVariant !== variant) {
      await engine.setOption('UCI_Variant', variant);
      await engine.newGame();
      this.engineVariant = variant;
    }
    return engine;
  }

  async setOptions(engine, values) {
    for (const [name, value] of Object.entries(values)) {
      if (this.options.get(name) === value) continue;
      await engine.setOption(name, value);
      this.options.set(name, value);
    }
  }

  /** Stops whatever runs and forgets its result. */
  cancel() {
    this.generation++;
    if (this.running) this.engine?.stop();
    const wasThinking = this.thinking;
    this.thinking = false;
    this.analysing = false;
    if (wasThinking) this.controller.render();
  }

  /** Ends the computer's thinking now: it plays the best action found so far. */
  moveNow() {
    if (this.thinking) this.engine?.stop();
  }

  /** Called after every change: start thinking, start analysing, or stay idle. */
  sync() {
    const controller = this.controller;
    const game = controller.model.game;
    const computerTurn =
      controller.players.mode === 'engine' && !game.isGameOver() && game.turn() !== controller.players.human;
    if (computerTurn) {
      if (!this.thinking) this.think();
      return;
    }
    if (this.thinking) this.cancel(); // e.g. a take back reached the person's turn
    if (controller.settings.analysis && !game.isGameOver()) this.analyse();
    else if (this.analysing) this.cancel();
    if (!controller.settings.analysis || game.isGameOver()) this.analysisView.clear(game.isGameOver());
  }

  position() {
    const model = this.controller.model;
    return { fen: model.startFen ?? undefined, moves: [...model.actions] };
  }

  async settle() {
    const previous = this.running;
    if (previous) {
      this.engine?.stop();
      try {
        await previous;
      } catch {
        // the old search's outcome no longer matters
      }
    }
  }

  async think() {
    const generation = ++this.generation;
    const controller = this.controller;
    this.thinking = true;
    this.analysing = false;
    controller.render();
    try {
      await this.settle();
      if (generation !== this.generation) return;
      const model = controller.model;
      const engine = await this.engineFor(model.variant);
      if (generation !== this.generation) return;
      const level = levelById(controller.settings.level);
      await this.setOptions(engine, { 'Skill Level': level.skill, MultiPV: 1 });
      if (generation !== this.generation) return;
      // Share the time of a turn among its actions, but never below 150 ms each.
      const turn = model.game.turnState();
      const remaining = Math.max(1, Math.min(turn.length - turn.played, 6));
      const movetime = Math.max(150, Math.round(level.movetime / remaining));
      const fen = model.game.fen();
      const search = engine.analyse({ ...this.position(), movetime });
      this.running = search;
      const result = await search;
      if (this.running === search) this.running = null;
      if (generation !== this.generation) return;
      this.lastEval = { fen, score: result.score };
      this.thinking = false;
      if (!result.bestmove) throw new Error('the engine found no move');
      controller.playEngine(result.bestmove);
    } catch (err) {
      if (generation !== this.generation) return;
      this.thinking = false;
      this.fail(err);
    }
  }

  async analyse() {
    const generation = ++this.generation;
    const controller = this.controller;
    this.analysing = true;
    const model = controller.model;
    const fen = model.game.fen();
    const side = model.game.turn();
    this.analysisView.start(fen);
    try {
      await this.settle();
      if (generation !== this.generation) return;
      const engine = await this.engineFor(model.variant);
      if (generation !== this.generation) return;
      await this.setOptions(engine, { 'Skill Level': 20, MultiPV: controller.settings.multipv });
      if (generation !== this.generation) return;
      const search = engine.analyse({ ...this.position(), infinite: true }, (info) => {
        if (generation === this.generation) this.analysisView.update(info, { fen, side, variant: model.variant });
      });
      this.running = search;
      const result = await search;
      if (this.running === search) this.running = null;
      if (generation === this.generation) this.lastEval = { fen, score: result.score };
    } catch (err) {
      if (generation !== this.generation) return;
      this.analysing = false;
      this.fail(err);
    }
  }

  /** Whether the computer accepts a draw offer: only when it does not stand better. */
  async considerDraw() {
    const controller = this.controller;
    const game = controller.model.game;
    const fen = game.fen();
    let score = this.lastEval?.fen === fen ? this.lastEval.score : null;
    if (!score) {
      const generation = ++this.generation;
      try {
        await this.settle();
        const engine = await this.engineFor(controller.model.variant);
        await this.setOptions(engine, { 'Skill Level': 20, MultiPV: 1 });
        const search = engine.analyse({ ...this.position(), movetime: 400 });
        this.running = search;
        const result = await search;
        if (this.running === search) this.running = null;
        if (generation !== this.generation) return false;
        score = result.score;
      } catch {
        return false;
      } finally {
        this.sync();
      }
    }
    // The score is from the side to act's view; the human offers on their own turn.
    const computerView = game.turn() === controller.players.human ? negate(score) : score;
    const turns = Math.floor(controller.model.actions.length / 2);
    if ('mate' in computerView) return computerView.mate < 0;
    return computerView.cp <= -150 || (turns >= 30 && computerView.cp <= 30);
  }

  fail(err) {
    this.failed = err;
    console.warn('engine:', err?.message ?? err);
    this.controller.showError(new Error(`The engine stopped: ${err?.message ?? err}`));
    this.controller.render();
  }
}

function negate(score) {
  return 'mate' in score ? { mate: -score.mate } : { cp: -score.cp };
}
