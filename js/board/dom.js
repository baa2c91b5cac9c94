// The two element makers every part of the board uses: HTML elements and SVG elements
// with their attributes (and, for HTML, a class and a text) in one call. Text only ever
// lands as text.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An HTML element: `el('p', 'status-line', {part: 'status'}, 'Loading…')`. */
export function el(tag, className = '', attrs = {}, text = '') {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const name in attrs) node.setAttribute(name, attrs[name]);
  if (text) node.textContent = text;
  return node;
}

/** An SVG element with its attributes. */
export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const name in attrs) node.setAttribute(name, attrs[name]);
  return node;
}
