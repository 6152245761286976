// The report's charts: ticket times per station, late tickets, promised vs actual, orders per bucket.
import { $ } from '../lib/dom.js';
import { legend, lineChart, stackedBars } from '../lib/chart.js';
import { formatDate, t } from '../lib/i18n.js';
import { STATIONS } from '../lib/orders.js';
/** @import { KitchenReport } from '../../../types/api.js' */
/** @import { LineSeries } from '../lib/chart.js' */

/** @param {number | null | undefined} seconds */
const minutes = (seconds) => (seconds === null || seconds === undefined ? null : Math.round(seconds / 6) / 10);
/** The drawing width of a chart's panel (charts are drawn to pixels). @param {string} selector */
const widthOf = (selector) => Math.max(280, Math.floor($(selector).getBoundingClientRect().width));
/** @param {string} station */
const stationName = (station) => t(`station.${station}`);

/**
 * Bucket starts as labels: "14:15" for hours and quarter hours, "Mon 23" for days.
 * @param {{ start: string }[]} buckets @param {KitchenReport['bucket']} bucket @param {string} timeZone
 */
function labelsOf(buckets, bucket, timeZone) {
  const zone = timeZone ? { timeZone } : {};
  return buckets.map(({ start }) => {
    const at = new Date(start);
    return bucket === 'day'
      ? formatDate(at, { weekday: 'short', day: 'numeric', ...zone })
      : formatDate(at, { hour: '2-digit', minute: '2-digit', ...zone });
  });
}

/** The width the charts were last drawn to (their first panel's). */
let drawnWidth = 0;

/**
 * Draws the charts again once their panels change width (a tablet turned, a window resized):
 * uPlot draws to pixels, so a chart drawn for the old width would overflow or leave a gap.
 * @param {() => KitchenReport | null} current the report on screen
 */
export function redrawOnResize(current) {
  let timer = 0;
  addEventListener('resize', () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => {
      const report = current();
      if (report && widthOf('#chart-times') !== drawnWidth) drawCharts(report);
    }, 150);
  });
}

/** @param {KitchenReport} report the body of GET /reports/kitchen */
export function drawCharts(report) {
  drawnWidth = widthOf('#chart-times');
  const stations = STATIONS.flatMap((name, index) => {
    const data = report.stations.find((each) => each.station === name);
    return data ? [{ index, data }] : [];
  });
  const labels = labelsOf(report.orders.buckets, report.bucket, report.time_zone);

  const times = stations.flatMap(({ index, data }) => [
    { name: t('chart.median', { station: stationName(data.station) }), index, values: data.buckets.map((b) => minutes(b.median_seconds)) },
    {
      name: t('chart.slowest', { station: stationName(data.station) }),
      index,
      dashed: true,
      values: data.buckets.map((b) => minutes(b.p90_seconds)),
    },
  ]);
  $('#chart-times').replaceChildren(
    lineChart({ labels, series: times, unit: ' min', title: t('chart.times'), width: widthOf('#chart-times') }),
    legend(times.filter((each) => !each.dashed)),
  );

  const late = stations.map(({ index, data }) => ({ name: stationName(data.station), index, values: data.buckets.map((b) => b.late) }));
  $('#chart-late').replaceChildren(
    stackedBars({ labels, series: late, title: t('chart.late'), width: widthOf('#chart-late') }),
    legend(late),
  );

  // Promised vs actual: how long after its quoted time each bucket's readied orders were ready (negative: early).
  /** @type {LineSeries} */
  const median = {
    name: t('chart.promise-median'),
    index: 4,
    values: report.orders.buckets.map((b) => minutes(b.ready_vs_quoted?.median_seconds)),
  };
  /** @type {LineSeries} */
  const slowest = {
    name: t('chart.promise-slowest'),
    index: 4,
    dashed: true,
    values: report.orders.buckets.map((b) => minutes(b.ready_vs_quoted?.p90_seconds)),
  };
  const promise = [median, slowest];
  $('#chart-promise').replaceChildren(
    lineChart({ labels, series: promise, unit: ' min', title: t('chart.promise'), width: widthOf('#chart-promise'), signed: true }),
    legend(promise.filter((each) => !each.dashed)),
  );
  // What the lines show, for the tests and the curious: the buckets' values where there are any.
  $('#chart-promise').dataset.medians = median.values.filter((value) => value !== null).join(' ');
  $('#chart-promise').dataset.p90s = slowest.values.filter((value) => value !== null).join(' ');

  const orders = [{ name: t('chart.orders'), index: 3, values: report.orders.buckets.map((b) => b.placed) }];
  $('#chart-orders').replaceChildren(
    stackedBars({ labels, series: orders, title: t('chart.orders'), width: widthOf('#chart-orders') }),
    legend(orders),
  );
  $('#orders-per').textContent = t(`manager.per-${report.bucket}`);
  $('#chart-orders').dataset.buckets = String(labels.length);
}
