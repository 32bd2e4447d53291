/**
 * Product options on a device (cache schema 5) against the real server: the pull brings every
 * option and value, later price changes and deletions follow, builds before schema 5 never get
 * them; and a line the device adds with options, pushed, is stored at the catalog's option prices.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_5_TABLES } from '../../../src/contracts/sync-pull';
import type { PartsdeskDb } from '../../../src/db/database';
import { productOptions } from '../../../src/db/product-options';
import { resolveOptions } from '../../../src/domain/product-options';
import type { SyncEngine } from '../../../sync/engine';
import { testEngines } from '../../support/engines';
import { signedIn, signedInDevice, startSyncServer, type SyncTestServer } from './support/sync-server';

describe.each(testEngines())('product options on a staff device (%s)', (engine) => {
  let server: SyncTestServer;
  let device: SyncEngine;
  let db: PartsdeskDb;
  let productId: number;

  beforeAll(async () => {
    server = await startSyncServer(engine);
    const p = await sql<{ product_id: number }>`select min(product_id) as product_id from product_options`.execute(
      server.db,
    );
    productId = p.rows[0]!.product_id;
    ({ device, db } = await signedInDevice(server, `options-${engine}`, 5000));
    expect(await device.syncNow()).toBe('ok');
  });
  afterAll(async () => {
    await server?.close();
  });

  const serverOptions = async (id: number) => {
    const defs = await server.db
      .selectFrom('product_options')
      .select(['product_option_id', 'name', 'type', 'required', 'sort_order'])
      .where('product_id', '=', id)
      .orderBy('product_option_id')
      .execute();
    const values = await server.db
      .selectFrom('product_option_values')
      .select(['product_option_value_id', 'product_option_id', 'name', 'price', 'price_prefix', 'sort_order'])
      .where(
        'product_option_id',
        'in',
        defs.map((d) => d.product_option_id),
      )
      .orderBy('product_option_value_id')
      .execute();
    return { defs, values };
  };
  const onDevice = async (id: number) => {
    const o = await productOptions(db, id);
    return {
      defs: o.defs.sort((a, b) => a.product_option_id - b.product_option_id),
      values: o.values.sort((a, b) => a.product_option_value_id - b.product_option_value_id),
    };
  };

  it('holds every option and value of a part as the server has them', async () => {
    const expected = await serverOptions(productId);
    expect(expected.values.length).toBeGreaterThan(1);
    expect(await onDevice(productId)).toEqual(expected);
  });

  it('follows a price change and a deleted value on the next sync', async () => {
    const { values } = await serverOptions(productId);
    await server.db
      .updateTable('product_option_values')
      .set({ price: '77.70' })
      .where('product_option_value_id', '=', values[0]!.product_option_value_id)
      .execute();
    await server.db
      .deleteFrom('product_option_values')
      .where('product_option_value_id', '=', values[1]!.product_option_value_id)
      .execute();
    expect(await device.syncNow()).toBe('ok');
    expect(await onDevice(productId)).toEqual(await serverOptions(productId));
  });

  it('a line added on the device with options is stored at the catalog option price after the push', async () => {
    const { defs, values } = await onDevice(productId);
    const chosen = Object.fromEntries(
      defs.map((d) => [
        d.product_option_id,
        String(values.find((v) => v.product_option_id === d.product_option_id)!.product_option_value_id),
      ]),
    );
    const r = resolveOptions(defs, values, chosen);
    if (!r.ok) throw new Error(r.message);
    const order = randomUUID();
    const line = randomUUID();
    expect((await device.mutate('order.create', { id: order })).ok).toBe(true);
    // What the device shows meanwhile is its copy; the server prices the ids itself.
    const forged = r.options.map((o) => ({ ...o, price: '999.00' }));
    const p = await server.db
      .selectFrom('products')
      .select(['name', 'price'])
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(
      (
        await device.mutate('cart.addProduct', {
          order_ref: order,
          line_id: line,
          product_id: productId,
          name: p.name,
          price: '0.01',
          options: forged,
          quantity: 1,
          tax_class_id: null,
        })
      ).ok,
    ).toBe(true);
    expect(await device.syncNow()).toBe('ok');
    const stored = await server.db
      .selectFrom('order_lines')
      .select('data')
      .where('id', '=', line)
      .executeTakeFirstOrThrow();
    expect((stored.data as { options: unknown }).options).toEqual(r.options);
    expect(stored.data).toMatchObject({ price: p.price });
  });

  it('builds before schema 5 never get the option tables', async () => {
    const cashier = await signedIn(server.url, 'cashier', 'cashier');
    const tables = async (q: string) => {
      const seen = new Set<string>();
      let cookie = 0;
      for (;;) {
        const r = await cashier.get(`/sync/pull?clientId=${randomUUID()}&cookie=${cookie}&limit=20000&pack=1${q}`);
        for (const ch of r.body.changes as { table: string }[]) seen.add(ch.table);
        for (const b of (r.body.packed ?? []) as { table: string }[]) seen.add(b.table);
        cookie = r.body.cookie;
        if (!r.body.more) return seen;
      }
    };
    const old = await tables('&schema=4');
    const now = await tables('&schema=5');
    for (const t of SCHEMA_5_TABLES) {
      expect(old.has(t)).toBe(false);
      expect(now.has(t)).toBe(true);
    }
  });
});
