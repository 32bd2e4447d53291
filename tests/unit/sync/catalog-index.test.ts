import { describe, expect, it, vi } from 'vitest';
import type { RowChange } from '../../../src/contracts/sync-pull';
import { getMeta, setMeta } from '../../../src/db/meta';
import { applyProductChanges } from '../../../src/db/product-chunks';
import { applyServerChanges, pullStores } from '../../../src/db/tables';
import { CatalogIndex } from '../../../sync/catalog-index';
import { SyncEngine } from '../../../sync/engine';
import { IndexBuilder } from '../../../sync/search/built-index';
import type { TransportReply } from '../../../sync/transport';
import { freshDb, scripted, staff, uuid } from './support';

let version = 0;
const v = () => ++version;
const raw = (table: string, key: string, row: Record<string, unknown> | null): RowChange => ({
  table,
  key,
  version: v(),
  row,
});
const product = (id: number, fields: Record<string, unknown>) =>
  raw('products', String(id), {
    product_id: id,
    name: `Part ${id}`,
    mpn: `M-${id}`,
    aaia: 'BRND',
    price: '19.99',
    msrp: '24.99',
    minimum: 1,
    tax_class_id: 9,
    status: true,
    upc: null,
    ...fields,
  });

function catalog(): RowChange[] {
  return [
    raw('manufacturers', '1', { manufacturer_id: 1, name: 'K&N' }),
    raw('manufacturers', '2', { manufacturer_id: 2, name: 'NGK' }),
    raw('manufacturers', '3', { manufacturer_id: 3, name: 'Denso' }),
    raw('series', '5', { series_id: 5, manufacturer_id: 1, name: 'HighFlow' }),
    raw('categories', '7', { category_id: 7, name: 'Air Filters' }),
    raw('categories', '8', { category_id: 8, name: 'Spark Plugs' }),
    product(1, {
      name: 'K&N Air Filter 33-2304',
      mpn: '33-2304',
      aaia: 'KNFL',
      manufacturer_id: 1,
      series_id: 5,
      upc: '024844012345',
    }),
    product(2, { name: 'NGK Spark Plug 6619', mpn: '6619', aaia: 'NGK', manufacturer_id: 2, upc: '087295166190' }),
    product(3, { name: 'Denso Spark Plug 6619', mpn: '6619', aaia: 'DNS', manufacturer_id: 3 }),
    product(4, { name: 'Hidden Filter', mpn: 'HID-1', manufacturer_id: 1, status: false }),
    raw('product_categories', '1:7', { product_id: 1, category_id: 7 }),
    raw('product_categories', '2:8', { product_id: 2, category_id: 8 }),
    raw('product_stock', '1:1', { product_id: 1, location_id: 1, quantity: 4, warehouse_location: 'A1-1' }),
    raw('product_stock', '1:2', { product_id: 1, location_id: 2, quantity: 0, warehouse_location: 'B2-2' }),
    raw('product_stock', '10:1', { product_id: 10, location_id: 1, quantity: 9, warehouse_location: 'C1-1' }),
  ];
}

const reply = (changes: RowChange[], remaining = 0): TransportReply => ({
  status: 200,
  body: { cookie: version, lastMutationId: 0, changes, more: remaining > 0, remaining },
});

/** A device as the worker wires it: the engine feeds its pages and cycle ends to the index. */
function device(handlers: Parameters<typeof scripted>[0]) {
  const db = freshDb();
  const errors: unknown[] = [];
  const index = new CatalogIndex(db, (e) => errors.push(e));
  const engine = new SyncEngine({
    db,
    transport: scripted(handlers),
    pollMs: 0,
    mintId: uuid,
    env: { online: () => true },
    onPullPage: (p) => index.pulled(p),
    onCycleEnd: () => index.settle(),
  });
  engine.setSession(staff);
  return { db, index, engine, errors };
}

const ids = async (index: CatalogIndex, q: string) =>
  (await index.searchParts(q, { limit: 10 })).parts.map((p) => p.product_id);

describe('catalog index fed from Dexie', () => {
  it('is built once the initial download is complete (not before) and finds parts by words and numbers', async () => {
    const all = catalog();
    let during: boolean | null = null;
    const d = device([
      () => reply(all.slice(0, 8), all.length - 8),
      async () => {
        during = (await d.index.searchParts('filter')).ready;
        return reply(all.slice(8));
      },
    ]);
    expect(await d.engine.syncNow()).toBe('ok');
    await d.index.idle();
    expect(during).toBe(false);
    expect(await ids(d.index, 'k&n filter')).toEqual([1]);
    expect(await ids(d.index, 'air filters')).toEqual([1]);
    expect(await ids(d.index, 'highflow')).toEqual([1]);
    expect((await ids(d.index, '6619')).sort()).toEqual([2, 3]);
    // A disabled product is not offered.
    expect(await ids(d.index, 'hidden')).toEqual([]);
    expect(d.errors).toEqual([]);
  });

  it('after an initial download it builds from the pages as pulled, reading no product back out of IndexedDB', async () => {
    const all = catalog();
    const d = device([() => reply(all.slice(0, 8), all.length - 8), () => reply(all.slice(8))]);
    let reads = 0;
    d.db.use({
      stack: 'dbcore',
      name: 'count-product-reads',
      create: (down) => ({
        ...down,
        table: (name) => {
          const t = down.table(name);
          return name === 'productChunks'
            ? { ...t, query: (req) => (reads++, t.query(req)), openCursor: (req) => (reads++, t.openCursor(req)) }
            : t;
        },
      }),
    });
    expect(await d.engine.syncNow()).toBe('ok');
    await d.index.idle();
    expect(reads).toBe(0);
    expect(await ids(d.index, 'air filters')).toEqual([1]);
    expect(await ids(d.index, 'hidden')).toEqual([]);
  });

  it('indexes each page while the download goes on; names and links that come in later pages still count', async () => {
    const all = catalog();
    const products = all.filter((c) => c.table === 'products');
    const rest = all.filter((c) => c.table !== 'products');
    const added = vi.spyOn(IndexBuilder.prototype, 'addOwn');
    let addedBeforeLastPage = -1;
    try {
      const d = device([
        () => reply(products, rest.length),
        async () => {
          // The next page is asked for while the first is written (sync/pull.ts); while it is on
          // its way the worker is idle and indexes the first page once it committed. Waits for
          // that (bounded: a build that waited for the last page never gets there).
          await vi
            .waitFor(() => expect(added.mock.calls.length).toBe(3), { timeout: 5_000, interval: 5 })
            .catch(() => undefined);
          addedBeforeLastPage = added.mock.calls.length;
          return reply(rest);
        },
      ]);
      expect(await d.engine.syncNow()).toBe('ok');
      await d.index.idle();
      // Three enabled products; the disabled one is never indexed.
      expect(addedBeforeLastPage).toBe(3);
      expect(added).toHaveBeenCalledTimes(3);
      // Brand, series and category names, and the category link, all came after the products.
      expect(await ids(d.index, 'air filters')).toEqual([1]);
      expect(await ids(d.index, 'highflow')).toEqual([1]);
      expect(await ids(d.index, 'denso')).toEqual([3]);
      expect((await d.index.searchParts('spark')).brands.map((b) => b.name).sort()).toEqual(['Denso', 'NGK']);
      expect(await ids(d.index, 'hidden')).toEqual([]);
      expect(d.errors).toEqual([]);
    } finally {
      added.mockRestore();
    }
  });

  it('a page stored by another realm mid-download (a gap in the cookies) makes the build read Dexie, which has that page too', async () => {
    const all = catalog();
    const other = product(99, { name: 'Oil Drain Plug', mpn: 'ODP-9', manufacturer_id: 1 });
    const first = reply(all.slice(0, 8), all.length - 8);
    const firstCookie = (first.body as { cookie: number }).cookie;
    let dropped: number | null = null;
    // Answers by the cookie asked for, as the server does, so the test does not depend on whether
    // the other tab's page lands before or after the engine reads the stored cookie again (both
    // orders happen; a scripted sequence made the second one fail now and then).
    const server = async (req: { path: string }): Promise<TransportReply> => {
      const cookie = Number(/cookie=(\d+)/.exec(req.path)?.[1]);
      if (cookie === 0) return first;
      if (cookie === firstCookie) {
        // Asked for ahead while page 1 is written: once it is stored, another tab's worker stores
        // a page, so this one is dropped and the next asked from that tab's cookie.
        while ((await getMeta(d.db, 'cookie')) === 0) await new Promise((r) => setTimeout(r, 5));
        await d.db.transaction('rw', pullStores(d.db), async () => {
          await applyServerChanges(d.db, [other]);
          await setMeta(d.db, 'cookie', 1_000);
        });
        const r = reply([], 1);
        dropped = (r.body as { cookie: number }).cookie;
        return r;
      }
      // Asked for ahead from the dropped page's cookie, when the engine took that page before
      // seeing the other tab's cookie: dropped too.
      if (cookie === dropped) return reply([], 0);
      expect(cookie).toBe(1_000);
      return { ...reply(all.slice(8)), body: { ...(reply(all.slice(8)).body as object), cookie: 1_001 } };
    };
    const d = device(Array.from({ length: 4 }, () => server));
    expect(await d.engine.syncNow()).toBe('ok');
    await d.index.idle();
    expect(await getMeta(d.db, 'cookie')).toBe(1_001);
    expect(await ids(d.index, 'drain plug')).toEqual([99]);
    expect(await ids(d.index, 'air filters')).toEqual([1]);
  });

  it('a worker starting on a complete catalog builds at once; a pulled upsert changes a result, a tombstone removes it', async () => {
    const d = device([() => reply(catalog())]);
    await d.engine.syncNow();
    await d.index.idle();
    // A new worker (page reload) over the same database.
    const index = new CatalogIndex(d.db);
    await index.start();
    await index.idle();
    expect(await ids(index, 'air filter')).toEqual([1]);

    index.pulled({ changes: [], cleared: false, complete: true, after: version, cookie: version });
    const renamed = product(1, {
      name: 'K&N Cabin Element 33-2304',
      mpn: '33-2304',
      manufacturer_id: 1,
      upc: '024844012345',
    });
    const gone = raw('products', '2', null);
    await d.db.transaction('rw', d.db.productChunks, () => applyProductChanges(d.db, [renamed, gone]));
    index.pulled({ changes: [renamed, gone], cleared: false, complete: true, after: version, cookie: version });
    await index.idle();
    expect(await ids(index, 'cabin element')).toEqual([1]);
    expect((await index.searchParts('33-2304')).parts.map((p) => p.name)).toEqual(['K&N Cabin Element 33-2304']);
    expect(await ids(index, '6619')).toEqual([3]);
  });

  it('a search that may wait, asked as a worker starts, answers once the build is done; none waits on a device with no catalog', async () => {
    const d = device([() => reply(catalog())]);
    await d.engine.syncNow();
    await d.index.idle();
    // A new worker (page reload, no network): start() runs in the background, as in sync/worker.ts.
    const index = new CatalogIndex(d.db);
    void index.start();
    const [now, waited] = await Promise.all([
      index.searchParts('air filter'),
      index.searchParts('air filter', { limit: 10, wait: true }),
    ]);
    expect(now.ready).toBe(false);
    expect(waited.ready).toBe(true);
    expect(waited.parts.map((p) => p.product_id)).toEqual([1]);
    // Nothing to build (no download finished): answered at once, not ready.
    const empty = new CatalogIndex(freshDb());
    void empty.start();
    expect((await empty.searchParts('air filter', { wait: true })).ready).toBe(false);
  });

  it('follows pulls through the engine: category links, new parts, and a brand rename rebuilt at the end of the cycle', async () => {
    const d = device([
      () => reply(catalog()),
      () =>
        reply([
          raw('manufacturers', '2', { manufacturer_id: 2, name: 'NGK Ignition Ltd' }),
          raw('manufacturers', '1', { manufacturer_id: 1, name: 'K&N Engineering' }),
          raw('product_categories', '3:8', { product_id: 3, category_id: 8 }),
          raw('product_categories', '2:8', null),
          product(11, { name: 'Wiper Blade 22in', mpn: 'WB-22', manufacturer_id: 3 }),
        ]),
    ]);
    await d.engine.syncNow();
    await d.engine.syncNow();
    await d.index.idle();
    expect(await ids(d.index, 'spark plugs 6619')).toEqual([3]);
    expect(await ids(d.index, 'wiper')).toEqual([11]);
    expect(await ids(d.index, 'ltd')).toEqual([2]);
    // Product 1 was not in the pull: only the rebuild at the end of the cycle indexes its brand's new words.
    expect(await ids(d.index, 'engineering')).toEqual([1]);
    const brands = (await d.index.searchParts('6619')).brands.map((b) => b.name).sort();
    expect(brands).toEqual(['Denso', 'NGK Ignition Ltd']);
  });

  it('a full resync drops the index until the new download is complete', async () => {
    const d = device([
      () => reply(catalog()),
      () => ({
        status: 200,
        body: {
          cookie: v(),
          lastMutationId: 0,
          changes: [product(20, { name: 'Only Part', mpn: 'ONLY-1' })],
          more: false,
          remaining: 0,
          needsFullSync: true,
        },
      }),
    ]);
    await d.engine.syncNow();
    await d.index.idle();
    expect(await ids(d.index, 'k&n')).toEqual([1]);
    await d.engine.syncNow();
    await d.index.idle();
    expect(await ids(d.index, 'k&n')).toEqual([]);
    expect(await ids(d.index, 'only part')).toEqual([20]);
  });
});

describe('findPart and getProduct', () => {
  async function synced() {
    const d = device([() => reply(catalog())]);
    await d.engine.syncNow();
    return d;
  }

  it('finds the exact part number however it is typed, and the barcode', async () => {
    const d = await synced();
    for (const index of [d.index, new CatalogIndex(d.db)]) {
      // The second has no index yet: the same answers come from a scan of the cached products.
      await d.index.idle();
      for (const code of ['33-2304', '332304', '33 2304', ' 33.2304 ', '024844012345']) {
        expect((await index.findPart(code))?.product_id, code).toBe(1);
      }
      expect((await index.findPart('087295166190'))?.product_id).toBe(2);
      // Two brands share 6619: not one part, staff pick from the search list.
      expect(await index.findPart('6619')).toBeNull();
      expect(await index.findPart('33-230')).toBeNull();
      expect(await index.findPart('HID-1')).toBeNull();
      expect(await index.findPart('--')).toBeNull();
    }
  });

  it('returns the cached product row with money as strings and stock per location', async () => {
    const d = await synced();
    const p = await d.index.findPart('33-2304');
    expect(p).toEqual({
      product_id: 1,
      name: 'K&N Air Filter 33-2304',
      model: '33-2304',
      mpn: '33-2304',
      aaia: 'KNFL',
      price: '19.99',
      msrp: '24.99',
      minimum: 1,
      surcharge: '0.00',
      tax_class_id: 9,
      labor_id: null,
      labor_time: null,
      is_orderable: true,
      disable_pricing: false,
      requires_options: false,
      oos_text: null,
      upc: '024844012345',
      manufacturer_id: 1,
      manufacturer: 'K&N',
      enabled: true,
      stock: [
        { location_id: 1, quantity: 4 },
        { location_id: 2, quantity: 0 },
      ],
    });
    expect(await d.index.getProduct(1)).toEqual(p);
    expect((await d.index.getProduct(4))?.enabled).toBe(false);
    expect(await d.index.getProduct(999)).toBeNull();
  });
});
