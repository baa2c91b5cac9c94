// Keeps the whole embed inside its frame: the board's width is chosen so that the
// board with its player lines, status, turn-progress line, messages, the puzzle's
// buttons, the graph and the navigation below fit the frame's height (a frame of
// 300-500 px would otherwise cut the last lines). The board is square per board, so
// its height follows its width; the rest is measured, since its text wraps
// differently at every width. Alice's two boards go side by side, or one above the
// other where the frame is tall enough for that to make them larger.

const MIN_WIDTH = 120; // below this a board is unusable: the frame scrolls instead
const SLACK = 2; // px: changes smaller than this are left alone, so fitting settles
// Stacked boards need the frame this much taller than wide (the lines around them)
// before each is larger than side by side (each then half the frame's width).
const STACK_FROM = 220;

export function fitToFrame(board) {
  let scheduled = false;

  function fit() {
    scheduled = false;
    const boards = board.shadowRoot?.querySelector('.boards');
    const grid = boards?.querySelector('.board-grid');
    if (!grid || !board.isConnected) return;
    const html = document.documentElement;
    const frameHeight = html.clientHeight;
    const two = boards.classList.contains('two-boards');
    const stacked = two && frameHeight - html.clientWidth >= STACK_FROM;
    document.body.classList.toggle('two-boards', two);
    document.body.classList.toggle('boards-stacked', stacked);
    const content = document.body.getBoundingClientRect().height;
    const width = board.getBoundingClientRect().width;
    const square = grid.getBoundingClientRect().height;
    if (!width || !square) return;
    // The boards' height is `rows` squares of board plus fixed lines (Alice's captions);
    // the board's width scales with one board's side.
    const rows = stacked ? 2 : 1;
    const fixed = boards.getBoundingClientRect().height - rows * square;
    const room = frameHeight - (content - boards.getBoundingClientRect().height) - fixed;
    const wanted = Math.max(MIN_WIDTH, Math.floor((width * room) / (rows * square)));
    const parent = board.parentElement;
    const style = getComputedStyle(parent);
    const available = parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
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
