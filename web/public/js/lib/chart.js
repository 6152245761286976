// Small SVG charts drawn by hand (no library, nothing inline the CSP would refuse): lines over time
// and stacked bars over time, with axes, gridlines, labels and a legend. Colours come from CSS
// classes (`series-0`, `series-1`, …) so every chart on a page matches its legend.

const NS = 'http://www.w3.org/2000/svg';
const H = 240;
const PAD = { left: 44, right: 26, top: 12, bottom: 28 };

/** @param {string} tag @param {Record<string, string | number>} attrs @param {...(SVGElement | string)} children */
function svg(tag, attrs = {}, ...children) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

/** A round upper bound for the y axis and its tick step. @param {number} max */
function niceScale(max) {
  const raw = Math.max(1, max) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((each) => each * power).find((each) => each >= raw) ?? raw;
  return { top: step * Math.ceil(Math.max(1, max) / step), step };
}

/**
 * The frame shared by both kinds: axes, gridlines, x labels (every nth, to stay legible). Bars sit
 * in bands (the middle of each label's slot), lines run edge to edge.
 * @param {string[]} labels @param {number} max @param {string} unit @param {number} W @param {boolean} band
 */
function frame(labels, max, unit, W, band) {
  const { top, step } = niceScale(max);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const n = Math.max(1, labels.length);
  const x = (i) => PAD.left + (band ? ((i + 0.5) * plotW) / n : labels.length <= 1 ? plotW / 2 : (i * plotW) / (labels.length - 1));
  const y = (value) => PAD.top + plotH - (value / top) * plotH;
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img' });
  for (let value = 0; value <= top; value += step) {
    root.append(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y(value), y2: y(value), class: 'grid' }));
    root.append(svg('text', { x: PAD.left - 6, y: y(value) + 4, class: 'tick', 'text-anchor': 'end' }, `${value}${unit}`));
  }
  const every = Math.max(1, Math.ceil(labels.length / Math.floor(W / 80)));
  labels.forEach((label, i) => {
    if (i % every === 0) root.append(svg('text', { x: x(i), y: H - 8, class: 'tick', 'text-anchor': 'middle' }, label));
  });
  return { root, x, y, plotW };
}

/**
 * Lines, one per series; a null value breaks the line (no data in that bucket).
 * @param {{ labels: string[], series: { name: string, values: (number | null)[], dashed?: boolean, index?: number }[], unit?: string, title: string, width?: number }} data
 */
export function lineChart({ labels, series, unit = '', title, width = 640 }) {
  const max = Math.max(0, ...series.flatMap((each) => each.values.filter((value) => value !== null)));
  const { root, x, y } = frame(labels, max, unit, width, false);
  root.setAttribute('aria-label', title);
  series.forEach((each, n) => {
    const kind = `series-${each.index ?? n}${each.dashed ? ' dashed' : ''}`;
    let path = '';
    each.values.forEach((value, i) => {
      if (value === null) return;
      path += `${path && each.values[i - 1] !== null && i > 0 ? 'L' : 'M'}${x(i).toFixed(1)},${y(value).toFixed(1)}`;
      root.append(svg('circle', { cx: x(i), cy: y(value), r: each.dashed ? 0 : 3, class: `dot ${kind}` }, svg('title', {}, `${each.name} · ${labels[i]}: ${value}${unit}`)));
    });
    if (path) root.prepend(svg('path', { d: path, class: `line ${kind}` }));
  });
  return root;
}

/**
 * Bars stacked per label, one colour per series.
 * @param {{ labels: string[], series: { name: string, values: number[], index?: number }[], title: string, width?: number }} data
 */
export function stackedBars({ labels, series, title, width = 640 }) {
  const totals = labels.map((_, i) => series.reduce((sum, each) => sum + (each.values[i] ?? 0), 0));
  const { root, x, y, plotW } = frame(labels, Math.max(0, ...totals), '', width, true);
  root.setAttribute('aria-label', title);
  const barW = Math.max(2, Math.min(28, (plotW / Math.max(1, labels.length)) * 0.7));
  labels.forEach((label, i) => {
    let base = 0;
    series.forEach((each, n) => {
      const value = each.values[i] ?? 0;
      if (value <= 0) return;
      root.append(svg('rect', { x: x(i) - barW / 2, y: y(base + value), width: barW, height: y(base) - y(base + value), class: `bar series-${each.index ?? n}` }, svg('title', {}, `${each.name} · ${label}: ${value}`)));
      base += value;
    });
  });
  return root;
}

/** A legend matching the charts' series classes. @param {{ name: string, index?: number, dashed?: boolean }[]} series */
export function legend(series) {
  const list = document.createElement('ul');
  list.className = 'legend';
  series.forEach((each, n) => {
    const item = document.createElement('li');
    item.className = `series-${each.index ?? n}${each.dashed ? ' dashed' : ''}`;
    item.textContent = each.name;
    list.append(item);
  });
  return list;
}
