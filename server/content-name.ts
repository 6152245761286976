// Names for route schemas' content, for what is made once per process for each distinct schema:
// the response serializers (serializers.ts) and the OpenAPI document (plugins/swagger.ts). Naming
// by content (not by object) lets an instance whose routes build their schema objects anew share
// what an earlier instance made; keeping the name per object names each shared model once.
/**
 * A short name for a JSON value's content, kept per object: equal content, equal name, whatever
 * object holds it, for the life of the process. A route's schema is mostly models every instance
 * shares (Order, Dish, ...), named once, inside a few objects made per route. An object is named
 * once fastify has compiled it (at ready) and must not change after; schemas hold no cycles.
 */
const contentNames = new Map<string, string>();
const namedObjects = new WeakMap<object, string>();
export function contentName(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value !== 'object' || value === null) return `${typeof value}:${String(value)}`;
  let name = namedObjects.get(value);
  if (name === undefined) {
    const content = Array.isArray(value)
      ? `[${value.map(contentName).join(',')}]`
      : `{${Object.entries(value)
          .map(([key, item]) => `${JSON.stringify(key)}:${contentName(item)}`)
          .join(',')}}`;
    name = contentNames.get(content);
    if (name === undefined) contentNames.set(content, (name = `#${contentNames.size}`));
    namedObjects.set(value, name);
  }
  return name;
}
