// The look of premoves on the board (premove.js): the squares of the queued actions
// in their own colour (`--alfiere-premove`), and the line that says what is queued.

export const PREMOVE_CSS = `
.sq.premove { background-image: linear-gradient(var(--alfiere-premove, #d0463c73), var(--alfiere-premove, #d0463c73)); }
.premove-line { margin: 0 2px; color: var(--alfiere-premove-ink, #e06a5f); font-size: 0.93em; }
`;
