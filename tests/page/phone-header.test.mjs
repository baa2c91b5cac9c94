// The page's top bar on a phone (390x844): the rule-set picker shows its whole name
// (never a bare arrow, never "Ches"), the Chess960 start-number box its whole
// placeholder ("random (518)", never "randon"), and the mute button stays on its row;
// the bar is as tall in Chess960 (with the box) as in chess.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, openPage, newGame } from './helpers.mjs';

let server;
let browser;
usePage({ open: false, setup: (env) => ({ server, browser } = env) });

/** What the bar shows: the picker's and the box's widths against their text's, the rows of the mute button and the picker, the bar's height. */
function headerFacts(page) {
  return page.evaluate(() => {
    const measure = (el, text) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return context.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    };
    const select = document.getElementById('variant');
    const start = document.getElementById('chess960-start');
    const box = (el) => el.getBoundingClientRect();
    const picker = box(select);
    const mute = box(document.getElementById('mute'));
    return {
      name: select.selectedOptions[0].textContent,
      // The picker's arrow takes about 20 px of its width.
      pickerRoom: picker.width - 20 - measure(select, select.selectedOptions[0].textContent),
      startShown: start.checkVisibility(),
      placeholder: start.placeholder,
      // The number spinner takes about 16 px.
      startRoom: start.checkVisibility() ? start.clientWidth - 16 - measure(start, start.placeholder) : null,
      muteOnPickerRow: Math.abs(mute.top + mute.height / 2 - (picker.top + picker.height / 2)) < 4,
      muteHeight: mute.height,
      barHeight: box(document.querySelector('.top-bar')).height,
      barRight: Math.max(...[...document.querySelectorAll('.top-bar > *')].map((el) => box(el).right)),
    };
  });
}

test('at 390 px the top bar shows the whole rule-set name, the whole Chess960 placeholder, and the mute button on its row', async () => {
  const { context, page, errors } = await openPage(browser, server.url, { viewport: { width: 390, height: 844 } });
  const facts = {};
  for (const variant of ['chess', 'marseillais-balanced', 'progressive-scottish', 'chess960']) {
    await newGame(page, { variant, mode: 'friend' });
    facts[variant] = await headerFacts(page);
    const f = facts[variant];
    assert.ok(f.pickerRoom >= 0, `${variant}: the picker cuts “${f.name}” (${f.pickerRoom.toFixed(1)} px short)`);
    assert.ok(f.muteOnPickerRow, `${variant}: the mute button wrapped to another row`);
    assert.ok(f.muteHeight <= 40, `${variant}: the mute button is ${f.muteHeight} px tall`);
    assert.ok(f.barRight <= 390, `${variant}: the bar reaches ${f.barRight} px`);
    assert.equal(f.startShown, variant === 'chess960', `${variant}: the Chess960 start box shown only in Chess960`);
  }
  const c960 = facts.chess960;
  assert.equal(c960.startShown, true);
  assert.match(c960.placeholder, /^random \(\d+\)$/);
  assert.ok(c960.startRoom >= 0, `the start box cuts “${c960.placeholder}” (${c960.startRoom.toFixed(1)} px short)`);
  assert.equal(c960.barHeight, facts.chess.barHeight, 'the start box adds no row');
  assert.deepEqual(errors, []);
  await context.close();
});
