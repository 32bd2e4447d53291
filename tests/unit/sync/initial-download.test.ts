import { describe, expect, it } from 'vitest';
import type { RowChange } from '../../../src/contracts/sync-pull';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { stockRows } from '../../../src/db/catalog-links';
import { PartsdeskDb } from '../../../src/db/database';
import { productRow } from '../../../src/db/product-chunks';
import { getMeta, setMeta } from '../../../src/db/meta';
import { applyServerChange, applyServerChanges, pullStores } from '../../../src/db/tables';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { SyncEngine } from '../../../sync/engine';
import { FIRST_DOWNLOAD_PAGE, pullAll, type PulledPage } from '../../../sync/pull';
import { domainRegistry } from '../../../sync/registry';
import { downloadStatus } from '../../../sync/status';
import type { TransportReply, TransportRequest } from '../../../sync/transport';
import { freshDb, productIds, scripted, staff, uuid } from './support';

const product = (id: number, version: number, name = `P${id}`): RowChange => ({
  table: 'products',
  key: String(id),
  version,
  row: { product_id: id, name, price: '10.00' },
});
const reply = (cookie: number, changes: RowChange[], remaining: number, extra: object = {}): TransportReply => ({
  status: 200,
  body: { cookie, lastMutationId: 0, changes, more: remaining > 0, remaining, ...extra },
});
const opts = (clientId = uuid()) => ({
  clientId,
  limit: 2,
  initialLimit: 3,
  registry: domainRegistry,
  settings: () => defaultStoreSettings,
});
const cookieOf = (req: TransportRequest) => Number(/cookie=(\d+)/.exec(req.path)?.[1]);
const limitOf = (req: TransportRequest) => Number(/limit=(\d+)/.exec(req.path)?.[1]);
const offline = () => {
  throw new Error('offline');
};

function engineOn(db: ReturnType<typeof freshDb>, handlers: Parameters<typeof scripted>[0]) {
  const transport = scripted(handlers);
  const engine = new SyncEngine({
    db,
    transport,
    pollMs: 0,
    mintId: uuid,
    initialPullLimit: 3,
    pullLimit: 2,
    env: { online: () => true },
  });
  engine.setSession(staff);
  return { engine, transport };
}

describe('initial download: progress and resume', () => {
  it('a fresh device reports a download not started yet, then rows done, total and percent per page', async () => {
    const db = freshDb();
    const seen: (object | null)[] = [];
    const { engine } = engineOn(db, [
      async () => {
        seen.push((await engine.status()).download);
        return reply(3, [product(1, 1), product(2, 2), product(3, 3)], 5);
      },
      async () => {
        seen.push((await engine.status()).download);
        return reply(6, [product(4, 4), product(5, 5), product(6, 6)], 2);
      },
      async () => {
        seen.push((await engine.status()).download);
        return reply(8, [product(7, 7), product(8, 8)], 0);
      },
    ]);
    expect((await engine.status()).download).toEqual({ done: 0, total: 0, percent: 0, parts: null });
    expect(await engine.syncNow()).toBe('ok');
    // Each page is asked for while the one before is written: the figure seen then is one page behind or current.
    expect(seen[0]).toEqual({ done: 0, total: 0, percent: 0, parts: null });
    expect(seen.slice(1)).toContainEqual({ done: 3, total: 8, percent: 37, parts: null });
    const end = await engine.status();
    expect(end.download).toBeNull();
    expect(end.lastSuccess).not.toBeNull();
    expect(await getMeta(db, 'fullPullDone')).toBe(true);
    expect(await getMeta(db, 'initialDownload')).toBeNull();
    expect((await productIds(db)).length).toBe(8);
  });

  it('after a reload the download resumes from the stored cookie with the stored rows counted as done', async () => {
    const db = freshDb();
    const first = engineOn(db, [() => reply(3, [product(1, 1), product(2, 2), product(3, 3)], 7), offline]);
    expect(await first.engine.syncNow()).toBe('retry');
    first.engine.stop();

    // A new engine on the same database (the page reloaded): figures come from meta at once.
    const requests: number[][] = [];
    const done: number[] = [];
    const answer = (cookie: number, changes: RowChange[], remaining: number) => async (req: TransportRequest) => {
      requests.push([cookieOf(req), limitOf(req)]);
      done.push((await second.engine.status()).download?.done ?? -1);
      return reply(cookie, changes, remaining);
    };
    const second = engineOn(db, [
      answer(6, [product(4, 4), product(5, 5), product(6, 6)], 4),
      answer(9, [product(7, 7), product(8, 8), product(9, 9)], 1),
      answer(10, [product(10, 10)], 0),
    ]);
    expect((await second.engine.status()).download).toEqual({ done: 3, total: 10, percent: 30, parts: null });
    expect(await second.engine.syncNow()).toBe('ok');
    expect(requests).toEqual([
      [3, 3],
      [6, 3],
      [9, 3],
    ]);
    // Never back to 0: the rows stored before the reload stay counted.
    expect(Math.min(...done)).toBeGreaterThanOrEqual(3);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect((await second.engine.status()).download).toBeNull();
    expect((await productIds(db)).length).toBe(10);
  });

  it('uses the larger initial page size only while downloading; later pulls use the normal one', async () => {
    const db = freshDb();
    const t = scripted([
      () => reply(3, [product(1, 1), product(2, 2), product(3, 3)], 0),
      () => reply(4, [product(4, 4)], 0),
    ]);
    await pullAll(db, t, opts());
    await pullAll(db, t, opts());
    expect(t.calls.map(limitOf)).toEqual([3, 2]);
  });

  it('onProgress counts stored rows and says whether this is the initial download', async () => {
    const db = freshDb();
    const calls: [number, number, boolean][] = [];
    const onProgress = (d: number, r: number, i: boolean) => calls.push([d, r, i]);
    await pullAll(
      db,
      scripted([() => reply(3, [product(1, 1), product(2, 2), product(3, 3)], 1), () => reply(4, [product(4, 4)], 0)]),
      { ...opts(), onProgress },
    );
    await pullAll(
      db,
      scripted([() => reply(6, [product(5, 5), product(6, 6)], 1), () => reply(7, [product(7, 7)], 0)]),
      { ...opts(), onProgress },
    );
    expect(calls).toEqual([
      [3, 1, true],
      [4, 0, true],
      [2, 1, false],
      [3, 0, false],
    ]);
  });

  it('needsFullSync starts a new download: the catalog is gone, the bar comes back', async () => {
    const db = freshDb();
    await pullAll(db, scripted([() => reply(3, [product(1, 1), product(2, 2)], 0)]), opts());
    expect(await getMeta(db, 'fullPullDone')).toBe(true);
    await pullAll(db, scripted([() => reply(20, [product(9, 19)], 4, { needsFullSync: true }), offline]), opts());
    expect(await getMeta(db, 'fullPullDone')).toBe(false);
    expect(await getMeta(db, 'initialDownload')).toEqual({ done: 1, total: 5 });
    expect(await productIds(db)).toEqual(['9']);
  });

  it("the catalog's part count from the first page stays with the figures until the download ends", async () => {
    const db = freshDb();
    const t = scripted([
      () => reply(2, [product(1, 1), product(2, 2)], 4, { catalogParts: 3 }),
      () => reply(4, [product(3, 3)], 3),
      offline,
    ]);
    await pullAll(db, t, { ...opts(), maxPages: 2 });
    expect(await getMeta(db, 'initialDownload')).toEqual({ done: 3, total: 6, parts: 3 });
    expect(downloadStatus(await getMeta(db, 'initialDownload'), 4, false)).toEqual({
      done: 3,
      total: 6,
      percent: 50,
      parts: 3,
    });
  });

  it('the first page of a download is small (FIRST_DOWNLOAD_PAGE), the next ones full size', async () => {
    const db = freshDb();
    const t = scripted([() => reply(2, [product(1, 1)], 1), () => reply(3, [product(2, 2)], 0)]);
    await pullAll(db, t, { ...opts(), initialLimit: 5000 });
    expect(t.calls.map(limitOf)).toEqual([FIRST_DOWNLOAD_PAGE, 5000]);
  });

  it('a device synced before these flags existed (cookie set, no figures) is not downloading', () => {
    expect(downloadStatus(null, 42, false)).toBeNull();
    expect(downloadStatus(null, 0, true)).toBeNull();
    expect(downloadStatus({ done: 12, total: 10 }, 5, false)).toEqual({
      done: 12,
      total: 12,
      percent: 100,
      parts: null,
    });
    expect(downloadStatus({ done: 1, total: 3 }, 5, false)).toEqual({ done: 1, total: 3, percent: 33, parts: null });
  });

  it('a page asked for ahead is dropped when another realm moved the cookie meanwhile', async () => {
    const db = freshDb();
    const t = scripted([
      async () => {
        // Another tab stored a later page while this one was on its way.
        await setMeta(db, 'cookie', 50);
        return reply(3, [product(1, 1)], 2);
      },
      () => reply(4, [product(2, 2)], 1),
      () => reply(60, [product(3, 55)], 0),
    ]);
    await pullAll(db, t, { ...opts(), maxPages: 5 });
    expect(t.calls.map(cookieOf)).toEqual([0, 3, 50]);
    expect(await productIds(db)).toEqual(['3']);
    expect(await getMeta(db, 'cookie')).toBe(60);
  });

  it('asks for column blocks and stores them like rows: stock in its product chunk, a tombstone before the re-insert', async () => {
    const db = freshDb();
    await applyServerChanges(db, [{ table: 'products', key: '9', version: 1, row: { product_id: 9, name: 'Gone' } }]);
    const t = scripted([
      (req) => {
        expect(req.path).toContain('pack=1');
        return reply(40, [{ table: 'products', key: '9', version: 30, row: null }], 0, {
          packed: [
            {
              table: 'products',
              key: ['product_id'],
              cols: ['product_id', 'name', 'price', 'version'],
              rows: [
                [7, 'Filter', '9.50', 32],
                [9, 'Back', '1.00', 31],
              ],
            },
            {
              table: 'product_stock',
              key: ['product_id', 'location_id'],
              cols: ['product_id', 'location_id', 'quantity', 'version'],
              rows: [[7, 2, 5, 33]],
            },
          ],
        });
      },
    ]);
    const pages: PulledPage[] = [];
    expect(await pullAll(db, t, { ...opts(), onPage: (p) => pages.push(p) })).toMatchObject({
      kind: 'done',
      changes: 4,
    });
    // The tombstone as a change; the blocks' rows as they came, stored after it (version order).
    expect(pages[0]!.changes.map((c) => `${c.table}/${c.key}/${c.version}`)).toEqual(['products/9/30']);
    expect(pages[0]!.blocks?.map((b) => `${b.table}:${b.rows.length}`)).toEqual(['products:2', 'product_stock:1']);
    expect(await productRow(db, 7)).toEqual({ product_id: 7, name: 'Filter', price: '9.50' });
    expect(await productRow(db, 9)).toMatchObject({ name: 'Back' });
    expect(await stockRows(db, 7)).toEqual([{ product_id: 7, location_id: 2, quantity: 5 }]);
  });

  it('a malformed column block is a retry, and nothing of it is stored', async () => {
    const db = freshDb();
    const t = scripted([
      () =>
        reply(5, [], 0, {
          packed: [{ table: 'products', key: ['product_id'], cols: ['product_id', 'version'], rows: [[1]] }],
        }),
    ]);
    expect(await pullAll(db, t, opts())).toEqual({ kind: 'retry', reason: 'unreadable pull reply' });
    expect((await productIds(db)).length).toBe(0);
    expect(await getMeta(db, 'cookie')).toBe(0);
  });

  it('writes pull pages through the pull connection (pullDb); the app connection reads them', async () => {
    const factory = new IDBFactory();
    const db = new PartsdeskDb('two', { indexedDB: factory, IDBKeyRange });
    const pullDb = new PartsdeskDb('two', { indexedDB: factory, IDBKeyRange, durability: 'relaxed' });
    const transport = scripted([() => reply(2, [product(1, 1), product(2, 2)], 0)]);
    let pullTransactions = 0;
    pullDb.use({
      stack: 'dbcore',
      name: 'count',
      create: (down) => ({ ...down, transaction: (...a) => (pullTransactions++, down.transaction(...a)) }),
    });
    const engine = new SyncEngine({ db, pullDb, transport, pollMs: 0, mintId: uuid, env: { online: () => true } });
    engine.setSession(staff);
    expect(await engine.syncNow()).toBe('ok');
    expect(pullTransactions).toBeGreaterThan(0);
    expect((await productIds(db)).length).toBe(2);
    expect((await engine.status()).download).toBeNull();
  });
});

describe('applyServerChanges (bulk per store)', () => {
  const mixed: RowChange[] = [
    product(1, 1),
    product(2, 2),
    { table: 'product_stock', key: '1:1', version: 3, row: { product_id: 1, location_id: 1, quantity: 4 } },
    { table: 'product_categories', key: '1:7', version: 4, row: { product_id: 1, category_id: 7 } },
    { table: 'tax_classes', key: '9', version: 5, row: { tax_class_id: 9, title: 'Taxable' } },
    { table: 'customers', key: 'c1', version: 6, row: { id: 'c1', firstname: 'Dana' } },
    { table: 'products', key: '2', version: 7, row: null },
    { table: 'product_categories', key: '1:7', version: 8, row: null },
    { table: 'product_categories', key: '1:7', version: 9, row: { product_id: 1, category_id: 7, again: true } },
    { table: 'customers', key: 'c2', version: 10, row: null },
    { table: 'brand_new_table', key: 'x', version: 11, row: { x: 1 } },
  ];

  async function dump(db: ReturnType<typeof freshDb>) {
    return {
      products: await db.productChunks.toArray(),
      stock: await db.stockChunks.toArray(),
      categories: await db.categoryChunks.toArray(),
      catalog: await db.catalog.toArray(),
      lookups: await db.lookups.toArray(),
      customers: await db.customers.toArray(),
      base: await db.base.toArray(),
    };
  }

  it('stores exactly what applying the changes one by one stores (last change of a key wins, base kept)', async () => {
    const one = freshDb('one');
    const bulk = freshDb('bulk');
    await one.transaction('rw', pullStores(one), async () => {
      for (const c of mixed) await applyServerChange(one, c);
    });
    await bulk.transaction('rw', pullStores(bulk), () => applyServerChanges(bulk, mixed));
    const expected = await dump(one);
    expect(await dump(bulk)).toEqual(expected);
    // Rows as tuples in their chunk's column order (src/db/tuple-chunks.ts).
    expect(expected.stock).toEqual([
      { k: 0, cols: ['product_id', 'location_id', 'quantity'], keys: ['1:1'], rows: [[1, 1, 4]] },
    ]);
    expect(expected.categories).toEqual([
      { k: 0, cols: ['product_id', 'category_id', 'again'], keys: ['1:7'], rows: [[1, 7, true]] },
    ]);
    expect(expected.base).toContainEqual({ table: 'customers', k: 'c2', row: null });
  });
});
