// Dice drawn as SVG.

const NS = 'http://www.w3.org/2000/svg';

// The pips of each face, on a 3 by 3 grid of 25, 50 and 75.
const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

// dieSVG returns an SVG element of a die showing face (1 to 6), hidden
// from screen readers: the button around it carries the label.
export function dieSVG(face) {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.classList.add('die-svg');
  const rect = document.createElementNS(NS, 'rect');
  for (const [k, v] of Object.entries({ x: 5, y: 5, width: 90, height: 90, rx: 16, class: 'face' })) rect.setAttribute(k, String(v));
  svg.append(rect);
  for (const [cx, cy] of PIPS[face] || []) {
    const c = document.createElementNS(NS, 'circle');
    c.setAttribute('cx', String(cx));
    c.setAttribute('cy', String(cy));
    c.setAttribute('r', face === 1 ? '11' : '9');
    c.setAttribute('class', 'pip');
    svg.append(c);
  }
  return svg;
}
