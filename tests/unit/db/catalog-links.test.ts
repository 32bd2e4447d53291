import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { RowChange } from '../../../src/contracts/sync-pull';
import { categoryLinks, chunkOf, LINK_CHUNK, stockRows } from '../../../src/db/catalog-links';
import { PartsdeskDb } from '../../../src/db/database';
import { productRow } from '../../../src/db/product-chunks';
import { orderHistoryRows } from '../../../src/db/queries';
import { applyServerChanges, pullStores } from '../../../src/db/tables';
import { CatalogIndex } from '../../../sync/catalog-index';
import { freshDb } from '../sync/support';

let version = 0;
const raw = (table: string, key: string, row: Record<string, unknown> | null): RowChange => ({
  table,
  key,
  version: ++version,
  row,
});
const stock = (p: number, loc: number, quantity: number) =>
  raw('product_stock', `${p}:${loc}`, { product_id: p, location_id: loc, quantity, warehouse_location: `A${loc}` });
const product = (id: number) =>
  raw('products', String(id), { product_id: id, name: `Part ${id}`, mpn: `M-${id}`, price: '9.99', status: true });

async function apply(db: PartsdeskDb, changes: RowChange[]): Promise<void> {
  await db.transaction('rw', pullStores(db), () => applyServerChanges(db, changes));
}

describe('grouped stock and category links', () => {
  it('keeps many products per record and reads each product back alone', async () => {
    const db = freshDb();
    const rows: RowChange[] = [];
    for (let p = 1; p <= 200; p++)
      rows.push(
        product(p),
        stock(p, 1, p),
        stock(p, 2, 0),
        raw('product_categories', `${p}:7`, { product_id: p, category_id: 7 }),
      );
    await apply(db, rows);
    // 200 products in ids 1..200 span 4 chunks of 64: 4 stock records instead of 400 rows, 4 link records.
    expect(await db.stockChunks.count()).toBe(Math.ceil(201 / LINK_CHUNK));
    expect(await db.categoryChunks.count()).toBe(Math.ceil(201 / LINK_CHUNK));
    expect((await stockRows(db, 130)).map((r) => [r.location_id, r.quantity])).toEqual([
      [1, 130],
      [2, 0],
    ]);
    expect((await categoryLinks(db, 2)).get(199)).toEqual([7]);
    expect(await stockRows(db, 999)).toEqual([]);
  });

  it('an incremental stock change updates the grouped record (and getProduct), a deletion removes the row', async () => {
    const db = freshDb();
    await apply(db, [product(5), stock(5, 1, 3), stock(5, 2, 8), product(6), stock(6, 1, 1)]);
    const index = new CatalogIndex(db);
    expect((await index.getProduct(5))?.stock).toEqual([
      { location_id: 1, quantity: 3 },
      { location_id: 2, quantity: 8 },
    ]);
    // A later pull page: a sale elsewhere changed location 1, location 2 was removed.
    await apply(db, [stock(5, 1, 2), raw('product_stock', '5:2', null)]);
    expect((await index.getProduct(5))?.stock).toEqual([{ location_id: 1, quantity: 2 }]);
    expect((await index.getProduct(6))?.stock).toEqual([{ location_id: 1, quantity: 1 }]);
    // The last row of a chunk gone: the record goes too.
    await apply(db, [raw('product_stock', '5:1', null), raw('product_stock', '6:1', null)]);
    expect(await db.stockChunks.get(chunkOf(5))).toBeUndefined();
  });
});

/** A device database as an older build left it: only `version` declared, with `stores`. */
function olderDevice(version: number, stores: Record<string, string>): { indexedDB: IDBFactory; old: Dexie } {
  const indexedDB = new IDBFactory();
  const old = new Dexie('partsdesk', { indexedDB, IDBKeyRange });
  old.version(version).stores(stores);
  return { indexedDB, old };
}

/** Marks the older database as a synced device at `cookie`, closes it and opens it with this build's schema. */
async function openUpgraded(old: Dexie, indexedDB: IDBFactory, cookie: number): Promise<PartsdeskDb> {
  await old.table('meta').bulkPut([
    { key: 'cookie', value: cookie },
    { key: 'fullPullDone', value: true },
  ]);
  old.close();
  const db = new PartsdeskDb('partsdesk', { indexedDB, IDBKeyRange });
  await db.open();
  return db;
}

describe('device schema version 1 -> 2', () => {
  it('moves stock, category links and order history into their new stores without a re-download', async () => {
    const { indexedDB, old: v1 } = olderDevice(1, {
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
    });
    const entry = {
      id: 'h1',
      order_ref: 'o1',
      order_status_id: 5,
      comment: 'Called',
      notify_customer: false,
      date_added: '2026-11-20T10:00:00.000Z',
    };
    await v1.table('products').put({ k: '70', product_id: 70, name: 'Part 70' });
    await v1.table('stock').bulkPut([
      { k: '70:1', product_id: 70, location_id: 1, quantity: 4 },
      { k: '3:2', product_id: 3, location_id: 2, quantity: 1 },
    ]);
    await v1.table('catalog').bulkPut([
      { table: 'product_categories', k: '70:7', row: { product_id: 70, category_id: 7 } },
      { table: 'categories', k: '7', row: { category_id: 7, name: 'Filters' } },
    ]);
    await v1.table('lookups').bulkPut([
      { table: 'order_history', k: 'h1', row: entry },
      { table: 'locations', k: '1', row: { location_id: 1 } },
    ]);
    await v1.table('meta').put({ key: 'cookie', value: 42 });
    v1.close();

    const db = new PartsdeskDb('partsdesk', { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.tables.map((t) => t.name)).not.toContain('stock');
    expect(await stockRows(db, 70)).toEqual([{ product_id: 70, location_id: 1, quantity: 4 }]);
    expect(await stockRows(db, 3)).toEqual([{ product_id: 3, location_id: 2, quantity: 1 }]);
    expect((await categoryLinks(db)).get(70)).toEqual([7]);
    expect(await db.catalog.toCollection().primaryKeys()).toEqual([['categories', '7']]);
    expect(await orderHistoryRows(db, 'o1')).toEqual([entry]);
    expect(await db.base.get(['order_history', 'h1'])).toEqual({ table: 'order_history', k: 'h1', row: entry });
    expect(await db.lookups.toCollection().primaryKeys()).toEqual([['locations', '1']]);
    // The cookie stays: the device continues its pulls instead of downloading everything again.
    expect((await db.meta.get('cookie'))?.value).toBe(42);
    // Version 3 on top: the product row moved into its chunk.
    expect(db.tables.map((t) => t.name)).not.toContain('products');
    expect(await productRow(db, 70)).toEqual({ product_id: 70, name: 'Part 70' });
  });
});

describe('device schema version 2 -> 3', () => {
  it('groups product rows LINK_CHUNK ids per record in place; search, lookups and the cookie keep working offline', async () => {
    const indexedDB = new IDBFactory();
    const v2 = new Dexie('partsdesk', { indexedDB, IDBKeyRange });
    const v1stores = {
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
    };
    v2.version(1).stores(v1stores);
    v2.version(2).stores({ stock: null, catalogLinks: 'k', orderHistory: 'id, order_ref' });
    const ids = Array.from({ length: 130 }, (_, i) => i + 1);
    await v2.table('products').bulkPut(
      ids.map((id) => ({
        k: String(id),
        product_id: id,
        name: `Brake pad ${id}`,
        mpn: `BP-${id}`,
        price: '10.00',
        status: true,
      })),
    );
    const db = await openUpgraded(v2, indexedDB, 42);
    expect(await db.productChunks.toCollection().primaryKeys()).toEqual([0, 1, 2]);
    expect((await db.productChunks.get(1))!.keys).toHaveLength(LINK_CHUNK);
    expect(await productRow(db, 64)).toEqual({
      product_id: 64,
      name: 'Brake pad 64',
      mpn: 'BP-64',
      price: '10.00',
      status: true,
    });
    expect((await db.meta.get('cookie'))?.value).toBe(42);
    const index = new CatalogIndex(db);
    await index.start();
    await index.idle();
    expect((await index.searchParts('brake pad', { limit: 200 })).total).toBe(130);
    expect(await index.findPart('bp 129')).toMatchObject({ product_id: 129, price: '10.00' });
  });
});

describe('device schema version 15 -> 16', () => {
  it('turns product rows, stock and category links into tuples in their own stores, keeping the cookie', async () => {
    const { indexedDB, old: v15 } = olderDevice(15, {
      productChunks: 'k',
      fitment: 'k',
      catalogLinks: 'k',
      catalog: '[table+k]',
      lookups: '[table+k]',
      meta: 'key',
    });
    await v15.table('productChunks').put({
      k: 1,
      rows: {
        '64': { product_id: 64, name: 'Brake pad 64', mpn: 'BP-64', price: '10.00', status: true },
        '65': { product_id: 65, name: 'Rotor 65', mpn: 'R-65', price: '40.00', status: false, upc: '012345678905' },
      },
    });
    await v15.table('catalogLinks').bulkPut([
      {
        k: 1,
        stock: {
          '64:1': { product_id: 64, location_id: 1, quantity: 3, warehouse_location: 'A1' },
          '64:2': { product_id: 64, location_id: 2, quantity: 0, warehouse_location: '' },
        },
        categories: { '64:7': { product_id: 64, category_id: 7 }, '65:7': { product_id: 65, category_id: 7 } },
      },
      {
        k: 2,
        stock: { '130:1': { product_id: 130, location_id: 1, quantity: 9, warehouse_location: '' } },
        categories: {},
      },
    ]);
    const db = await openUpgraded(v15, indexedDB, 77);
    expect(db.tables.map((t) => t.name)).not.toContain('catalogLinks');
    expect(await productRow(db, 64)).toEqual({
      product_id: 64,
      name: 'Brake pad 64',
      mpn: 'BP-64',
      price: '10.00',
      status: true,
    });
    // A row with a column the chunk's first row lacked keeps it.
    expect(await productRow(db, 65)).toEqual({
      product_id: 65,
      name: 'Rotor 65',
      mpn: 'R-65',
      price: '40.00',
      status: false,
      upc: '012345678905',
    });
    expect(await stockRows(db, 64)).toEqual([
      { product_id: 64, location_id: 1, quantity: 3, warehouse_location: 'A1' },
      { product_id: 64, location_id: 2, quantity: 0, warehouse_location: '' },
    ]);
    expect(await stockRows(db, 130)).toEqual([
      { product_id: 130, location_id: 1, quantity: 9, warehouse_location: '' },
    ]);
    expect(await db.categoryChunks.toCollection().primaryKeys()).toEqual([1]);
    expect((await categoryLinks(db)).get(65)).toEqual([7]);
    expect((await db.meta.get('cookie'))?.value).toBe(77);
    const index = new CatalogIndex(db);
    await index.start();
    await index.idle();
    expect(await index.findPart('bp-64')).toMatchObject({
      product_id: 64,
      stock: [
        { location_id: 1, quantity: 3 },
        { location_id: 2, quantity: 0 },
      ],
    });
  });
});
