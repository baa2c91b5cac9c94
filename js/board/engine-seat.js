// The engine's seat at one board: what the board calls on its computer opponent
// (sync, cancel, moveNow, considerDraw, thinking), with the opponent itself
// (engine-player.js) loaded only when the board first has to play or asks it
// something. A board without the engine never loads it, as it never loads the engine.

export class EngineSeat {
  constructor(controller) {
    this.controller = controller;
    this.player = null; // the EnginePlayer, once loaded
    this.loading = null;
  }

  /** Whether the engine is thinking about its next action. */
  get thinking() {
    return this.player?.thinking ?? false;
  }

  /** The EnginePlayer, loaded once. */
  load() {
    this.loading ??= import('./engine-player.js').then(
      ({ EnginePlayer }) => (this.player = new EnginePlayer(this.controller)),
      (error) => {
        this.loading = null; // the next turn tries again
        throw error;
      },
    );
    return this.loading;
  }

  /** Called after every change: the engine starts thinking when it is its turn. */
  sync() {
    if (this.player) this.player.sync();
    else if (this.controller.engineToAct()) this.load().then((player) => player.sync(), (err) => this.controller.engineFailed(err));
  }

  cancel() {
    this.player?.cancel();
  }

  moveNow() {
    this.player?.moveNow();
  }

  /** Whether the computer accepts a draw offer. */
  async considerDraw() {
    return (await this.load()).considerDraw();
  }
}
