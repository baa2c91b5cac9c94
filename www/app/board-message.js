// A board's `error` is said in its own message line and fired as an event; a host that
// says it in its own place (the page's error line, the embed's message box) hides the
// board's copy, so the message is said once.

/** Hides `board`'s message line when it shows `message`. */
export function hideBoardCopy(board, message) {
  const line = board.shadowRoot?.querySelector('[part~="message"]');
  if (line && line.textContent === message) line.hidden = true;
}
