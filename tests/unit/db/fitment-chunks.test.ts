/**
 * Compact fitment on the device (src/db/fitment-chunks.ts), the cache's schema 3 -> 4 upgrade and
 * its backfill (sync/pull.ts), and part validation from the cache (src/db/fitment-queries.ts).
 */
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { SCHEMA_4_TABLES, SCHEMA_5_TABLES, SCHEMA_6_TABLES, type RowChange } from '../../../src/contracts/sync-pull';
import { chunkOf, LINK_CHUNK } from '../../../src/db/catalog-links';
import { PartsdeskDb } from '../../../src/db/database';
import { fitmentOf } from '../../../src/db/fitment-chunks';
import { getMeta } from '../../../src/db/meta';
import { productRow } from '../../../src/db/product-chunks';
import { cachedInstallers } from '../../../src/db/queries';
import { applyServerChanges, pullStores } from '../../../src/db/tables';
import { makeFacet, type Facets } from '../../../src/domain/fitment-facets';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { DeviceFitment } from '../../../sync/device-fitment';
import { pullAll } from '../../../sync/pull';
import { domainRegistry } from '../../../sync/registry';
import { freshDb, page, scripted, serverRows } from '../sync/support';

const { change } = serverRows();
const fit = (id: number, p: number, extra: Record<string, unknown> = {}) =>
  change('part_fitment', `${p}:${id}`, {
    fitment_id: String(id),
    product_id: p,
    make_id: 1,
    model_id: 10,
    year_from: 2010,
    year_to: 2012,
    sub_model_id: null,
    body_type_id: null,
    bed_length_id: null,
    engine_config_id: null,
    notes: null,
    ...extra,
  });
const apply = (db: PartsdeskDb, changes: RowChange[]) =>
  db.transaction('rw', pullStores(db), () => applyServerChanges(db, changes));

describe('compact fitment store', () => {
  it('groups fitment rows per product chunk as tuples; changes, moves and deletions land like row-by-row', async () => {
    const db = freshDb();
    const rows: RowChange[] = [];
    for (let p = 1; p <= 200; p++) rows.push(fit(p * 10, p), fit(p * 10 + 1, p, { sub_model_id: 7, notes: 'Front' }));
    await apply(db, rows);
    expect(await db.fitment.count()).toBe(Math.ceil(201 / LINK_CHUNK));
    expect((await fitmentOf(db, [5])).get(5)).toEqual([
      [2010, 2012, 1, 10, 0, 0, 0, 0, null],
      [2010, 2012, 1, 10, 7, 0, 0, 0, 'Front'],
    ]);
    // One page: a change, a deletion, a move (the server's tombstone of the old key, then the row under the new one),
    // and a tombstone from before migration 0016 (bare fitment id: ignored).
    await apply(db, [
      fit(50, 5, { year_to: 2015 }),
      change('part_fitment', '5:51', null),
      change('part_fitment', '6:60', null),
      fit(60, 7),
      change('part_fitment', '61', null),
    ]);
    const after = await fitmentOf(db, [5, 6, 7]);
    expect(after.get(5)).toEqual([[2010, 2015, 1, 10, 0, 0, 0, 0, null]]);
    expect(after.get(6)).toEqual([[2010, 2012, 1, 10, 7, 0, 0, 0, 'Front']]);
    expect(after.get(7)).toHaveLength(3);
    // The last rows of a chunk gone: the record goes too.
    const chunk0 = Array.from({ length: 63 }, (_, i) => i + 1).flatMap((p) => [
      change('part_fitment', `${p}:${p * 10}`, null),
      change('part_fitment', `${p}:${p * 10 + 1}`, null),
    ]);
    await apply(db, [...chunk0, change('part_fitment', '7:60', null)]);
    expect(await db.fitment.get(chunkOf(5))).toBeUndefined();
    expect(await db.fitment.get(chunkOf(64))).toBeDefined();
  });
});

const V3_STORES = {
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
};

async function v3Device(cookie: number): Promise<IDBFactory> {
  const indexedDB = new IDBFactory();
  const v3 = new Dexie('partsdesk', { indexedDB, IDBKeyRange });
  for (const [v, stores] of Object.entries(V3_STORES)) v3.version(Number(v)).stores(stores);
  await v3
    .table('productChunks')
    .put({ k: 0, rows: { '5': { product_id: 5, aaia: 'AB', mpn: 'X-5', status: true, is_universal: false } } });
  await v3.table('meta').bulkPut([
    { key: 'clientId', value: '11111111-1111-4111-8111-111111111111' },
    { key: 'cookie', value: cookie },
    { key: 'fullPullDone', value: cookie > 0 },
  ]);
  await v3.table('outbox').put({
    id: 1,
    name: 'order.create',
    args: {},
    at: '2026-11-24T10:00:00.000Z',
    actor: { id: '2', role: 'cashier' },
    status: 'pending',
  });
  v3.close();
  return indexedDB;
}

// Version 3 upgrades through 4 to 5 (the option tables, product-options.test.ts) and 6 (the appointment
// tables): one backfill of every version's tables.
const NEW_SINCE_3 = [
  ...SCHEMA_4_TABLES,
  ...SCHEMA_5_TABLES,
  ...SCHEMA_6_TABLES,
  'order_returns',
  'customer_tags',
  'customer_tag_assignments',
];

describe('device schema version 3 -> 4 (and on to the latest)', () => {
  it('keeps what was pulled and the outbox, adds the fitment store, and backfills only the new tables up to the old cookie', async () => {
    const indexedDB = await v3Device(4200);
    const db = new PartsdeskDb('partsdesk', { indexedDB, IDBKeyRange });
    await db.open();
    // The latest version (later versions add stores and convert nothing these tests read).
    expect(db.verno).toBeGreaterThanOrEqual(7);
    expect(await productRow(db, 5)).toMatchObject({ mpn: 'X-5' });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.fitment.count()).toBe(0);
    expect(await getMeta(db, 'cookie')).toBe(4200);
    expect(await getMeta(db, 'backfill')).toEqual({ tables: NEW_SINCE_3, cookie: 0, upTo: 4200, done: 0, total: 0 });
    await db.outbox.clear(); // the pull below runs without a push

    const progress: [number, number, boolean][] = [];
    const t = scripted([
      () =>
        page(
          3000,
          [
            fit(1, 5),
            change('installers', '9', { user_id: 9, wholename: 'Ivan Petrov', location_id: 1, status: true }),
          ],
          true,
          0,
          { remaining: 1 },
        ),
      () => page(4200, [change('vehicle_makes', '1', { make_id: 1, name: 'Ford', is_popular: true })]),
      () => page(4300, [fit(2, 5, { year_from: 2020, year_to: 2021 })]),
    ]);
    const out = await pullAll(db, t, {
      clientId: await getMeta(db, 'clientId'),
      limit: 1000,
      registry: domainRegistry,
      settings: () => defaultStoreSettings,
      onProgress: (d, r, i) => progress.push([d, r, i]),
    });
    expect(out.kind).toBe('done');
    const paths = t.calls.map((c) => c.path);
    expect(paths[0]).toContain('cookie=0&');
    expect(paths[0]).toContain(`&tables=${NEW_SINCE_3.join(',')}&upTo=4200`);
    expect(paths[0]).toContain('&schema=6');
    expect(paths[1]).toContain('cookie=3000&');
    expect(paths[2]).toContain('cookie=4200&');
    expect(paths[2]).not.toContain('tables=');
    // The progress bar counts the backfill's rows.
    expect(progress.slice(0, 2)).toEqual([
      [2, 1, true],
      [3, 0, true],
    ]);
    expect(await getMeta(db, 'backfill')).toBeNull();
    expect(await getMeta(db, 'cookie')).toBe(4300);
    expect((await fitmentOf(db, [5])).get(5)).toHaveLength(2);
    expect(await cachedInstallers(db)).toEqual([
      { user_id: 9, wholename: 'Ivan Petrov', location_id: 1, status: true },
    ]);
  });

  it('a device that never pulled gets the new tables with its download: no backfill', async () => {
    const db = new PartsdeskDb('partsdesk', { indexedDB: await v3Device(0), IDBKeyRange });
    await db.open();
    expect(await getMeta(db, 'backfill')).toBeNull();
  });

  it('a backfill interrupted by a reload resumes from its own cursor', async () => {
    const db = new PartsdeskDb('partsdesk', { indexedDB: await v3Device(500), IDBKeyRange });
    await db.open();
    await db.outbox.clear();
    const first = scripted([
      () => page(300, [fit(1, 5)], true, 0, { remaining: 5 }),
      () => ({ status: 503, body: {} }),
    ]);
    const opts = {
      clientId: await getMeta(db, 'clientId'),
      limit: 1000,
      registry: domainRegistry,
      settings: () => defaultStoreSettings,
    };
    expect((await pullAll(db, first, opts)).kind).toBe('retry');
    expect(await getMeta(db, 'backfill')).toMatchObject({ cookie: 300, upTo: 500, done: 1, total: 6 });
    const second = scripted([() => page(500, []), () => page(500, [])]);
    expect((await pullAll(db, second, opts)).kind).toBe('done');
    expect(second.calls[0]!.path).toContain('cookie=300&');
    expect(second.calls[1]!.path).toContain('cookie=500&');
    expect(await getMeta(db, 'backfill')).toBeNull();
  });
});

describe('validateFitment from the cache', () => {
  const names = (table: string, id: string, name: string, extra: Record<string, unknown> = {}) =>
    change(table, id, { [`${FACET_ID[table]}`]: Number(id), name, ...extra });
  const FACET_ID: Record<string, string> = {
    vehicle_makes: 'make_id',
    vehicle_models: 'model_id',
    vehicle_submodels: 'sub_model_id',
    vehicle_bed_lengths: 'bed_length_id',
  };
  const product = (id: number, extra: Record<string, unknown> = {}) =>
    change('products', String(id), {
      product_id: id,
      aaia: 'AB',
      mpn: `P-${id}`,
      status: true,
      is_universal: false,
      ...extra,
    });
  const ymm = (year: number): Facets => ({
    Year: makeFacet('Year', year, String(year)),
    MakeID: makeFacet('MakeID', 1, 'Ford'),
    ModelID: makeFacet('ModelID', 10, 'F-150'),
  });

  async function device(): Promise<DeviceFitment> {
    const db = freshDb();
    await apply(db, [
      names('vehicle_makes', '1', 'Ford'),
      names('vehicle_models', '10', 'F-150', { make_id: 1 }),
      names('vehicle_submodels', '7', 'XLT'),
      names('vehicle_submodels', '8', 'Lariat'),
      change('engine_configs', '3', { engine_config_id: 3, engine_mfr_id: 4, engine_family_id: 5, engine_size_id: 6 }),
      product(1),
      fit(100, 1, { sub_model_id: 8, notes: 'Crew cab' }),
      fit(101, 1, { sub_model_id: 7 }),
      product(2),
      fit(200, 2, { engine_config_id: 3, year_from: 1999, year_to: 1999 }),
      product(3, { is_universal: true }),
      product(4),
      product(5, { status: false }),
      fit(500, 5),
      product(6),
      fit(600, 6),
    ]);
    return new DeviceFitment(db);
  }

  it('judges like the server: maybe with named choices in label order, yes, no, universal, unknown, engine only', async () => {
    const f = await device();
    const parts = ['AB~P-1', 'AB~P-2', 'AB~P-3', 'AB~P-4', 'AB~P-5', 'AB~P-6', 'ZZ~NOPE'];
    const r = await f.validate(parts, ymm(2011));
    expect(r.map((p) => p.result)).toEqual(['maybe', 'no', 'universal', 'unknown', 'unknown', 'yes', 'unknown']);
    expect(r[0]).toMatchObject({
      BrandCode: 'AB',
      Part: 'P-1',
      name: 'SubModelID',
      label: 'Sub Model',
      notes: ['Crew cab'],
    });
    expect(r[0]!.choices).toEqual([
      { id: '8', label: 'Lariat' },
      { id: '7', label: 'XLT' },
    ]);
    const withSub = await f.validate(['AB~P-1'], { ...ymm(2011), SubModelID: makeFacet('SubModelID', 7, 'XLT') });
    expect(withSub[0]!.result).toBe('yes');
    const none = await f.validate(['AB~P-1'], {});
    expect(none[0]).toMatchObject({ result: 'maybe', name: 'Year' });
    expect(none[0]!.choices.map((c) => c.id)).toEqual(['2012', '2011', '2010']);
    const engine = {
      EngineMfrID: makeFacet('EngineMfrID', 4, 'Ford'),
      EngineFamilyID: makeFacet('EngineFamilyID', 5, 'Modular'),
      EngineSizeID: makeFacet('EngineSizeID', 6, '5.4L'),
    };
    expect((await f.validate(['AB~P-2', 'AB~P-6'], engine)).map((p) => p.result)).toEqual(['yes', 'maybe']);
  });

  it('refuses what the server would refuse (the same Parts rule)', async () => {
    const f = await device();
    await expect(f.validate([], {})).rejects.toThrow();
    await expect(f.validate(['no-tilde'], {})).rejects.toThrow();
    await expect(
      f.validate(
        Array.from({ length: 101 }, (_, i) => `AB~P-${i}`),
        {},
      ),
    ).rejects.toThrow();
  });

  it('sees products pulled after its index was built', async () => {
    const db = freshDb();
    const f = new DeviceFitment(db);
    expect((await f.validate(['AB~P-9'], {}))[0]!.result).toBe('unknown');
    const changes = [product(9), fit(900, 9)];
    await apply(db, changes);
    f.pulled({ changes, cleared: false });
    expect((await f.validate(['AB~P-9'], {}))[0]!.result).toBe('maybe');
  });
});
