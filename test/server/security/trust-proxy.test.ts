// server/trust-proxy.ts gives the socket guards the address fastify's request.ip gives HTTP, for
// every form of POS_TRUST_PROXY: checked against fastify itself on the same requests.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, trustedHops, type TrustProxySetting } from '../../../server/trust-proxy.js';

const requests = [
  { remoteAddress: '10.0.0.5', xff: undefined },
  { remoteAddress: '10.0.0.5', xff: '203.0.113.7' },
  { remoteAddress: '10.0.0.5', xff: '6.6.6.6, 203.0.113.7' },
  { remoteAddress: '10.0.0.5', xff: '6.6.6.6, 10.0.0.9, 203.0.113.7' },
  { remoteAddress: '198.51.100.1', xff: '6.6.6.6' },
];

async function fastifyIps(setting: TrustProxySetting) {
  const app = Fastify({ trustProxy: trustedHops(setting) });
  const seen: [string, string][] = [];
  app.get('/', async (request) => {
    seen.push([request.ip, clientAddress(request.raw, trustedHops(setting))]);
    return {};
  });
  for (const { remoteAddress, xff } of requests)
    await app.inject({ url: '/', remoteAddress, headers: xff ? { 'x-forwarded-for': xff } : {} });
  await app.close();
  return seen;
}

describe('the client address', () => {
  it.each<[TrustProxySetting, string[]]>([
    [false, ['10.0.0.5', '10.0.0.5', '10.0.0.5', '10.0.0.5', '198.51.100.1']],
    ['10.0.0.5', ['10.0.0.5', '203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.1']],
    ['10.0.0.0/8', ['10.0.0.5', '203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.1']],
    ['10.0.0.5, 10.0.0.9', ['10.0.0.5', '203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.1']],
    [1, ['10.0.0.5', '203.0.113.7', '203.0.113.7', '203.0.113.7', '6.6.6.6']],
    [2, ['10.0.0.5', '203.0.113.7', '6.6.6.6', '10.0.0.9', '6.6.6.6']],
    [true, ['10.0.0.5', '203.0.113.7', '6.6.6.6', '6.6.6.6', '6.6.6.6']],
  ])('POS_TRUST_PROXY=%j: the guards and fastify name the same client', async (setting, expected) => {
    const seen = await fastifyIps(setting);
    expect(seen.map(([ip]) => ip)).toEqual(expected);
    expect(seen.map(([, guard]) => guard)).toEqual(expected);
  });
});
