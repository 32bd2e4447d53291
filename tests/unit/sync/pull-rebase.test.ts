import { describe, expect, it } from 'vitest';
import type { RowChange } from '../../../src/contracts/sync-pull';
import { productRow } from '../../../src/db/product-chunks';
import { getMeta, setMeta } from '../../../src/db/meta';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { mutate } from '../../../sync/outbox';
import { pullAll } from '../../../sync/pull';
import { domainRegistry } from '../../../sync/registry';
import { at, freshDb, page, productIds, scripted, staff, uuid } from './support';

const opts = (clientId = uuid()) => ({
  clientId,
  limit: 2,
  registry: domainRegistry,
  settings: () => defaultStoreSettings,
});
const product = (id: number, version: number, price = '10.00'): RowChange => ({
  table: 'products',
  key: String(id),
  version,
  row: { product_id: id, name: `P${id}`, price },
});

describe('pull: cookie handling', () => {
  it('stores each page with its cookie and sends the stored cookie next', async () => {
    const db = freshDb();
    const t = scripted([() => page(2, [product(1, 1), product(2, 2)], true), () => page(5, [product(3, 5)], false)]);
    const progress: number[][] = [];
    const r = await pullAll(db, t, { ...opts(), onProgress: (a, rem) => progress.push([a, rem]) });
    expect(r).toEqual({ kind: 'done', pages: 2, changes: 3 });
    expect(t.calls.map((c) => /cookie=(\d+)/.exec(c.path)?.[1])).toEqual(['0', '2']);
    expect(await getMeta(db, 'cookie')).toBe(5);
    expect((await productIds(db)).length).toBe(3);
    expect(progress).toEqual([
      [2, 1],
      [3, 0],
    ]);
  });

  it('a failure between pages keeps the first page and its cookie, and resumes from it', async () => {
    const db = freshDb();
    const t = scripted([
      () => page(2, [product(1, 1), product(2, 2)], true),
      () => {
        throw new Error('offline');
      },
    ]);
    expect((await pullAll(db, t, opts())).kind).toBe('retry');
    expect(await getMeta(db, 'cookie')).toBe(2);
    const t2 = scripted([() => page(3, [product(2, 3, '11.00')])]);
    await pullAll(db, t2, opts());
    expect(t2.calls[0]?.path).toContain('cookie=2');
    expect(await productRow(db, 2)).toMatchObject({ price: '11.00' });
  });

  it('applies tombstones as deletions', async () => {
    const db = freshDb();
    await pullAll(db, scripted([() => page(2, [product(1, 1), product(2, 2)])]), opts());
    await pullAll(db, scripted([() => page(3, [{ table: 'products', key: '1', version: 3, row: null }])]), opts());
    expect(await productIds(db)).toEqual(['2']);
  });

  it('needsFullSync drops cached server rows but keeps the outbox, then applies from 0', async () => {
    const db = freshDb();
    await pullAll(db, scripted([() => page(2, [product(1, 1), product(2, 2)])]), opts());
    await mutate(db, domainRegistry, {
      name: 'order.create',
      args: { id: uuid() },
      actor: staff,
      now: at(0),
      settings: defaultStoreSettings,
    });
    await pullAll(db, scripted([() => page(9, [product(7, 9)], false, 0, { needsFullSync: true })]), opts());
    expect(await productIds(db)).toEqual(['7']);
    expect(await db.outbox.count()).toBe(1);
    // The pending order is re-applied on top of the emptied cache.
    expect(await db.orders.count()).toBe(1);
  });

  it('ignores tables it does not know (a newer server)', async () => {
    const db = freshDb();
    await pullAll(
      db,
      scripted([() => page(1, [{ table: 'future_things', key: 'a', version: 1, row: { a: 1 } }])]),
      opts(),
    );
    expect(await getMeta(db, 'cookie')).toBe(1);
  });
});

describe('rebase: local = server + pending', () => {
  async function setup() {
    const db = freshDb();
    const order = uuid();
    const line = uuid();
    const m = (name: string, args: unknown, n: number) =>
      mutate(db, domainRegistry, { name, args, actor: staff, now: at(n), settings: defaultStoreSettings });
    await m('order.create', { id: order }, 0);
    await m(
      'cart.addCustomProduct',
      { order_ref: order, line_id: line, name: 'Pads', price: '40.00', quantity: 1, tax_class_id: null },
      1,
    );
    await m('transaction.add', { order_ref: order, id: uuid(), transaction_type: 'cash', amount: '10.00' }, 2);
    return { db, order, line };
  }

  it('re-applies pending mutations on top of the server rows', async () => {
    const { db, order } = await setup();
    // The server has processed nothing yet and knows nothing: pending effects survive the pull.
    await pullAll(db, scripted([() => page(1, [], false, 0)]), opts());
    expect(await db.orders.get(order)).toMatchObject({ totals: { order_total: '40.00', amount_paid: '10.00' } });
  });

  it('does not re-apply what the server already processed (no double payment)', async () => {
    const { db, order } = await setup();
    const local = (await db.orders.get(order))!;
    const server = { ...local, order_id: 1042, totals: { ...(local.totals as object), amount_paid: '10.00' } };
    const lines = await db.orderLines.toArray();
    const txs = await db.transactions.toArray();
    const changes: RowChange[] = [
      { table: 'orders', key: order, version: 10, row: server },
      ...lines.map((l, i) => ({ table: 'order_lines', key: String(l.id), version: 11 + i, row: l })),
      ...txs.map((tx, i) => ({ table: 'transactions', key: String(tx.id), version: 20 + i, row: tx })),
    ];
    await pullAll(db, scripted([() => page(30, changes, false, 3)]), opts());
    expect(await db.orders.get(order)).toMatchObject({
      order_id: 1042,
      totals: { amount_paid: '10.00', order_total: '40.00' },
    });
    expect(await db.transactions.count()).toBe(1);
    // Still queued until a push reply tells their outcome; but never re-run.
    expect(await db.outbox.count()).toBe(3);
  });

  it('drops the optimistic effect of a mutation the server processed without it (rejected)', async () => {
    const { db, order } = await setup();
    const local = (await db.orders.get(order))!;
    const lines = await db.orderLines.toArray();
    // Server applied 1 and 2 but rejected 3 (the payment): its rows show no payment.
    const server = {
      ...local,
      totals: { ...(local.totals as object), amount_paid: '0.00', balance_due: '40.00', paid_in_full: false },
    };
    await pullAll(
      db,
      scripted([
        () =>
          page(
            30,
            [
              { table: 'orders', key: order, version: 10, row: server },
              ...lines.map((l, i) => ({ table: 'order_lines', key: String(l.id), version: 11 + i, row: l })),
            ],
            false,
            3,
          ),
      ]),
      opts(),
    );
    expect(await db.transactions.count()).toBe(0);
    expect(await db.orders.get(order)).toMatchObject({ totals: { amount_paid: '0.00' } });
  });

  it('removes a record created optimistically that the server never got, once its mutation is settled', async () => {
    const db = freshDb();
    const order = uuid();
    await mutate(db, domainRegistry, {
      name: 'order.create',
      args: { id: order },
      actor: staff,
      now: at(0),
      settings: defaultStoreSettings,
    });
    await db.outbox.clear(); // answered (e.g. rejected) and moved to the journal by a push
    await setMeta(db, 'lastAckedId', 1);
    await pullAll(db, scripted([() => page(1, [], false, 1)]), opts());
    expect(await db.orders.get(order)).toBeUndefined();
  });
});
