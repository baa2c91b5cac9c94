// Entry point of the page: loads the rules (wasm), builds the controller and its
// panels, restores the saved game, wires the buttons, and starts the engine player.

import { loadRules, createEngine, registerServiceWorker } from './platform.js';
import { GameModel } from './game-model.js';
import { Controller } from './controller.js';
import { attachInput } from './input.js';
import { EnginePlayer } from './engine-player.js';
import { AnalysisView } from './analysis-view.js';
import { attachIoPanel } from './io-panel.js';
import { installPieceSprite } from './pieces.js';
import { unlockAudio } from './sound.js';

const $ = (id) => document.getElementById(id);

async function main() {
  installPieceSprite();
  const rules = await loadRules();
  const model = new GameModel(rules);
  const controller = new Controller(model);
  const analysis = new AnalysisView(rules);
  controller.engine = new EnginePlayer(controller, createEngine, analysis);
  attachInput(controller);
  attachIoPanel(controller);
  wireControls(controller);
  controller.start();
  document.body.classList.add('ready');
  registerServiceWorker();
}

function wireControls(controller) {
  const on = (id, type, handler) => $(id).addEventListener(type, handler);
  on('new-game', 'click', () => controller.newGame());
  on('variant', 'change', () => controller.newGame($('variant').value));
  on('undo', 'click', () => controller.takeBack());
  on('redo', 'click', () => controller.redo());
  on('flip', 'click', () => controller.flip());
  on('resign', 'click', () => controller.resign());
  on('offer-draw', 'click', () => controller.offerDraw());
  on('offer-accept', 'click', () => controller.answerOffer(true));
  on('offer-decline', 'click', () => controller.answerOffer(false));
  on('claim-draw', 'click', () => controller.claimDraw());
  on('move-now', 'click', () => controller.engine.moveNow());
  on('mute', 'click', () => {
    controller.setSetting('muted', !controller.settings.muted);
    unlockAudio(controller.settings.muted);
  });
  on('level', 'change', () => controller.setLevel($('level').value));
  for (const input of document.querySelectorAll('input[name="mode"]')) {
    input.addEventListener('change', () => controller.setSetting('mode', input.value));
  }
  for (const input of document.querySelectorAll('input[name="color"]')) {
    input.addEventListener('change', () => controller.setSetting('color', input.value));
  }
  on('analysis-toggle', 'change', () => {
    controller.setSetting('analysis', $('analysis-toggle').checked);
    controller.engine.sync();
  });
  on('multipv', 'change', () => {
    controller.setSetting('multipv', Number($('multipv').value));
    controller.engine.sync();
  });
  on('san-form', 'submit', (event) => {
    event.preventDefault();
    const input = $('san-input');
    if (controller.playTyped(input.value)) input.value = '';
  });
}

main().catch((err) => {
  console.error(err);
  const status = $('status');
  status.textContent = 'The page could not start.';
  const box = $('error');
  box.textContent = `Error: ${err?.message ?? err}`;
  box.hidden = false;
});
