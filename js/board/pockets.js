// Chess-Gi pockets: the pieces in each hand, beside the board (the side at the bottom
// of the board below it). A piece in the pocket of the side to act can be clicked (then
// a square) or dragged onto the board; input.js handles the gestures.

import { SIDE_NAMES, pieceName, pieceSvg } from './pieces.js';
import { el } from './dom.js';

const ORDER = ['q', 'r', 'b', 'n', 'p'];

export function renderPockets(controller, hands, canAct) {
  const top = controller.ui.pocketTop;
  const bottom = controller.ui.pocketBottom;
  if (!hands) {
    top.hidden = true;
    bottom.hidden = true;
    top.replaceChildren();
    bottom.replaceChildren();
    return;
  }
  const bottomSide = controller.orientation;
  const topSide = bottomSide === 'w' ? 'b' : 'w';
  // Whose pieces may be dropped: the side to act's, or the person's premove (predrop).
  const actor = canAct ? controller.model.game.turn() : controller.premoving() ? controller.premove.side : null;
  fill(top, topSide, hands[topSide], controller, actor === topSide);
  fill(bottom, bottomSide, hands[bottomSide], controller, actor === bottomSide);
}

function fill(host, side, hand, controller, active) {
  host.hidden = false;
  host.dataset.color = side;
  host.setAttribute('aria-label', `${SIDE_NAMES[side]}'s pocket`);
  host.setAttribute('role', 'group');
  const selected = controller.selection?.origin;
  const buttons = ORDER.map((role) => {
    const count = hand[role] ?? 0;
    const key = `${role.toUpperCase()}@`;
    const button = el('button', 'pocket-piece', {
      type: 'button',
      'data-pocket': role.toUpperCase(),
      'data-color': side,
      'aria-label': `${pieceName(side, role)} in pocket, ${count}`,
      part: 'pocket-piece',
    });
    // While editing, every pocket takes pieces and gives them; a predrop's squares are found once it is picked up.
    button.disabled = !controller.editing() && (!active || count === 0 || (!controller.premoving() && !controller.dests().has(key)));
    button.classList.toggle('empty', count === 0);
    button.classList.toggle('selected', selected === key && active);
    button.append(
      pieceSvg(side, role, 'pocket-svg', controller.host.settings.pieceImages),
      el('span', 'pocket-count', { 'aria-hidden': 'true' }, String(count)),
    );
    return button;
  });
  host.replaceChildren(...buttons);
}
