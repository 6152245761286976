// What the change-stream tests over the wire peer share: a fresh peer and store per test, the
// aggregates the driver sent and where they resumed from, and the readiness checks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { buildApp } from '../../../../server/app.js';
import { loadConfig } from '../../../../server/config.js';
import type { Store } from '../../../../store/types.js';
import { WirePeer } from './peer.js';
import type { Document } from './protocol.js';
import { changeStreamStage, storeOverPeer } from './store-over-peer.js';

/** Where an aggregate resumes from (startAfter or resumeAfter), or null. */
export const resumesFrom = (aggregate: Document) => {
  const stage = changeStreamStage(aggregate);
  return (stage.startAfter ?? stage.resumeAfter ?? null) as Document | null;
};
export const fromNow = (aggregate: Document) =>
  resumesFrom(aggregate) === null && changeStreamStage(aggregate).startAtOperationTime !== undefined;

/**
 * The real app on this store. Its start reads and writes the store (upgrades, the print spool's
 * bookmark), so a command the test left unscripted would park it for ever: it fails instead,
 * naming what waits at the peer.
 */
export async function appOverPeer(peer: WirePeer, store: Store, waitMs = 10_000) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pos-wire-'));
  const app = await buildApp({
    config: loadConfig({ POS_DATA_DIR: dataDir }),
    store,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256!!',
  });
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const parked = peer.parked().filter((command) => !command.startsWith('getMore'));
      reject(new Error(`the app did not start in ${waitMs} ms; waiting at the peer: ${parked.join(', ') || 'nothing'}`));
    }, waitMs);
  });
  await Promise.race([app.ready(), stuck]).finally(() => clearTimeout(timer));
  return {
    app,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET /ready of the real app on this store. */
export async function readyOverHttp(peer: WirePeer, store: Store) {
  const { app, close } = await appOverPeer(peer, store);
  try {
    const response = await app.inject({ method: 'GET', url: '/ready' });
    return { status: response.statusCode, body: response.json<unknown>() };
  } finally {
    await close();
  }
}

/** Registers the per-test peer and store; read `peer` and `opened` inside tests only. */
export function useWireStream() {
  const clock = { now: 1_732_300_000_000 };
  let peer: WirePeer | undefined;
  let opened: Awaited<ReturnType<typeof storeOverPeer>> | undefined;
  beforeEach(async () => {
    peer = await WirePeer.start();
  });
  afterEach(async () => {
    await opened?.store.close();
    opened = undefined;
    await peer?.close();
  });
  return {
    clock,
    get peer(): WirePeer {
      return peer!;
    },
    get opened() {
      return opened;
    },
    open: async (extra: Parameters<typeof storeOverPeer>[2] = {}) => (opened = await storeOverPeer(peer!, clock, extra)),
    /** Closes the store now (a restart), so the next open() is a new instance. */
    async restart() {
      await opened?.store.close();
      opened = undefined;
    },
    aggregates: () => peer!.commands('aggregate'),
    /** Down far longer than the backoff cap (not past the stall bound): ready only if the stream is live again (store.ping is what /ready asks). */
    async expectReadyAfterALongTime(store: { ping(): Promise<void> }) {
      clock.now += 20_000;
      await expect(store.ping()).resolves.toBeUndefined();
    },
  };
}
