// The typed client example (examples/typed-client) against the served document: its types are
// generated from /openapi.json by openapi-typescript, it compiles under `tsc --strict`, and it
// places a real order on a live server.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect } from 'vitest';
import { PASSWORD } from '../helpers/app.js';
import { it } from '../helpers/fixtures.js';

const exampleDir = join(import.meta.dirname, '../../examples/typed-client');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('the typed client example', () => {
  it('compiles under tsc --strict with types generated from the served document', async ({ app: t }) => {
    const document = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    writeFileSync(join(exampleDir, 'api.d.ts'), astToString(await openapiTS(document)));
    const run = await promisify(execFile)(process.execPath, [tsc, '-p', join(exampleDir, 'tsconfig.json')]).catch(
      (error: { stdout: string }) => error,
    );
    expect(run.stdout).toBe('');
  }, 60_000);

  it('places an order on a live server', async ({ app: t }) => {
    const rice = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'manager',
      payload: { name: 'Typed rice', in_stock_qty: 5, price: 1 },
    });
    const dish = await t.inject({
      method: 'POST',
      url: '/dishes',
      as: 'manager',
      payload: {
        name: 'Typed risotto',
        description: 'Saffron',
        category: 'Main Course',
        image_name: 'risotto',
        ingredients: [{ ingredient_id: rice.json().id, is_essential: true }],
        preparation_time: 18,
        price: 14.5,
        station: 'hot',
      },
    });
    // Loaded by URL so the repository's own type check never needs the generated api.d.ts.
    const example = (await import(pathToFileURL(join(exampleDir, 'client.ts')).href)) as {
      orderFirstAvailableDish(baseUrl: string, user: string, password: string, table: number): Promise<Record<string, unknown>>;
    };
    const order = await example.orderFirstAvailableDish(t.url, 'patron1', PASSWORD, 7);
    expect(order).toMatchObject({
      name: 'Table7',
      table_number: 7,
      dish_ids: [dish.json().id],
      status: 'Received',
      priority: expect.any(Number),
    });
  });
});
