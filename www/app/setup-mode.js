// "Set up a position": the board's editor (its `editor` attribute) with the page's card
// beside it: play the position against the computer (as the side to act) or a friend,
// analyse it, copy its FEN, or take a link that opens the page on it. Playing and
// analysing wait until the core finds no problem in the position; the board lists them.
// Leaving without playing goes back to the game as it was.

import { copyText } from './io-panel.js';
import { positionLink } from './url-position.js';

const $ = (id) => document.getElementById(id);

export class SetupMode {
  constructor(page) {
    this.page = page;
    this.board = page.board;
    const on = (id, handler) => $(id).addEventListener('click', handler);
    on('setup', () => (this.active ? this.close() : this.open()));
    on('setup-io', () => {
      this.open();
      $('board-area').scrollIntoView({ block: 'start' }); // on a phone the board is above the card
    });
    on('editor-play-engine', () => this.play('engine'));
    on('editor-play-friend', () => this.play('friend'));
    on('editor-analyse', () => this.play('view'));
    on('editor-copy', (event) => copyText(this.board.fen, page, event.currentTarget));
    on('editor-done', () => this.close());
    this.board.addEventListener('edit', () => this.render());
  }

  get active() {
    return this.board.editor;
  }

  open() {
    if (this.page.players.mode === 'puzzle') this.page.newGame();
    this.board.editor = true;
    this.render();
    this.page.refresh();
    this.page.announce('Setting up a position.');
  }

  close() {
    this.board.editor = false;
    this.render();
    this.page.refresh();
  }

  /** Plays the edited position: `engine` (the person takes the side to act), `friend`, or `view` to analyse it. */
  play(mode) {
    const board = this.board;
    if (!this.active || board.problems.length) return;
    const fen = board.fen;
    const human = fen.split(/\s+/)[1] === 'b' ? 'b' : 'w';
    board.editor = false;
    this.render();
    this.page.playPosition(fen, mode, human);
  }

  render() {
    const editing = this.active;
    document.body.classList.toggle('editing', editing);
    $('setup').setAttribute('aria-pressed', String(editing));
    $('editor-card').hidden = !editing;
    if (!editing) return;
    const blocked = this.board.problems.length > 0;
    for (const id of ['editor-play-engine', 'editor-play-friend', 'editor-analyse']) $(id).disabled = blocked;
    $('editor-blocked').hidden = !blocked;
    const link = $('editor-link');
    if (blocked) link.removeAttribute('href');
    else link.href = positionLink(location, this.board.variant, this.board.fen);
    link.setAttribute('aria-disabled', String(blocked));
  }
}
