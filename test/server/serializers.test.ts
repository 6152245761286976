// Response serializers are compiled once per process for each schema text (server/serializers.ts):
// the same text gets the same function, whatever route or app asks, and writes what fastify's own
// compiler writes.
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { cachedSerializers } from '../../server/serializers.js';

const dish = () => ({
  type: 'object',
  properties: { id: { type: 'string' }, price: { type: 'number' }, name: { type: 'string' } },
  required: ['id'],
});
const route = (schema: unknown, url = '/dishes/:id') => ({ method: 'GET', url, httpStatus: '200', schema });

describe('response serializers compiled once per schema', () => {
  it('gives two apps and two routes with the same schema text one function, and another text its own', () => {
    const first = cachedSerializers({}, undefined)(route(dish()));
    const second = cachedSerializers({}, undefined)(route(dish(), '/menu/:id'));
    expect(second).toBe(first);
    const other = cachedSerializers({}, undefined)(route({ ...dish(), required: ['id', 'name'] }));
    expect(other).not.toBe(first);
    const withOptions = cachedSerializers({}, { rounding: 'floor' })(route(dish()));
    expect(withOptions).not.toBe(first);
  });

  it("writes exactly what fastify's own compiler writes", () => {
    const own = SerializerSelector()({}, undefined)(route(dish()));
    const body = { id: 'd1', price: 12.5, name: 'Steak "rare"', extra: 'dropped' };
    expect(cachedSerializers({}, undefined)(route(dish()))(body)).toBe(own(body));
    expect(own(body)).toBe('{"id":"d1","price":12.5,"name":"Steak \\"rare\\""}');
  });
});
