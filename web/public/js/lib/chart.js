// The manager's charts, drawn by uPlot (a small, maintained canvas charting library served by this
// server from its own node_modules, nothing from a CDN; it styles through the CSSOM, which the CSP
// allows): lines over time and stacked bars over time, with a legend of our own whose colours come
// from the same CSS classes (`series-0`, `series-1`, …) as the series.
import uPlot from '/boards/vendor/uplot/uPlot.esm.js';

const HEIGHT = 240;
/**
 * One line: its values per label (null: nothing measured), its colour (`series-N`), dashed for a second measure.
 * @typedef {{ name: string, values: (number | null)[], index?: number, dashed?: boolean }} LineSeries
 */
/**
 * What a chart is drawn from, less the size and frame that `mount` adds.
 * @typedef {Omit<uPlot.Options, 'width' | 'height'> & { title: string }} ChartOptions
 */

/** The colour of `series-N` as the stylesheet sets it (`--c`). @param {number} index */
function colourOf(index) {
  const probe = document.createElement('span');
  probe.className = `series-${index}`;
  document.body.append(probe);
  const colour = getComputedStyle(probe).getPropertyValue('--c').trim() || '#4da3ff';
  probe.remove();
  return colour;
}

const AXIS_FONT = '11px system-ui, sans-serif';

/** The x axis' least distance between labels (px): the widest label and a gap. @param {string[]} labels */
function labelSpace(labels) {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return 80;
  context.font = AXIS_FONT;
  return Math.ceil(Math.max(0, ...labels.map((label) => context.measureText(label).width))) + 16;
}

/**
 * Axes readable on the dark boards: muted labels, faint grid; counts tick in whole numbers.
 * @param {string[]} labels @param {string} unit @param {boolean} [whole] @returns {uPlot.Axis[]}
 */
function axes(labels, unit, whole = false) {
  const muted = getComputedStyle(document.body).getPropertyValue('--muted').trim() || '#9aa4b2';
  const line = getComputedStyle(document.body).getPropertyValue('--line').trim() || '#2a3140';
  const common = { stroke: muted, grid: { stroke: line, width: 1 }, ticks: { stroke: line, width: 1 }, font: AXIS_FONT };
  return [
    {
      ...common,
      // Labels a whole bucket apart, each with room for the widest and a gap: uPlot's default 50 px
      // put "12:00 AM" against "12:15 AM", and its 2.5 steps gave uneven ones ("12:00, 12:45, 01:15").
      space: labelSpace(labels),
      incrs: [1, 2, 4, 8, 12, 16, 24, 32, 48, 96],
      values: (_u, splits) => splits.map((i) => labels[Math.round(i)] ?? ''),
    },
    {
      ...common,
      // Wide enough for "-10 min" (the unit in words, never ′ read as feet).
      size: unit.length > 1 ? 64 : 44,
      values: (_u, splits) => splits.map((v) => `${v}${unit}`),
      ...(whole ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] } : {}),
    },
  ];
}

/**
 * A chart in a box that knows its width: uPlot draws to the pixel size it is given.
 * @param {ChartOptions} options @param {uPlot.AlignedData} data @param {number} width
 */
function mount(options, data, width) {
  const box = document.createElement('div');
  box.className = 'chart';
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', options.title);
  const plot = new uPlot(
    { ...options, title: undefined, width, height: HEIGHT, legend: { show: false }, cursor: { show: true, points: { show: false } } },
    data,
    box,
  );
  box.dataset.series = String(plot.series.length - 1);
  return box;
}

/**
 * Lines over the labels, one colour per station (dashed ones for a second measure).
 * With `signed`, the y axis goes below zero when a value does (an early order is a negative lateness).
 * @param {{ labels: string[], series: LineSeries[], unit?: string, title: string, width?: number, signed?: boolean }} data
 */
export function lineChart({ labels, series, unit = '', title, width = 640, signed = false }) {
  const xs = labels.map((_, i) => i);
  /** @type {ChartOptions} */
  const options = {
    title,
    scales: { x: { time: false }, y: { range: (_u, min, max) => [signed ? Math.min(0, Math.floor(min ?? 0)) : 0, Math.max(1, max)] } },
    axes: axes(labels, unit),
    series: [
      {},
      ...series.map((each, n) => ({
        label: each.name,
        stroke: colourOf(each.index ?? n),
        width: each.dashed ? 1.5 : 2.5,
        dash: each.dashed ? [5, 4] : undefined,
        spanGaps: false,
        points: { show: !each.dashed, size: 6 },
      })),
    ],
  };
  return mount(options, [xs, ...series.map((each) => each.values)], width);
}

/**
 * Bars stacked per label, one colour per series: each series is drawn as the running total of it
 * and those below it, tallest first, so each colour shows its own share.
 * @param {{ labels: string[], series: { name: string, values: number[], index?: number }[], title: string, width?: number }} data
 */
export function stackedBars({ labels, series, title, width = 640 }) {
  const xs = labels.map((_, i) => i);
  let running = labels.map(() => 0);
  const stacked = series.map((each) => (running = running.map((sum, i) => sum + (each.values[i] ?? 0))));
  // The full build served always has its bar path builder; the types leave every builder optional.
  const barPaths = uPlot.paths.bars;
  if (!barPaths) throw new Error('This uPlot build draws no bars.');
  const bars = barPaths({ size: [0.7, 28] });
  const order = series.map((each, n) => ({ each, n, values: stacked[n] ?? [] })).reverse();
  /** @type {ChartOptions} */
  const options = {
    title,
    scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: axes(labels, '', true),
    series: [
      {},
      ...order.map(({ each, n }) => ({
        label: each.name,
        fill: colourOf(each.index ?? n),
        stroke: colourOf(each.index ?? n),
        width: 0,
        paths: bars,
        points: { show: false },
      })),
    ],
  };
  return mount(options, [xs, ...order.map(({ values }) => values)], width);
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
