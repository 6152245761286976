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

/** Every cycle, each reported once from its smallest file name (Tarjan's strongly connected components). */
function cycles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the architecture', () => {
  it('reads every layer (the check is not vacuous)', () => {
    for (const layer of LAYERS)
      expect(
        [...graph.keys()].some((file) => file.startsWith(`${layer}/`)),
        layer,
      ).toBe(true);
    expect(graph.get('server/app.ts')?.length).toBeGreaterThan(5);
  });

  it('has no import up the layers', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it("has domain/'s folders import each other one way only, but for the pairs still to be untangled", () => {
    // domain/x/… is folder x; a file at domain/'s root (errors.ts, deps.ts, settings.ts) is its own unit.
    const unitOf = (file: string) => file.split(path.sep).slice(1, -1)[0] ?? path.basename(file);
    const edges = new Set(
      [...graph].flatMap(([file, targets]) =>
        file.startsWith(`domain${path.sep}`)
          ? targets.filter((target) => target.startsWith(`domain${path.sep}`)).map((target) => `${unitOf(file)} → ${unitOf(target)}`)
          : [],
      ),
    );
    const twoWay = [...edges]
      .map((edge) => edge.split(' → ') as [string, string])
      .filter(([from, to]) => from < to && edges.has(`${to} → ${from}`))
      .map(([from, to]) => `${from} ↔ ${to}`)
      .sort();
    // The order-items rework moves what these share (pacing, tickets, order statuses, shortages)
    // out of orders/: then each line goes, and this list with it. A new pair fails here.
    expect(twoWay).toEqual(['kitchen ↔ orders', 'menu ↔ orders', 'orders ↔ views']);
  });
});
