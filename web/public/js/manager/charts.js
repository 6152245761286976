// The report's charts: ticket times per station, late tickets, promised vs actual, orders per bucket.
import { $ } from '../lib/dom.js';
import { legend, lineChart, stackedBars } from '../lib/chart.js';
import { STATIONS } from '../lib/orders.js';
/** @import { KitchenReport } from '../../../types/api.js' */
/** @import { LineSeries } from '../lib/chart.js' */

/** @param {number | null | undefined} seconds */
const minutes = (seconds) => (seconds === null || seconds === undefined ? null : Math.round(seconds / 6) / 10);
/** The drawing width of a chart's panel (charts are drawn to pixels). @param {string} selector */
const widthOf = (selector) => Math.max(280, Math.floor($(selector).getBoundingClientRect().width));
/** @param {string} station */
const stationName = (station) => `${station[0]?.toUpperCase()}${station.slice(1)}`;

/**
 * Bucket starts as labels: "14:15" for hours and quarter hours, "Mon 23" for days.
 * @param {{ start: string }[]} buckets @param {KitchenReport['bucket']} bucket @param {string} timeZone
 */
function labelsOf(buckets, bucket, timeZone) {
  const zone = timeZone ? { timeZone } : {};
  return buckets.map(({ start }) => {
    const at = new Date(start);
    return bucket === 'day'
      ? at.toLocaleDateString([], { weekday: 'short', day: 'numeric', ...zone })
      : at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', ...zone });
  });
}

/** @type {Record<KitchenReport['bucket'], string>} */
const PER = { quarter_hour: 'per 15 minutes', hour: 'per hour', day: 'per day' };

/** @param {KitchenReport} report the body of GET /reports/kitchen */
export function drawCharts(report) {
  const stations = STATIONS.flatMap((name, index) => {
    const data = report.stations.find((each) => each.station === name);
    return data ? [{ index, data }] : [];
  });
  const labels = labelsOf(report.orders.buckets, report.bucket, report.time_zone);

  const times = stations.flatMap(({ index, data }) => [
    { name: `${stationName(data.station)} median`, index, values: data.buckets.map((b) => minutes(b.median_seconds)) },
    { name: `${stationName(data.station)} slowest 10%`, index, dashed: true, values: data.buckets.map((b) => minutes(b.p90_seconds)) },
  ]);
  $('#chart-times').replaceChildren(
    lineChart({ labels, series: times, unit: ' min', title: 'Ticket times per station', width: widthOf('#chart-times') }),
    legend(times.filter((each) => !each.dashed)),
  );

  const late = stations.map(({ index, data }) => ({ name: stationName(data.station), index, values: data.buckets.map((b) => b.late) }));
  $('#chart-late').replaceChildren(
    stackedBars({ labels, series: late, title: 'Late tickets per station', width: widthOf('#chart-late') }),
    legend(late),
  );

  // Promised vs actual: how long after its quoted time each bucket's readied orders were ready (negative: early).
  /** @type {LineSeries} */
  const median = {
    name: 'Median, after the promise',
    index: 4,
    values: report.orders.buckets.map((b) => minutes(b.ready_vs_quoted?.median_seconds)),
  };
  /** @type {LineSeries} */
  const slowest = {
    name: 'Slowest 10%',
    index: 4,
    dashed: true,
    values: report.orders.buckets.map((b) => minutes(b.ready_vs_quoted?.p90_seconds)),
  };
  const promise = [median, slowest];
  $('#chart-promise').replaceChildren(
    lineChart({
      labels,
      series: promise,
      unit: ' min',
      title: 'Ready vs promised, minutes',
      width: widthOf('#chart-promise'),
      signed: true,
    }),
    legend(promise.filter((each) => !each.dashed)),
  );
  // What the lines show, for the tests and the curious: the buckets' values where there are any.
  $('#chart-promise').dataset.medians = median.values.filter((value) => value !== null).join(' ');
  $('#chart-promise').dataset.p90s = slowest.values.filter((value) => value !== null).join(' ');

  const orders = [{ name: 'Orders placed', index: 3, values: report.orders.buckets.map((b) => b.placed) }];
  $('#chart-orders').replaceChildren(
    stackedBars({ labels, series: orders, title: 'Orders placed', width: widthOf('#chart-orders') }),
    legend(orders),
  );
  $('#orders-per').textContent = PER[report.bucket] ?? '';
  $('#chart-orders').dataset.buckets = String(labels.length);
}
