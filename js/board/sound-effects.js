// Sound effects made with WebAudio oscillators (no audio files): a soft knock for a
// move, a sharper one for a capture, a two-note chime for check and a short chord
// for the end of the game, three beeps when a clock runs low. Loaded by sound.js only
// once a board turns sound on.

let context = null;

function audio() {
  if (!context) {
    const Ctx = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Ctx) return null;
    try {
      context = new Ctx();
    } catch {
      return null;
    }
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

function tone(ctx, { frequency, start = 0, duration = 0.08, type = 'sine', gain = 0.15, slide = 0 }) {
  const t0 = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, t0);
  if (slide) osc.frequency.exponentialRampToValueAtTime(frequency * slide, t0 + duration);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.005);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + duration);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + duration + 0.02);
}

const EFFECTS = {
  move: (ctx) => tone(ctx, { frequency: 220, duration: 0.07, type: 'triangle', gain: 0.22, slide: 0.6 }),
  capture: (ctx) => {
    tone(ctx, { frequency: 320, duration: 0.06, type: 'square', gain: 0.08, slide: 0.5 });
    tone(ctx, { frequency: 180, start: 0.03, duration: 0.09, type: 'triangle', gain: 0.2, slide: 0.6 });
  },
  check: (ctx) => {
    tone(ctx, { frequency: 660, duration: 0.09, gain: 0.1 });
    tone(ctx, { frequency: 880, start: 0.09, duration: 0.12, gain: 0.1 });
  },
  end: (ctx) => {
    for (const [i, f] of [523.25, 659.25, 783.99].entries()) {
      tone(ctx, { frequency: f, start: i * 0.06, duration: 0.5, gain: 0.07 });
    }
  },
  error: (ctx) => tone(ctx, { frequency: 140, duration: 0.12, type: 'sawtooth', gain: 0.05 }),
  // Low time on a clock (clock.js): three short high beeps.
  lowtime: (ctx) => {
    for (const i of [0, 1, 2]) tone(ctx, { frequency: 1046.5, start: i * 0.16, duration: 0.07, type: 'square', gain: 0.05 });
  },
};

export function play(name) {
  const ctx = audio();
  if (!ctx) return;
  try {
    EFFECTS[name]?.(ctx);
  } catch {
    // audio is decoration; never let it break play
  }
}

/**
 * Makes the AudioContext ahead of the first gesture, in idle time once a board with
 * sound is ready: the first AudioContext of a page blocks its task for 50-90 ms while
 * the browser starts its audio service, and in idle time no input waits behind it.
 * Made without a gesture it stays suspended; the first gesture's unlockAudio resumes it.
 */
export function prepare() {
  if (context) return;
  const idle = globalThis.requestIdleCallback ?? ((run) => setTimeout(run, 200));
  idle(() => audio(), { timeout: 2000 });
}

/**
 * Called from a user gesture so later sounds are allowed to start (resuming the
 * context prepareAudio made). Without one yet, it is made after the gesture's frame
 * is painted, not in the press itself (the gesture's permission lasts seconds).
 */
export function unlock() {
  if (context) audio();
  else requestAnimationFrame(() => setTimeout(audio, 0));
}
