// The layering the README describes, checked on the source: imports point down the layers
// (query → models → store → domain → realtime → server → scripts), never up, and no two modules
// import each other, directly or round a longer loop. A new upward import or cycle fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Lowest first: a module may import its own layer and those before it. */
const LAYERS = ['query', 'models', 'store', 'domain', 'realtime', 'server', 'scripts'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** Relative imports (static, dynamic and type-only) of a file, as project paths of .ts files. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1] as string);
  return specifiers.map((specifier) =>
    path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), specifier)).replace(/\.js$/, '.ts'),
  );
}

const layerOf = (file: string) => LAYERS.indexOf(file.split(path.sep)[0] as (typeof LAYERS)[number]);

const graph = new Map(LAYERS.flatMap(sourceFiles).map((file) => [file, importsOf(file).filter((target) => layerOf(target) !== -1)]));

/** Every cycle of a graph, each as its sorted members (Tarjan's strongly connected components). */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** domain/x/… is folder x; a file at domain/'s root (errors.ts, deps.ts, settings.ts, printer-settings.ts) is its own unit. */
const unitOf = (file: string) => file.split(path.sep).slice(1, -1)[0] ?? path.basename(file);
const inDomain = (file: string) => file.startsWith(`domain${path.sep}`);

/** Per pair of domain/ units, `from → to`: the imports that make it, as `file → file`. */
const unitImports = new Map<string, string[]>();
for (const [file, targets] of graph) {
  if (!inDomain(file)) continue;
  for (const target of targets.filter((each) => inDomain(each) && unitOf(each) !== unitOf(file))) {
    const edge = `${unitOf(file)} → ${unitOf(target)}`;
    unitImports.set(edge, [...(unitImports.get(edge) ?? []), `${file} → ${target}`]);
  }
}
const endsOf = (edge: string) => edge.split(' → ') as [string, string];

describe('the architecture', () => {
  it('reads every layer (the check is not vacuous)', () => {
    for (const layer of LAYERS)
      expect(
        [...graph.keys()].some((file) => file.startsWith(`${layer}/`)),
        layer,
      ).toBe(true);
    expect(graph.get('server/app.ts')?.length).toBeGreaterThan(5);
    expect(unitImports.get('orders → kitchen')).toContain(
      `${path.join('domain', 'orders', 'orders.ts')} → ${path.join('domain', 'kitchen', 'line-guard.ts')}`,
    );
  });

  it('has no import up the layers', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("has domain/'s folders import each other one way only, and round no loop", () => {
    // One direction per pair, by what each folder is about: orders (taking and changing them) use
    // the kitchen (courses, fire times, pace, quotes, all-day counts), the menu and the views kept
    // in memory; the kitchen uses the menu and the views; the menu uses the views. What a lower
    // folder needs of a higher one moves down, or is passed in (as menu/open-orders.ts is).
    const twoWay = [...unitImports.keys()]
      .map(endsOf)
      .filter(([from, to]) => from < to && unitImports.has(`${to} → ${from}`))
      .map(([from, to]) =>
        [`${from} ↔ ${to}`, ...unitImports.get(`${from} → ${to}`)!, ...unitImports.get(`${to} → ${from}`)!].join('\n  '),
      );
    expect(twoWay, `domain/ folders that import each other both ways:\n${twoWay.join('\n')}\n`).toEqual([]);
    const next = new Map<string, string[]>();
    for (const [from, to] of [...unitImports.keys()].map(endsOf)) next.set(from, [...(next.get(from) ?? []), to]);
    const loops = cycles(next).map((loop) =>
      [
        loop.join(', '),
        ...[...unitImports].filter(([edge]) => endsOf(edge).every((unit) => loop.includes(unit))).flatMap(([, files]) => files),
      ].join('\n  '),
    );
    expect(loops, `domain/ folders that import each other round a loop:\n${loops.join('\n')}\n`).toEqual([]);
  });
});
