// The page's choice of time control for the next new game (the Opponent card): no
// clock, the usual presets (minutes + seconds added per move), or a custom one, kept in
// the page's settings in the PGN TimeControl form that <alfiere-board time-control>
// takes ('300+3'). The board checks the form; this module only builds it.

const $ = (id) => document.getElementById(id);

/** The presets, as [PGN form, what the menu says]. */
export const TIME_PRESETS = [
  ['none', 'No clock'],
  ['60+0', '1 + 0 (bullet)'],
  ['180+2', '3 + 2 (blitz)'],
  ['300+3', '5 + 3 (blitz)'],
  ['600+5', '10 + 5 (rapid)'],
  ['900+10', '15 + 10 (rapid)'],
];

/** The short name of a time control: '5 + 3' for '300+3', else the PGN form itself. */
export function timeControlName(control) {
  const preset = TIME_PRESETS.find(([value]) => value === control);
  if (preset) return preset[1].replace(/ \(.*\)$/, '');
  const match = /^(\d+)\+(\d+)$/.exec(control ?? '');
  return match && Number(match[1]) % 60 === 0 ? `${Number(match[1]) / 60} + ${match[2]}` : control;
}

/** Whether `text` may be kept as the setting (the board says whether it is a time control). */
export function isTimeSetting(text) {
  return typeof text === 'string' && /^(none|[\d.+:/*d-]{1,40})$/.test(text);
}

/**
 * Wires the menu and the custom fields to the page's `timeControl` setting.
 * @param page the Page (settings, setSetting)
 */
export function attachTimeChoice(page) {
  const select = $('time-control');
  const custom = $('time-custom');
  const option = (value, text) => Object.assign(document.createElement('option'), { value, textContent: text });
  select.replaceChildren(...TIME_PRESETS.map(([value, text]) => option(value, text)), option('custom', 'Custom…'));
  const current = page.settings.timeControl;
  const preset = TIME_PRESETS.some(([value]) => value === current);
  select.value = preset ? current : 'custom';
  custom.hidden = preset;
  const fromFields = () => {
    const minutes = Math.min(600, Math.max(0, Number($('time-minutes').value) || 0));
    const increment = Math.min(180, Math.max(0, Math.round(Number($('time-increment').value) || 0)));
    const base = Math.round(minutes * 60);
    return `${base || (increment ? 0 : 60)}+${increment}`;
  };
  if (!preset) {
    const match = /^(\d+)\+(\d+)$/.exec(current);
    if (match) {
      $('time-minutes').value = String(Number(match[1]) / 60);
      $('time-increment').value = match[2];
    }
  }
  select.addEventListener('change', () => {
    custom.hidden = select.value !== 'custom';
    page.setSetting('timeControl', select.value === 'custom' ? fromFields() : select.value);
  });
  for (const id of ['time-minutes', 'time-increment']) {
    $(id).addEventListener('change', () => page.setSetting('timeControl', fromFields()));
  }
}
