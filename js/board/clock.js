// The clocks of a timed game on <alfiere-board> (the `time-control` attribute, the PGN
// TimeControl form). The core keeps the time each action took and says what each clock
// shows after it (Game.clock(): times left, increments, a Bronstein delay left); this
// module only measures the action in progress, shows both clocks in the player lines,
// warns when time runs low, and ends the game when a flag falls.
//
// The clock of the side to act runs from the first action of the game (the first
// action takes no time), also while a person looks back at earlier moves, as on a
// real clock. It stops while the page is hidden: the game lives in this tab only, so
// nobody, person or engine, is charged for time the board was not on screen. The
// time source (`now()` in ms, `performance` by default) can be replaced, for tests.

import { el } from './dom.js';
import { playSound } from './sound.js';

const SIDES = ['w', 'b'];
const NAMES = { w: 'White', b: 'Black' };
/** Tenths of seconds are shown under this. */
const TENTHS_MS = 10_000;
/** How often a running clock is redrawn and checked for a fall. */
const TICK_MS = 100;

/** "1:02:03", "4:57", "0:09.3" (tenths under ten seconds); never negative. */
export function formatClock(ms) {
  const clamped = Math.max(0, ms);
  if (clamped < TENTHS_MS) {
    // Rounded down, so a clock that shows 0:00.0 has really fallen.
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(clamped / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const pad = (n) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** When a clock counts as low: a tenth of the start time, between 10 and 30 seconds. */
export function lowTimeMs(initialMs) {
  return Math.min(30_000, Math.max(TENTHS_MS, initialMs / 10));
}

export class BoardClock {
  /**
   * @param model a GameModel: its 'change' events start and stop the clocks, and its
   *              `timer` hook asks this clock what each action took
   * @param ui    the shadow root's parts (playerTop, playerBottom, announce)
   * @param host  the element: settings (sound, engineSide), notify(type, detail),
   *              isConnected; `controller` (orientation, announce) is set once built
   */
  constructor(model, ui, host) {
    this.model = model;
    this.ui = ui;
    this.host = host;
    this.controller = null;
    this.source = globalThis.performance ?? Date;
    this.reading = null; // Game.clock() after the last action, or null untimed
    this.running = null; // 'w' | 'b' while a clock runs
    this.fallen = null; // 'w' | 'b' once its flag fell
    this.since = 0; // the time source's reading when the running side's action began
    this.pausedAt = null; // its reading when the page was hidden
    this.initial = 0;
    this.warned = { w: false, b: false };
    this.timer = null;
    this.faces = {};
    for (const [key, where] of [['Top', 'top'], ['Bottom', 'bottom']]) {
      this.faces[where] = el('span', 'clock', { part: `clock clock-${where}`, role: 'timer', hidden: '' });
      ui[`player${key}`].append(this.faces[where]);
    }
    // Registered before the board's controller listens, so the engine, asked to play
    // by the controller, reads clocks that already count the new turn.
    model.addEventListener('change', () => this.sync());
    model.timer = () => this.spend();
    this.onVisibility = () => (document.hidden ? this.pause() : this.resume());
  }

  now() {
    return this.source.now();
  }

  connect() {
    document.addEventListener('visibilitychange', this.onVisibility);
    if (document.hidden) this.pause();
    this.schedule();
  }

  disconnect() {
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearTimeout(this.timer);
    this.timer = null;
  }

  /** Replaces the time source (`{now()}` in ms); the running action's time so far stays. */
  setSource(source) {
    if (typeof source?.now !== 'function') throw new TypeError('a time source has a now() method');
    const spent = this.running ? this.elapsed() : 0;
    this.source = source;
    this.since = this.now() - spent;
    if (this.pausedAt !== null) this.pausedAt = this.now();
    this.tick();
  }

  /** Reads the game's clocks after a change and starts the side to act's. */
  sync() {
    const game = this.model.game;
    this.reading = game.timeControl() ? game.clock() : null;
    const started = this.model.verbose.length > 0;
    this.running = this.reading && started && !this.model.isOver() ? game.turnState().side : null;
    this.fallen = this.model.ending?.type === 'flag' ? this.model.ending.color : null;
    this.since = this.now();
    if (this.pausedAt !== null) this.pausedAt = this.since;
    if (!started && this.reading) this.initial = Math.max(this.reading.w, this.reading.b);
    for (const side of SIDES) if (this.reading && this.reading[side] > lowTimeMs(this.initial)) this.warned[side] = false;
    this.tick();
  }

  pause() {
    if (this.pausedAt === null) this.pausedAt = this.now();
  }

  resume() {
    if (this.pausedAt === null) return;
    this.since += this.now() - this.pausedAt;
    this.pausedAt = null;
    this.tick();
  }

  /** Milliseconds the running side has used in its action in progress. */
  elapsed() {
    return Math.max(0, (this.pausedAt ?? this.now()) - this.since);
  }

  /** What `side`'s clock shows now, ms. */
  shown(side) {
    if (!this.reading || side === this.fallen) return 0;
    const left = this.reading[side];
    if (side !== this.running) return left;
    return left - Math.max(0, this.elapsed() - this.reading.delay);
  }

  /** `{w, b, running}` (ms, 'w' | 'b' | null), or null when the game has no clock. */
  snapshot() {
    if (!this.reading) return null;
    return { w: Math.round(this.shown('w')), b: Math.round(this.shown('b')), running: this.running };
  }

  /** The clocks for the engine's search: `{wtime, btime, winc, binc}`, or null untimed. */
  engineLimits() {
    if (!this.reading) return null;
    const time = (side) => Math.max(0, Math.floor(this.shown(side)));
    return { wtime: time('w'), btime: time('b'), winc: this.reading.winc, binc: this.reading.binc };
  }

  /**
   * The time the action being played took (the model's `timer` hook): 0 before the
   * first action, undefined in an untimed game. An action that comes after the fall
   * ends the game on time first (the move is then refused as after the end).
   */
  spend() {
    if (!this.reading) return undefined;
    if (!this.running) return 0;
    const used = Math.round(this.elapsed());
    if (used > this.reading[this.running] + this.reading.delay) this.fall(this.running);
    return used;
  }

  /** `side`'s flag fell: `flag` event, then the game ends on time (a loss, or a draw). */
  fall(side) {
    this.running = null;
    this.host.notify('flag', { color: side });
    this.model.end({ type: 'flag', color: side }, (game) => game.flag(side));
  }

  tick() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.running && this.shown(this.running) <= 0 && this.pausedAt === null) {
      this.fall(this.running);
      return;
    }
    this.warn();
    this.render();
    this.schedule();
  }

  schedule() {
    if (this.running && this.pausedAt === null && this.host.isConnected && !this.timer) {
      this.timer = setTimeout(() => this.tick(), TICK_MS);
    }
  }

  /** Once per low spell: a sound (when sound is on) and words for screen readers. */
  warn() {
    const side = this.running;
    if (!side || this.warned[side] || side === this.host.settings.engineSide) return;
    if (this.shown(side) > lowTimeMs(this.initial)) return;
    this.warned[side] = true;
    playSound('lowtime', !this.host.settings.sound);
    const seconds = Math.max(0, Math.ceil(this.shown(side) / 1000));
    this.controller?.announce(`${NAMES[side]}: ${seconds} seconds left`);
  }

  render() {
    const bottom = this.controller?.orientation ?? 'w';
    const top = bottom === 'w' ? 'b' : 'w';
    for (const [where, side] of [['top', top], ['bottom', bottom]]) {
      const face = this.faces[where];
      face.hidden = !this.reading;
      if (!this.reading) continue;
      const ms = this.shown(side);
      face.textContent = formatClock(ms);
      face.setAttribute('aria-label', `${NAMES[side]}'s clock: ${formatClock(ms)}`);
      face.classList.toggle('running', side === this.running);
      face.classList.toggle('low', ms <= lowTimeMs(this.initial));
      face.classList.toggle('fallen', side === this.fallen);
    }
  }
}
