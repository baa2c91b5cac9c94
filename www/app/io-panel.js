// Import and export: a FEN or a PGN pasted or opened from a file (the kind is told
// from the text), with the Game's error message shown in the page, and the current
// FEN/PGN to copy or download. Imported text only ever reaches the page as text.

const $ = (id) => document.getElementById(id);
const MAX_FILE_BYTES = 2 * 1024 * 1024;

export function attachIoPanel(controller) {
  const error = $('io-error');

  function showError(message) {
    error.textContent = message;
    error.hidden = false;
  }

  function load(text) {
    error.hidden = true;
    error.textContent = '';
    const trimmed = text.trim();
    if (!trimmed) {
      showError('Paste a FEN or a PGN first.');
      return false;
    }
    controller.engine?.cancel();
    const model = controller.model;
    const looksLikePgn = /^\s*\[/.test(trimmed) || /(^|\s)1\.(\.\.)?\s*\S/.test(trimmed) || /\n/.test(trimmed);
    try {
      if (looksLikePgn) model.loadPgn(trimmed);
      else model.loadFen(trimmed);
    } catch (err) {
      const what = looksLikePgn ? 'PGN' : 'FEN';
      showError(`This ${what} could not be loaded: ${err?.message ?? err}`);
      return false;
    }
    // Against the computer, the human takes the side to act in the loaded position.
    if (controller.players.mode === 'engine') {
      controller.players = { mode: 'engine', human: model.game.turn() };
      controller.orientation = controller.players.human;
    }
    controller.saveGame();
    controller.render();
    controller.engine?.sync();
    controller.announce('Position loaded.');
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
    $('io-text').value = text;
    load(text);
  });

  $('copy-fen').addEventListener('click', () => copy($('fen-out').value, controller));
  $('copy-pgn').addEventListener('click', () => copy($('pgn-out').value, controller));
  $('download-pgn').addEventListener('click', () => {
    const blob = new Blob([$('pgn-out').value], { type: 'application/x-chess-pgn' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `alfiere-${controller.model.variant}.pgn`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });

  return { load };
}

async function copy(text, controller) {
  try {
    await navigator.clipboard.writeText(text);
    controller.announce('Copied.');
  } catch {
    controller.announce('Copy failed; select the text and copy it by hand.');
  }
}
