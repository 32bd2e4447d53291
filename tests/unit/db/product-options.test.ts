/**
 * Product options on the device (cache schema 5): the option tables land in the catalog store and
 * productOptions reads one part's options in the domain's terms; a device of schema 4 keeps what
 * it pulled and backfills only the option tables (a 4's backfill still under way starts again with both).
 */
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { SCHEMA_4_TABLES, SCHEMA_5_TABLES, SCHEMA_6_TABLES } from '../../../src/contracts/sync-pull';
import { PartsdeskDb } from '../../../src/db/database';
import { getMeta } from '../../../src/db/meta';
import { productOptions } from '../../../src/db/product-options';
import { getCatalogProduct, stockOnHand } from '../../../src/db/queries';
import { resolveOptions } from '../../../src/domain/product-options';
import { freshDb, serverRows } from '../sync/support';

const { change, apply } = serverRows();
const option = (id: number, productId: number, name: string, extra: Record<string, unknown> = {}) =>
  change('product_options', String(id), {
    product_option_id: id,
    product_id: productId,
    name,
    type: 'select',
    required: true,
    sort_order: 1,
    ...extra,
  });
const value = (id: number, optionId: number, name: string, price: string, prefix = '+') =>
  change('product_option_values', String(id), {
    product_option_value_id: id,
    product_option_id: optionId,
    name,
    price,
    price_prefix: prefix,
    sort_order: id,
  });

describe('product options on the device', () => {
  it('reads one part\u2019s options and values as pulled (numeric prices as strings), after changes and deletions', async () => {
    const db = freshDb();
    await apply(db, [
      change('products', '7', {
        product_id: 7,
        name: 'Wheel',
        mpn: 'W-7',
        price: '199.99',
        minimum: 1,
        requires_options: true,
        oos_text: 'Ships in 2 weeks.',
      }),
      change('product_stock', '7:1', { product_id: 7, location_id: 1, quantity: 2 }),
      change('product_stock', '7:2', { product_id: 7, location_id: 2, quantity: 3 }),
      option(10, 7, 'Size'),
      value(101, 10, '17x8.5', '0.00'),
      value(102, 10, '20x9', '50.00'),
      option(11, 7, 'Finish', { required: false, type: 'radio' }),
      value(111, 11, 'Matte', '12.50', '-'),
      option(20, 8, 'Color'),
      value(201, 20, 'Black', '0.00'),
    ]);
    const { defs, values } = await productOptions(db, 7);
    expect(defs.map((d) => [d.product_option_id, d.name, d.type, d.required])).toEqual([
      [10, 'Size', 'select', true],
      [11, 'Finish', 'radio', false],
    ]);
    expect(values.map((v) => v.product_option_value_id).sort()).toEqual([101, 102, 111]);
    expect(resolveOptions(defs, values, { 10: '102', 11: '111' })).toMatchObject({
      ok: true,
      options: [{ price: '50.00' }, { price: '-12.50' }],
    });

    await apply(db, [
      value(102, 10, '20x9', '55.00'),
      change('product_option_values', '111', null),
      change('product_options', '11', null),
    ]);
    const after = await productOptions(db, 7);
    expect(after.defs.map((d) => d.name)).toEqual(['Size']);
    expect(after.values.find((v) => v.product_option_value_id === 102)?.price).toBe('55.00');
    expect(await productOptions(db, 9)).toEqual({ defs: [], values: [] });

    expect(await getCatalogProduct(db, 7)).toMatchObject({ requires_options: true, oos_text: 'Ships in 2 weeks.' });
    expect(await stockOnHand(db, 7)).toBe(5);
    expect(await stockOnHand(db, 8)).toBe(0);
  });
});

const V4_STORES = {
  1: {
    products: 'k',
    stock: 'k',
    catalog: '[table+k]',
    lookups: '[table+k]',
    customers: 'id',
    addresses: 'address_id, customer_ref',
    vehicles: 'id, customer_ref',
    orders: 'id',
    orderLines: 'id, order_ref',
    transactions: 'id, order_ref',
    base: '[table+k]',
    dirty: '[table+k]',
    outbox: '++seq, &id',
    journal: 'id, ackedAt',
    conflicts: 'id',
    meta: 'key',
  },
  2: { stock: null, catalogLinks: 'k', orderHistory: 'id, order_ref' },
  3: { products: null, productChunks: 'k' },
  4: { fitment: 'k' },
};

async function v4Device(meta: { key: string; value: unknown }[]): Promise<IDBFactory> {
  const indexedDB = new IDBFactory();
  const v4 = new Dexie('partsdesk', { indexedDB, IDBKeyRange });
  for (const [v, stores] of Object.entries(V4_STORES)) v4.version(Number(v)).stores(stores);
  await v4.table('productChunks').put({ k: 0, rows: { '5': { product_id: 5, mpn: 'X-5' } } });
  await v4.table('meta').bulkPut(meta);
  v4.close();
  return indexedDB;
}

describe('device schema version 4 -> 5 (and on to the latest)', () => {
  it('keeps what was pulled and backfills only the option (and appointment) tables up to the cookie', async () => {
    const db = new PartsdeskDb('partsdesk', {
      indexedDB: await v4Device([{ key: 'cookie', value: 4200 }]),
      IDBKeyRange,
    });
    await db.open();
    // The latest version (later versions add stores and convert nothing these tests read).
    expect(db.verno).toBeGreaterThanOrEqual(7);
    expect(await getCatalogProduct(db, 5)).toMatchObject({ mpn: 'X-5' });
    expect(await getMeta(db, 'backfill')).toEqual({
      tables: [...SCHEMA_5_TABLES, ...SCHEMA_6_TABLES, 'order_returns', 'customer_tags', 'customer_tag_assignments'],
      cookie: 0,
      upTo: 4200,
      done: 0,
      total: 0,
    });
  });

  it('restarts a schema-4 backfill still under way from 0 with both sets of tables (one cursor), up to the same cookie', async () => {
    const pending = { tables: [...SCHEMA_4_TABLES], cookie: 300, upTo: 500, done: 1, total: 6 };
    const db = new PartsdeskDb('partsdesk', {
      indexedDB: await v4Device([
        { key: 'cookie', value: 500 },
        { key: 'backfill', value: pending },
      ]),
      IDBKeyRange,
    });
    await db.open();
    expect(await getMeta(db, 'backfill')).toEqual({
      tables: [
        ...SCHEMA_4_TABLES,
        ...SCHEMA_5_TABLES,
        ...SCHEMA_6_TABLES,
        'order_returns',
        'customer_tags',
        'customer_tag_assignments',
      ],
      cookie: 0,
      upTo: 500,
      done: 0,
      total: 0,
    });
  });

  it('a device that never pulled (or will pull from 0) gets the option tables with its download', async () => {
    for (const meta of [
      [{ key: 'cookie', value: 0 }],
      [
        { key: 'cookie', value: 900 },
        { key: 'fullSync', value: true },
      ],
    ]) {
      const db = new PartsdeskDb('partsdesk', { indexedDB: await v4Device(meta), IDBKeyRange });
      await db.open();
      expect(await getMeta(db, 'backfill')).toBeNull();
      db.close();
    }
  });
});
