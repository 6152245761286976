// Prometheus metrics, written by hand in the text exposition format (version 0.0.4): counters,
// gauges and histograms with labels. Small on purpose: a client library would be a dependency for
// a hundred lines.

type Labels = Record<string, string>;

const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length === 0 ? '' : `{${entries.map(([name, value]) => `${name}="${escape(value)}"`).join(',')}}`;
};
/** A label set's identity inside one family, cheap on every observation; the escaped text is made when scraped. */
const keyOf = (labels: Labels) => {
  let key = '';
  for (const name in labels) key += `${name}\u0000${labels[name]}\u0001`;
  return key;
};
const number = (value: number) => (Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN');

/** Seconds: from a cached read (0.5 ms) to a slow commit or a request at its deadline (10 s). */
export const SECONDS_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  lines(): string[];
}

export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const entry = this.values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(key, entry);
  }
  lines(): string[] {
    return [...this.values.values()].map(({ labels, value }) => `${this.name}${labelText(labels)} ${number(value)}`);
  }
}

export class Histogram {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[] = SECONDS_BUCKETS,
  ) {}
  observe(value: number, labels: Labels = {}): void {
    const key = keyOf(labels);
    const entry = this.series.get(key) ?? { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
    this.buckets.forEach((bound, index) => {
      if (value <= bound) entry.counts[index] = (entry.counts[index] ?? 0) + 1;
    });
    entry.sum += value;
    entry.count += 1;
    this.series.set(key, entry);
  }
  lines(): string[] {
    return [...this.series.values()].flatMap(({ labels, counts, sum, count }) => [
      ...this.buckets.map((bound, index) => `${this.name}_bucket${labelText({ ...labels, le: number(bound) })} ${counts[index] ?? 0}`),
      `${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`,
      `${this.name}_sum${labelText(labels)} ${number(sum)}`,
      `${this.name}_count${labelText(labels)} ${count}`,
    ]);
  }
}

/** A gauge read when scraped: the collector returns every labelled value at that moment. */
export type GaugeCollector = () => Promise<{ labels: Labels; value: number }[]> | { labels: Labels; value: number }[];

export class Registry {
  private readonly families: Family[] = [];
  private readonly gauges: { name: string; help: string; collect: GaugeCollector }[] = [];

  counter(name: string, help: string): Counter {
    const counter = new Counter(name, help);
    this.families.push({ name, help, type: 'counter', lines: () => counter.lines() });
    return counter;
  }

  histogram(name: string, help: string, buckets?: readonly number[]): Histogram {
    const histogram = new Histogram(name, help, buckets);
    this.families.push({ name, help, type: 'histogram', lines: () => histogram.lines() });
    return histogram;
  }

  gauge(name: string, help: string, collect: GaugeCollector): void {
    this.gauges.push({ name, help, collect });
  }

  /** The exposition text: every family with its HELP and TYPE lines, gauges read now. */
  async text(): Promise<string> {
    const gauges = await Promise.all(
      this.gauges.map(async ({ name, help, collect }) => ({
        name,
        help,
        type: 'gauge' as const,
        lines: (await collect()).map(({ labels, value }) => `${name}${labelText(labels)} ${number(value)}`),
      })),
    );
    const families = [...this.families.map((family) => ({ ...family, lines: family.lines() })), ...gauges];
    return (
      families.map(({ name, help, type, lines }) => [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...lines].join('\n')).join('\n') +
      '\n'
    );
  }
}
