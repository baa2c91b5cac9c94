// Import and export: a FEN or a PGN pasted or opened from a file (the kind is told
// from the text), loaded into the board, with the Game's error message shown in the
// page (and, for a FEN of another rule set, an offer to switch to it), and the current
// FEN/PGN to copy or download. Imported text only ever reaches the page as text.

const $ = (id) => document.getElementById(id);
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Characters of an opened file put in the text box. */
const SHOWN_FILE_CHARS = 100_000;

export function attachIoPanel(controller) {
  const error = $('io-error');
  const board = controller.board;

  function showError(message, suggestion = null) {
    error.textContent = message;
    error.hidden = false;
    if (suggestion) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'io-switch';
      button.textContent = `Load it as ${suggestion.name}`;
      button.addEventListener('click', () => {
        board.variant = suggestion.id;
        load(suggestion.text);
      });
      error.append(' ', button);
    }
  }

  /** The rule set, other than the current one, whose FEN this is (or null). */
  function otherVariantFor(fen) {
    for (const variant of board.variants) {
      if (variant.id === board.variant) continue;
      if (controller.rules.validateFen(fen, variant.id).ok) return variant;
    }
    return null;
  }

  function load(text) {
    error.hidden = true;
    error.textContent = '';
    const trimmed = text.trim();
    if (!trimmed) {
      showError('Paste a FEN or a PGN first.');
      return false;
    }
    const looksLikePgn = /^\s*\[/.test(trimmed) || /(^|\s)1\.(\.\.)?\s*\S/.test(trimmed) || /\n/.test(trimmed);
    // One redraw after the load (afterLoad), in a task of its own: a large game's parse
    // and its drawing do not hold the page together.
    controller.holdRefresh(true);
    try {
      if (looksLikePgn) board.loadPgn(trimmed);
      else board.load(trimmed);
    } catch (err) {
      controller.holdRefresh(false);
      if (looksLikePgn) {
        showError(`This PGN could not be loaded: ${err?.message ?? err}`);
      } else {
        // The message without the FEN itself, which is right there in the box.
        const reason = String(err?.message ?? err).replace(/^invalid FEN '[^']*':\s*/, '');
        const other = otherVariantFor(trimmed);
        const name = board.variants.find((v) => v.id === board.variant)?.name ?? board.variant;
        showError(
          other ? `This is not a ${name} position, but it is one of ${other.name}.` : `This FEN could not be loaded: ${reason}`,
          other ? { ...other, text: trimmed } : null,
        );
      }
      return false;
    }
    setTimeout(() => {
      controller.holdRefresh(false);
      controller.afterLoad(looksLikePgn ? 'pgn' : 'fen');
    }, 0);
    return true;
  }

  $('io-load').addEventListener('click', () => load($('io-text').value));

  $('io-file').addEventListener('change', async (event) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      showError(`${file.name.slice(0, 80)} is too large (over 2 MB).`);
      return;
    }
    const text = await file.text();
    // A large file is loaded without being shown: laying out its text would freeze the tab.
    $('io-text').value = text.length <= SHOWN_FILE_CHARS ? text : '';
    load(text);
  });

  $('copy-fen').addEventListener('click', (event) => copyText($('fen-out').value, controller, event.currentTarget));
  // The whole PGN (the box shows only the start of a huge one).
  $('copy-pgn').addEventListener('click', (event) => copyText(controller.pgnText, controller, event.currentTarget));
  $('download-pgn').addEventListener('click', () => downloadText(controller.pgnText, `alfiere-${board.variant}.pgn`));

  return { load };
}

/** Saves `text` as a PGN file named `name` (a download the browser asks about or keeps). */
export function downloadText(text, name) {
  const blob = new Blob([text], { type: 'application/x-chess-pgn' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Copies `text`; the button says for a moment that it did (or that it could not). */
export async function copyText(text, controller, button) {
  const label = button.dataset.label ?? button.textContent;
  button.dataset.label = label;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied ✓';
    controller.announce('Copied.');
  } catch {
    button.textContent = 'Copy failed';
    controller.announce('Copy failed; select the text and copy it by hand.');
  }
  clearTimeout(button.copyTimer);
  button.copyTimer = setTimeout(() => {
    button.textContent = label;
  }, 1500);
}
