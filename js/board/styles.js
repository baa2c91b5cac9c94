// The stylesheet inside every <alfiere-board>'s shadow root. Colours and sizes come
// from CSS custom properties (`--alfiere-*`), which inherit through the shadow
// boundary, so a host page themes the board without reaching into it; `::part()`
// names expose the board, squares, pieces, pockets, player lines and status. Shared
// declarations sit in one rule with several selectors; colours with alpha are #rrggbbaa.
// Premoves and the position editor keep their rules in their own modules.

import { PREMOVE_CSS } from './premove-styles.js';
import { EDITOR_CSS } from './editor-styles.js';

export const BOARD_CSS = `
:host {
  --light: var(--alfiere-light, #efe3c9);
  --dark: var(--alfiere-dark, #b28c66);
  --last: var(--alfiere-last, #ebbe3c80);
  --selected: var(--alfiere-selected, #5a96e18c);
  --dot: var(--alfiere-dot, #1e19144d);
  --check: var(--alfiere-check, #ff281ef2);
  --path: var(--alfiere-path, #2e7dd7);
  --accent: var(--alfiere-accent, #e0a83e);
  --panel: var(--alfiere-panel, #2a2723);
  --muted: var(--alfiere-muted, color-mix(in srgb, currentColor 65%, transparent));
  --radius: var(--alfiere-radius, 6px);
  display: block;
  container-type: inline-size;
  font: var(--alfiere-font, 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  -webkit-tap-highlight-color: transparent;
}
:host([hidden]), .pocket-piece.empty .pocket-count { display: none; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.frame { position: relative; display: flex; flex-direction: column; gap: 6px; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }

.player { display: flex; align-items: center; gap: 10px; min-height: 24px; color: var(--muted); padding: 0 2px; }
.player .name { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; } /* a long name from a PGN tag stays on its line */
.to-move .name { color: inherit; font-weight: 600; }
.to-move .name::before { content: ""; display: inline-block; width: 8px; height: 8px; border-radius: 50%; background: var(--accent); margin-right: 7px; vertical-align: 1px; }
.thinking, .turn-line { color: var(--accent); font-size: 0.93em; }
.thinking::after { content: "…"; animation: blink 1s steps(2) infinite; }
@keyframes blink { 50% { opacity: 0.2; } }

.boards { display: flex; flex-direction: column; gap: var(--alfiere-gap, 14px); }
.two-boards { align-items: center; }
.two-boards .board { width: min(100%, max(220px, calc((100svh - 240px) / 2))); }
@container (min-width: 520px) {
  .boards.two-boards { display: grid; grid-template-columns: 1fr 1fr; align-items: start; }
  .two-boards .board { width: 100%; }
}
.board { position: relative; }
.board-caption { text-align: center; color: var(--muted); font-size: 0.9em; margin-bottom: 4px; letter-spacing: 0.4px; }
.board-grid {
  width: 100%; aspect-ratio: 1; display: grid; grid-template: repeat(8, 1fr) / repeat(8, 1fr);
  border-radius: var(--radius); overflow: hidden; box-shadow: 0 10px 30px #0000005a, 0 0 0 1px #0006;
  touch-action: none; user-select: none; -webkit-user-select: none;
}
.board-row { display: contents; }
.sq { position: relative; background-color: var(--light); outline: none; container-type: size; }
.sq.dark { background-color: var(--dark); }
[data-board-id="b"] .light { background-color: var(--alfiere-light-b, #e4e6d8); }
[data-board-id="b"] .dark { background-color: var(--alfiere-dark-b, #8f9f8a); }
.sq.last { background-image: linear-gradient(var(--last), var(--last)); }
.sq.selected { background-image: linear-gradient(var(--selected), var(--selected)); }
.sq.movable { cursor: grab; }
.sq.goal { box-shadow: inset 0 -3px 0 color-mix(in srgb, var(--accent) 75%, transparent); }
.dest, .pushable { cursor: pointer; }
.dest::after, .pushable::before { content: ""; position: absolute; pointer-events: none; z-index: 2; border-radius: 50%; }
.dest::after { inset: 36%; background: var(--dot); }
.dest.capture::after { inset: 0; border-radius: 0; background: radial-gradient(transparent 0 62%, var(--dot) 63%); }
.sq.check { background-image: radial-gradient(var(--check), color-mix(in srgb, var(--check) 55%, transparent) 38%, transparent 72%); }
.pushable::before {
  inset: 6%; box-shadow: 0 0 0 3px var(--accent), 0 0 14px 2px color-mix(in srgb, var(--accent) 80%, transparent);
  animation: pulse 1.3s ease-in-out infinite;
}
@keyframes pulse { 50% { box-shadow: 0 0 0 3px var(--accent), 0 0 4px 1px color-mix(in srgb, var(--accent) 30%, transparent); } }
.sq:focus-visible { box-shadow: inset 0 0 0 3px #3d7be0, inset 0 0 0 5px #ffffffb3; z-index: 3; }
.piece { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; z-index: 1; filter: drop-shadow(0 1.5px 1px #0000004d); object-fit: contain; }
.dragging-origin .piece { opacity: 0.3; }
.drag-ghost { position: fixed; left: 0; top: 0; z-index: 1000; pointer-events: none; filter: drop-shadow(0 8px 8px #00000073); will-change: transform; }
.coord { position: absolute; font-size: max(8px, 15cqw); font-weight: 700; pointer-events: none; z-index: 1; line-height: 1; }
.coord.file { right: 4%; bottom: 4%; }
.coord.rank { left: 5%; top: 5%; }
.light .coord { color: var(--dark); }
.dark .coord { color: var(--light); }
.board-overlay, .shape-layer { position: absolute; left: 0; bottom: 0; width: 100%; aspect-ratio: 1; pointer-events: none; z-index: 4; }
.shape-layer { z-index: 5; overflow: visible; }
.rebound-path { fill: none; stroke: var(--path); stroke-width: 0.1; stroke-linejoin: round; stroke-linecap: round; opacity: 0.85; stroke-dasharray: 0.22 0.12; }
.rebound-path.check-path { stroke: var(--alfiere-check-path, #d8342b); stroke-dasharray: none; opacity: 0.7; }
.shape { opacity: 0.8; }
.shape.auto { opacity: 0.72; }
.shape.light { opacity: 0.42; }
.shape.preview { opacity: 0.6; }
.shaft, .ring, .arrival-ring { fill: none; stroke: var(--brush); stroke-linecap: round; stroke-linejoin: round; }
.head, .shape-label circle { fill: var(--brush); }
.arrival-ring { stroke-width: 0.08; stroke-dasharray: 0.12 0.08; }
.shape-label text { fill: #fff; font: 700 0.22px system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; }
.rebound-step { fill: var(--path); }
.rebound-end { fill: none; stroke: var(--path); stroke-width: 0.07; }

.pocket { display: flex; gap: 1.4%; }
.pocket-piece {
  position: relative; width: 11%; aspect-ratio: 1; min-width: 34px; padding: 2px; margin: 0;
  background: var(--panel); border: 1px solid #0000004d; border-radius: 8px; touch-action: none; color: inherit; font: inherit;
}
.pocket-piece:disabled { cursor: default; }
.empty .pocket-svg { opacity: 0.2; }
.pocket-piece:not(:disabled) { cursor: grab; box-shadow: 0 0 0 1px var(--accent) inset; }
.pocket-piece.selected { background: var(--selected); }
button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.pocket-svg, .promotion-svg { width: 100%; height: 100%; display: block; pointer-events: none; object-fit: contain; }
.pocket-count {
  position: absolute; right: -4px; top: -4px; min-width: 18px; height: 18px; padding: 0 4px; border-radius: 9px;
  background: var(--accent); color: var(--alfiere-accent-ink, #241a08); font-size: 11px; font-weight: 700; line-height: 18px; text-align: center;
}

.status-line { margin: 2px 2px 0; font-weight: 600; }
.turn-line, .message { margin: 0 2px; }
.message { color: var(--alfiere-danger, #e0533f); overflow-wrap: anywhere; }

.promotion { position: absolute; inset: 0; z-index: 900; background: #0a080659; border-radius: var(--radius); }
.promotion-panel {
  position: absolute; background: var(--panel); color: #eee8de; border: 1px solid var(--accent); border-radius: 12px; padding: 10px;
  box-shadow: 0 16px 40px #0009; display: flex; flex-direction: column; gap: 8px; align-items: center;
}
.promotion-title { margin: 0; font-size: 0.93em; }
.promotion-choices { display: flex; gap: 6px; }
.promotion-choices button { width: 60px; height: 60px; padding: 4px; background: var(--light); border: 1px solid #c8b58f; border-radius: 8px; cursor: pointer; }
.promotion-choices button:hover { background: #fff4dc; }
.promotion-cancel { font: inherit; font-size: 0.9em; padding: 4px 10px; border-radius: 8px; border: 1px solid #5a534a; background: #34302b; color: inherit; cursor: pointer; }

${PREMOVE_CSS}
${EDITOR_CSS}
@media (prefers-reduced-motion: reduce) {
  .pushable::before, .thinking::after { animation: none; }
}
`;
