// HTTP throughput and latency of the reads, side by side (POST /orders is compared with its floor
// in suites/orders.ts): each endpoint of ours against the ceiling (bare
// fastify with the same bodies from memory) and, for the dish routes, json-server. Rounds alternate
// between the servers so that a machine getting busier or quieter affects all of them alike, and
// each round of ours is a freshly started process: on this shared machine one process can run
// 30–40% slower than the next for the whole of its life, even counted in CPU time per request.
import type { Request } from 'autocannon';
import type { Dish } from '../../models/dish.js';
import { DISH_LIST_PATH, getJson, ORDER_LIST_PATH, orderBodies, placeOrder, type Tokens } from '../lib/api.js';
import { combine, load, type LoadResult, type LoadSettings } from '../lib/load.js';
import type { Memory, ServerProcess } from '../lib/processes.js';
import type { Kitchen } from '../lib/seed.js';
import { startCeiling, startJsonServer } from '../lib/servers.js';
import { round } from '../lib/stats.js';

export interface EndpointReport {
  endpoint: string;
  ours: LoadResult;
  ceiling: LoadResult;
  peer?: LoadResult;
  /** Our requests per second over the ceiling's (and json-server's) in the same run. */
  ofCeiling: number;
  overPeer?: number;
  /** The same comparison by server CPU time per request (the ceiling's over ours, json-server's over ours). */
  ofCeilingByCpu: number;
  overPeerByCpu?: number;
  /** Our server's memory after its last round. */
  oursMemory: Memory;
}

export interface Endpoint {
  name: string;
  ours: Request[];
  /** json-server's spelling of the same request, when it has one. */
  peer?: Request[];
}

/** The servers ours is compared with, serving what ours served. */
export interface Comparators {
  ceiling: ServerProcess;
  peer: ServerProcess;
  stop(): Promise<void>;
}

export function endpoints(kitchen: Kitchen, tokens: Tokens): Endpoint[] {
  const byId = kitchen.dishes.map((dish) => ({ method: 'GET', path: `/dishes/${dish.id}` }));
  const staff = { authorization: `Bearer ${tokens.chef}` };
  return [
    {
      name: `GET ${DISH_LIST_PATH}`,
      ours: [{ method: 'GET', path: DISH_LIST_PATH }],
      peer: [{ method: 'GET', path: '/dishes?_limit=30' }],
    },
    { name: 'GET /dishes/{id}', ours: byId, peer: byId },
    { name: `GET ${ORDER_LIST_PATH}`, ours: [{ method: 'GET', path: ORDER_LIST_PATH, headers: staff }] },
  ];
}

/** Starts the ceiling with the bodies `pos` answers now, and json-server with the same dishes. */
export async function startComparators(pos: ServerProcess, kitchen: Kitchen, tokens: Tokens): Promise<Comparators> {
  const dishes = await Promise.all(kitchen.dishes.map((dish) => getJson<Dish>(`${pos.url}/dishes/${dish.id}`)));
  const [firstOrder] = orderBodies(kitchen, 1);
  const bodies = {
    dishList: await getJson(`${pos.url}${DISH_LIST_PATH}`),
    dishes: Object.fromEntries(dishes.map((dish) => [dish.id, dish])),
    orderList: await getJson(`${pos.url}${ORDER_LIST_PATH}`, tokens.chef),
    createdOrder: firstOrder ? await placeOrder(pos.url, tokens.patron, firstOrder) : {},
  };
  // Both start at once; when one fails, the other is stopped.
  const [ceiling, peer] = await Promise.allSettled([startCeiling(bodies), startJsonServer(dishes)]);
  if (ceiling.status === 'fulfilled' && peer.status === 'fulfilled') {
    return {
      ceiling: ceiling.value,
      peer: peer.value,
      stop: async () => void (await Promise.all([ceiling.value.stop(), peer.value.stop()])),
    };
  }
  await Promise.all([ceiling, peer].map((started) => (started.status === 'fulfilled' ? started.value.stop() : undefined)));
  throw ceiling.status === 'rejected' ? ceiling.reason : (peer as PromiseRejectedResult).reason;
}

/** `startOurs` starts a fresh server of ours for each round; the comparators keep running. */
export async function compare(
  startOurs: () => Promise<ServerProcess>,
  { ceiling, peer }: Comparators,
  list: Endpoint[],
  settings: LoadSettings & { rounds: number },
  log: (line: string) => void,
): Promise<EndpointReport[]> {
  const reports: EndpointReport[] = [];
  for (const endpoint of list) {
    const runs = { ours: [] as LoadResult[], ceiling: [] as LoadResult[], peer: [] as LoadResult[] };
    let memory: Memory = { rssMB: Number.NaN, peakMB: Number.NaN };
    for (let round = 1; round <= settings.rounds; round++) {
      const ours = await startOurs();
      try {
        runs.ours.push(await load(ours, { requests: endpoint.ours }, settings));
        memory = ours.memory();
      } finally {
        await ours.stop();
      }
      runs.ceiling.push(await load(ceiling, { requests: endpoint.ours }, settings));
      if (endpoint.peer) runs.peer.push(await load(peer, { requests: endpoint.peer }, settings));
      log(
        `  ${endpoint.name} round ${round}: ours ${runs.ours.at(-1)?.rps}/s, ceiling ` +
          `${runs.ceiling.at(-1)?.rps}/s${endpoint.peer ? `, json-server ${runs.peer.at(-1)?.rps}/s` : ''}`,
      );
    }
    reports.push(
      report(endpoint.name, combine(runs.ours), combine(runs.ceiling), runs.peer.length > 0 ? combine(runs.peer) : undefined, memory),
    );
  }
  return reports;
}

function report(endpoint: string, ours: LoadResult, ceiling: LoadResult, peer: LoadResult | undefined, oursMemory: Memory): EndpointReport {
  return {
    endpoint,
    oursMemory,
    ours,
    ceiling,
    ofCeiling: round(ours.rps / ceiling.rps, 3),
    ofCeilingByCpu: round(ceiling.cpuUsPerRequest / ours.cpuUsPerRequest, 3),
    ...(peer && { peer, overPeer: round(ours.rps / peer.rps, 2), overPeerByCpu: round(peer.cpuUsPerRequest / ours.cpuUsPerRequest, 2) }),
  };
}
