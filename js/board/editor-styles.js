// The look of the position editor (editor-panel.js): the palettes beside the board, the
// panel of settings under it, and the list of problems. Sized for a 390 px phone too.

export const EDITOR_CSS = `
.palette { display: flex; gap: 1.4%; flex-wrap: wrap; }
.palette-piece {
  position: relative; width: 11%; max-width: 64px; aspect-ratio: 1; min-width: 34px; padding: 2px; margin: 0; cursor: grab; touch-action: none;
  background: var(--panel); border: 1px solid #0000004d; border-radius: 8px; color: inherit; font: inherit;
}
.palette-piece[aria-pressed="true"] { background: var(--selected); box-shadow: 0 0 0 2px var(--accent) inset; }
.palette-svg { width: 100%; height: 100%; display: block; pointer-events: none; object-fit: contain; }
.eraser { font-size: 1.4em; line-height: 1; color: var(--alfiere-danger, #e0533f); }
.editor-panel { display: flex; flex-direction: column; gap: 8px; margin-top: 4px; }
.editor-field { border: 1px solid color-mix(in srgb, currentColor 20%, transparent); border-radius: var(--radius); margin: 0; padding: 4px 10px 8px; }
.editor-field legend { color: var(--muted); font-size: 0.9em; padding: 0 4px; }
.editor-choices { display: flex; flex-wrap: wrap; gap: 4px 14px; }
.editor-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.editor-number input { width: 5em; }
.editor-fen-row { display: flex; gap: 6px; align-items: center; }
.editor-fen { flex: 1; min-width: 0; font-family: ui-monospace, monospace; font-size: 0.9em; }
.editor-panel button { font: inherit; padding: 4px 10px; border-radius: 8px; border: 1px solid #5a534a; background: var(--panel); color: inherit; cursor: pointer; }
.editor-verdict { margin: 0; font-weight: 600; color: var(--alfiere-danger, #e0533f); }
.editor-verdict.ok { color: var(--alfiere-ok, #5fb36b); }
.editor-problems { margin: 0; padding-left: 1.3em; color: var(--alfiere-danger, #e0533f); }
.editor-panel .hint { color: var(--muted); font-size: 0.9em; }
`;
