// The embedded store's document images: built from the objects in hand, they must be exactly what
// parsing the JSON written would give, and frozen all the way down.
import { describe, expect, it } from 'vitest';
import { applyUpdate, imageOf, parsed, withBase } from '../../../store/sqlite/images.js';

const isDeepFrozen = (value: unknown): boolean =>
  typeof value !== 'object' || value === null || (Object.isFrozen(value) && Object.values(value).every(isDeepFrozen));

/** The image of `doc` as a write makes it: stringified, then copied (or parsed when a copy would differ). */
const imageAsWritten = (doc: Record<string, unknown>) => {
  const text = JSON.stringify(doc);
  return { text, image: imageOf(doc, text) };
};

describe('document images', () => {
  it('copy a plain document exactly, key order included, frozen all the way down, sharing nothing with it', () => {
    const doc = {
      id: 'a',
      name: 'Ann',
      dish_ids: ['x', 'y'],
      tickets: [{ station: 'hot', started_at: null, n: 1.5 }],
      flag: false,
      '2': 'two',
    };
    const { text, image } = imageAsWritten(doc);
    expect(image).toEqual(JSON.parse(text));
    expect(JSON.stringify(image)).toBe(text);
    expect(Object.keys(image)).toEqual(Object.keys(JSON.parse(text) as object));
    expect(isDeepFrozen(image)).toBe(true);
    expect(image.tickets).not.toBe(doc.tickets);
    expect(Object.isFrozen(doc.tickets)).toBe(false);
  });

  it.each([
    ['an undefined property', { a: 1, gone: undefined }],
    ['an undefined array element', { list: [1, undefined, 3] }],
    ['a Date', { at: new Date('2026-01-02T03:04:05.000Z') }],
    ['negative zero', { qty: -0 }],
    ['NaN and Infinity', { a: Number.NaN, b: Number.POSITIVE_INFINITY }],
    ['an object with its own toJSON', { price: { toJSON: () => 'twelve' } }],
    ['a class instance', { where: new URL('https://example.com/') }],
    ['a __proto__ key', JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>],
  ])('equal what parsing the JSON gives for a document with %s', (_, doc) => {
    const { text, image } = imageAsWritten(doc);
    expect(image).toStrictEqual(JSON.parse(text));
    expect(JSON.stringify(image)).toBe(text);
    expect(isDeepFrozen(image)).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('parse stored text into a frozen image', () => {
    const image = parsed('{"id":"a","tickets":[{"station":"hot"}]}');
    expect(image).toEqual({ id: 'a', tickets: [{ station: 'hot' }] });
    expect(isDeepFrozen(image)).toBe(true);
  });

  it('apply an update to a draft that shares the unchanged values of the image before', () => {
    const before = parsed('{"id":"a","created_at":"c","updated_at":"u","name":"Flour","qty":2,"tags":["dry"]}');
    const draft = applyUpdate(
      before,
      { set: { name: 'Rye', id: 'other', skipped: undefined }, inc: { qty: -3, fresh: 2 } } as never,
      'now',
    );
    expect(draft).toEqual({ id: 'a', created_at: 'c', updated_at: 'now', name: 'Rye', qty: -1, tags: ['dry'], fresh: 2 });
    const text = JSON.stringify(draft);
    const after = imageOf(draft, text, before);
    expect(after).toStrictEqual(JSON.parse(text));
    expect(after.tags).toBe(before.tags);
    expect(isDeepFrozen(after)).toBe(true);
    expect(before).toEqual({ id: 'a', created_at: 'c', updated_at: 'u', name: 'Flour', qty: 2, tags: ['dry'] });
  });

  it('take the properties the store assigns from the store, first, whatever the document says', () => {
    const stamped = withBase('b', 'c2', 'u2', { updated_at: 'u', name: 'Ann', id: 'a', created_at: 'c' });
    expect(stamped).toStrictEqual({ id: 'b', created_at: 'c2', updated_at: 'u2', name: 'Ann' });
    expect(Object.keys(stamped)).toEqual(['id', 'created_at', 'updated_at', 'name']);
    // An own "__proto__" key (JSON.parse makes one) is left out, and the prototype stays Object's.
    const withProto = withBase('b', 'c', 'u', JSON.parse('{"__proto__": {"status": "Ready"}, "name": "Ann"}') as object);
    expect(Object.getPrototypeOf(withProto)).toBe(Object.prototype);
    expect(withProto).toStrictEqual({ id: 'b', created_at: 'c', updated_at: 'u', name: 'Ann' });
  });
});
