/**
 * Column-form pull pages (`pack=1`, server/sync/pull-packed.ts): decoded, they are exactly the
 * changes of the row-by-row reply (same tables, keys, versions and row objects, key order
 * included), for staff and for a shopper (no product cost), paged small and large.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullReplySchema, unpackChanges, type RowChange } from '../../../src/contracts/sync-pull';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { cashierAndShopper, startSyncServer, type SyncTestServer } from './support/sync-server';

describe.each(testEngines())('packed pull pages on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let shopper: TestClient;

  async function pullAll(c: TestClient, limit: number, pack: boolean) {
    const clientId = randomUUID();
    const changes: RowChange[] = [];
    let cookie = 0;
    let packedPages = 0;
    for (;;) {
      const r = await c.get(`/sync/pull?clientId=${clientId}&cookie=${cookie}&limit=${limit}${pack ? '&pack=1' : ''}`);
      expect(r.status).toBe(200);
      const p = pullReplySchema.parse(r.body);
      if (p.packed?.length) packedPages++;
      changes.push(...unpackChanges(p));
      cookie = p.cookie;
      if (!p.more) return { changes, cookie, packedPages };
    }
  }
  /** Rows compared as JSON text, so a column out of order fails too. */
  const wire = (cs: RowChange[]) => cs.map((c) => `${c.table}/${c.key}/${c.version}/${JSON.stringify(c.row)}`);

  beforeAll(async () => {
    server = await startSyncServer(engine);
    ({ cashier, shopper } = await cashierAndShopper(server));
  });
  afterAll(() => server?.close());

  it('decodes to the same changes as the row-by-row reply, for staff, in pages of any size', async () => {
    const rows = await pullAll(cashier, 5000, false);
    expect(rows.packedPages).toBe(0);
    const tables = new Set(rows.changes.map((c) => c.table));
    for (const t of ['products', 'product_stock', 'product_categories']) expect(tables).toContain(t);
    const big = await pullAll(cashier, 20_000, true);
    expect(big.packedPages).toBeGreaterThan(0);
    expect(wire(big.changes)).toEqual(wire(rows.changes));
    expect(big.cookie).toBe(rows.cookie);
    const small = await pullAll(cashier, 97, true);
    expect(wire(small.changes)).toEqual(wire(rows.changes));
  });

  it('keeps product cost from a shopper in column form too', async () => {
    const rows = await pullAll(shopper, 5000, false);
    const packed = await pullAll(shopper, 5000, true);
    expect(wire(packed.changes)).toEqual(wire(rows.changes));
    const product = packed.changes.find((c) => c.table === 'products')!;
    expect(product.row).not.toHaveProperty('cost');
    expect(product.row).toHaveProperty('price');
  });
});
