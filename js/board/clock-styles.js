// The clocks' part of the board's stylesheet (clock.js): each clock sits at the end of
// its player line, in tabular figures so the digits do not jump; the running clock is
// lit, a low one turns red, a fallen one stays red. `::part(clock)` styles them from
// the host page; `--alfiere-clock-ink` sets the running clock's digits on the accent,
// `--alfiere-clock-low` the low-time colour.

export const CLOCK_CSS = `
.clock {
  margin-left: auto; padding: 1px 9px; border-radius: var(--radius); min-width: 5.2em; text-align: right;
  font-variant-numeric: tabular-nums; font-weight: 600; font-size: 1.08em; letter-spacing: 0.3px;
  color: inherit; background: color-mix(in srgb, currentColor 10%, transparent);
}
.clock.running { color: var(--alfiere-clock-ink, #241a08); background: var(--accent); }
.clock.low { color: #fff; background: var(--alfiere-clock-low, #c8372d); }
.clock.low.running { animation: clock-low 1s steps(2) infinite; }
.clock.fallen { color: #fff; background: var(--alfiere-clock-low, #c8372d); }
@keyframes clock-low { 50% { background: color-mix(in srgb, var(--alfiere-clock-low, #c8372d) 70%, transparent); } }
@media (prefers-reduced-motion: reduce) { .clock.low.running { animation: none; } }
`;
