// The documents a write hands out. One frozen object per image serves the caller's result and every
// change listener, built from the objects already in hand rather than by parsing the JSON just
// written: frozen, no listener can change what the caller or another listener holds.
import type { Update } from '../types.js';

export type Doc = Record<string, unknown>;

const BASE_KEYS = new Set(['id', 'created_at', 'updated_at']);
const NOT_EXACT = Symbol('not exact');

/** The base properties the store assigns, then the document's own (any base ones it has left out). */
export function withBase(id: string, created_at: string, updated_at: string, doc: object): Doc {
  // Spread, not assigned key by key: V8 turns an object given more than about 16 properties one
  // by one into a dictionary (an order has 24), slower to read and about 1 KB larger.
  const draft: Doc = { id, created_at, updated_at, ...doc };
  // Base values the document carried are the store's again (their place stays first).
  draft.id = id;
  draft.created_at = created_at;
  draft.updated_at = updated_at;
  // A "__proto__" key of its own (from parsed JSON) is left out, as JSON gives it no meaning here.
  if (Object.hasOwn(draft, '__proto__')) delete draft['__proto__'];
  return draft;
}

/**
 * A deep-frozen copy of `value`, or NOT_EXACT when JSON would not give it back as it is (undefined,
 * -0, NaN, a Date or any object with a prototype of its own, a `__proto__` key): such documents
 * take the slow path, a parse of their JSON.
 */
function exactCopy(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : NOT_EXACT;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const items: unknown[] = [];
        for (let i = 0; i < value.length; i++) {
          const item = exactCopy(value[i]);
          if (item === NOT_EXACT) return NOT_EXACT;
          items.push(item);
        }
        return Object.freeze(items);
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return NOT_EXACT;
      return copyProperties(value as Doc, null);
    }
    default:
      return NOT_EXACT;
  }
}

/** `exactCopy` of an object, reusing the values it shares with `frozen` (an image already). */
function copyProperties(doc: Doc, frozen: Doc | null): Doc | typeof NOT_EXACT {
  // A spread copy stays in V8's fast mode (see withBase); only the values that are objects are
  // then replaced by their own copies, properties the copy already has.
  const copy: Doc = { ...doc };
  for (const key of Object.keys(copy)) {
    const value = copy[key];
    // A "__proto__" key of its own would be a prototype in any object built from JSON.
    if (key === '__proto__') return NOT_EXACT;
    const item = frozen !== null && value === frozen[key] ? value : exactCopy(value);
    if (item === NOT_EXACT) return NOT_EXACT;
    if (item !== value) copy[key] = item;
  }
  return Object.freeze(copy);
}

function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/** A document of the caller's own, equal to `image`: nothing frozen, nothing shared with it. */
export function plainCopy<V>(image: V): V {
  if (typeof image !== 'object' || image === null) return image;
  if (Array.isArray(image)) return image.map(plainCopy) as V;
  // Spread (fast mode, see withBase), then its object values replaced by copies of their own.
  const copy: Doc = { ...(image as Doc) };
  for (const key of Object.keys(copy)) {
    const value = copy[key];
    if (typeof value === 'object' && value !== null) copy[key] = plainCopy(value);
  }
  return copy as V;
}

/** The image of stored JSON text. */
export const parsed = (text: string): Doc => deepFreeze(JSON.parse(text) as Doc);

/**
 * The image of `doc`, just written as `text` (its JSON.stringify): equal to `parsed(text)`, but
 * copied instead of parsed. Values `doc` shares with the image `unchanged` are taken as they are.
 */
export function imageOf(doc: Doc, text: string, unchanged: Doc | null = null): Doc {
  const copy = copyProperties(doc, unchanged);
  return copy === NOT_EXACT ? parsed(text) : copy;
}

/** `before` with the update applied and stamped: a new draft sharing its unchanged values. */
export function applyUpdate<T>(before: Doc, { set = {}, inc = {} }: Update<T>, stamp: string): Doc {
  const doc: Doc = { ...before };
  for (const [key, value] of Object.entries(set)) {
    // JSON has no undefined: an undefined value leaves the property as it is.
    if (value !== undefined && !BASE_KEYS.has(key)) doc[key] = value;
  }
  for (const [key, delta] of Object.entries(inc)) {
    const current = doc[key];
    if (typeof delta === 'number') doc[key] = (typeof current === 'number' ? current : 0) + delta;
  }
  doc.updated_at = stamp;
  return doc;
}
