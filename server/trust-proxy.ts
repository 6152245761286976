// Which proxy hops may name the client (POS_TRUST_PROXY), as one function that fastify uses for
// HTTP (request.ip) and the realtime guards use for socket.io and /ws: a client has one address
// everywhere, and a forged X-Forwarded-For counts only as far as the hops it passed are trusted.
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** false: no proxy; true: every hop; a number: that many hops (the peer first); else addresses/CIDRs. */
export type TrustProxySetting = boolean | number | string;
export type TrustHop = (address: string, hop: number) => boolean;

/**
 * False when nothing is trusted (fastify then takes the TCP peer). A hop count becomes a function:
 * fastify 5 itself trusts no hop at all for a number (it cannot check that the peer is the proxy),
 * which would silently turn the setting off.
 */
export function trustedHops(setting: TrustProxySetting): TrustHop | false {
  if (setting === false || setting === 0) return false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting.split(',').map((entry) => entry.trim()));
}

/** The client's address exactly as fastify's request.ip computes it for the same setting. */
export function clientAddress(request: IncomingMessage, trust: TrustHop | false): string {
  if (!trust) return request.socket.remoteAddress ?? '';
  return proxyAddr.all(request, trust).at(-1) ?? '';
}
