// Keeps the whole embed inside its frame: the board's width is chosen so that the
// board with its player lines, status, turn-progress line, messages and the
// navigation below fit the frame's height (a frame of 300-500 px would otherwise cut
// the last lines). The board is square per board, so its height follows its width;
// the rest is measured, since its text wraps differently at every width.

const MIN_WIDTH = 160; // below this a board is unusable: the frame scrolls instead
const SLACK = 2; // px: changes smaller than this are left alone, so fitting settles

export function fitToFrame(board) {
  let scheduled = false;

  function fit() {
    scheduled = false;
    const boards = board.shadowRoot?.querySelector('.boards');
    if (!boards || !board.isConnected) return;
    const frameHeight = document.documentElement.clientHeight;
    const content = document.body.getBoundingClientRect().height;
    const width = board.getBoundingClientRect().width;
    const boardsHeight = boards.getBoundingClientRect().height;
    if (!width || !boardsHeight) return;
    // The height the boards may take, and the width that gives it (boards scale with width).
    const room = frameHeight - (content - boardsHeight);
    const wanted = Math.max(MIN_WIDTH, Math.floor((width * room) / boardsHeight));
    const available = board.parentElement.clientWidth - parseFloat(getComputedStyle(board.parentElement).paddingLeft) * 2;
    const next = Math.min(wanted, available);
    if (Math.abs(next - width) < SLACK) return;
    board.style.setProperty('--fit-width', `${next}px`);
  }

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(fit);
  };
  new ResizeObserver(schedule).observe(document.body);
  window.addEventListener('resize', schedule);
  for (const type of ['move', 'change', 'gameover', 'review', 'error']) board.addEventListener(type, schedule);
  schedule();
}
