// The promotion picker's panel (promotion.js loads it at the first promotion that
// asks): the pieces over the promotion square, in the order queen, rook, bishop, knight
// (king); keyboard: Tab/arrows between the pieces, Enter, Escape; a click beside the
// panel cancels a choice that may be cancelled.

/**
 * Attaches the panel to the picker's host element and returns its draw(request).
 * `el`, `pieceName` and `pieceSvg` are handed in (dom.js, pieces.js): this module
 * imports nothing, so a bundler makes it one chunk and shares none with the board's.
 */
export function attachPanel(picker, { el, pieceName, pieceSvg }) {
  const host = picker.host;
  host.addEventListener('click', (event) => {
    if (event.target === host && !picker.request?.forced) picker.close(true);
  });
  host.addEventListener('keydown', (event) => {
    const buttons = [...host.querySelectorAll('.promotion-choices button')];
    const index = buttons.indexOf(host.getRootNode().activeElement);
    if (event.key === 'Escape' && !picker.request?.forced) {
      event.preventDefault();
      picker.close(true);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
      event.preventDefault();
      buttons[(index + 1) % buttons.length]?.focus();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      event.preventDefault();
      buttons[(index - 1 + buttons.length) % buttons.length]?.focus();
    }
  });

  /** Draws the panel for `request` and focuses its first piece. */
  function draw(request) {
    const order = ['q', 'r', 'b', 'n', 'k'];
    const choices = [...request.choices].sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
    const panel = el('div', 'promotion-panel');
    const title = request.forced ? `Promote the pawn on ${request.square} to:` : 'Promote to:';
    const row = el('div', 'promotion-choices');
    for (const choice of choices) {
      const attrs = { type: 'button', 'data-promotion': choice.role, 'aria-label': pieceName(request.color, choice.role), part: 'promotion-choice' };
      const button = el('button', '', attrs);
      button.append(pieceSvg(request.color, choice.role, 'promotion-svg', picker.controller.host.settings.pieceImages));
      button.addEventListener('click', () => picker.choose(choice.token));
      row.append(button);
    }
    panel.append(el('p', 'promotion-title', {}, title), row);
    if (!request.forced) {
      const cancel = el('button', 'promotion-cancel', { type: 'button' }, 'Cancel');
      cancel.addEventListener('click', () => picker.close(true));
      panel.append(cancel);
    }
    host.replaceChildren(panel);
    host.hidden = false;
    position(request);
    row.querySelector('button')?.focus();
  }

  /** Places the panel over the promotion square's file, inside the board's frame. */
  function position(request) {
    const square = picker.controller.viewOf(request.board)?.squareElement(request.square);
    const panel = host.firstElementChild;
    if (!square || !panel) return;
    const frame = host.getBoundingClientRect();
    const rect = square.getBoundingClientRect();
    const width = panel.offsetWidth;
    const height = panel.offsetHeight;
    const centre = rect.left - frame.left + rect.width / 2;
    const left = Math.min(Math.max(4, centre - width / 2), Math.max(4, frame.width - width - 4));
    const top = Math.min(Math.max(4, rect.top - frame.top - 10), Math.max(4, frame.height - height - 4));
    panel.style.left = `${left}px`;
    panel.style.top = `${top}px`;
  }

  return draw;
}
