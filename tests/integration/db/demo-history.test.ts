/**
 * Demo history (server/services/demo/demo-history.ts, demo-sales.ts; docs/decisions/database.md
 * "Demo history"): a fresh install's 90 days of sales at every store, appointments and purchase
 * orders. On the seeded template, both engines: every store has sales over the 90 days; every kind
 * the POS Orders list shows is there (complete, saved, quotes, kiosk, outstanding balance, voided;
 * cash, card and check; customers and labor); completed sales are paid in full at catalog prices
 * and labor rates; order numbers rise with time without gaps; voids are audited; bookings never
 * overlap (bay or installer) and every store has some today; the same seed gives the same history;
 * a shop with orders is left alone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrder } from '../../../server/commands/records/orders';
import { openDatabase, type OpenDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { hasOrders, seedDemoHistory, type DemoHistoryResult } from '../../../server/services/demo/demo-history';
import { OrderListService } from '../../../server/services/pos/order-list-service';
import { StoreSettingsService } from '../../../server/services/session/store-settings-service';
import { ordersListQuerySchema } from '../../../src/contracts/orders-list';
import { toWire } from '../../../src/domain/money';
import { totalsInputOf } from '../../../src/domain/mutations/guards';
import { computeTotals } from '../../../src/domain/totals';
import { copyTemplate, testEngines, type TestDatabaseConfig } from '../../support/engines';

const NOW = new Date('2026-11-27T21:00:00Z');
const DAY_MS = 86_400_000;

async function seeded(engine: Parameters<typeof copyTemplate>[0]) {
  const cfg = await copyTemplate(engine);
  const open = await openDatabase({ dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl });
  await migrateToLatest(open.db);
  expect(await hasOrders(open.db)).toBe(false);
  const result = await seedDemoHistory(open.db, { now: NOW, seed: 5 });
  return { cfg, open, result };
}

describe.each(testEngines())('demo history on %s', (engine) => {
  let cfg: TestDatabaseConfig;
  let open: OpenDatabase;
  let result: DemoHistoryResult;

  beforeAll(async () => {
    ({ cfg, open, result } = await seeded(engine));
  }, 240_000);
  afterAll(async () => {
    await open?.close();
    await cfg?.cleanup();
  });

  it('90 days of sales at every store, numbered in time order without gaps', async () => {
    const locations = await open.db.selectFrom('locations').select('location_id').execute();
    expect(locations).toHaveLength(3);
    const orders = await open.db
      .selectFrom('orders')
      .select(['order_id', 'location_id', 'date_added'])
      .orderBy('order_id')
      .execute();
    expect(orders.length).toBe(result.orders);
    expect(result.orders).toBeGreaterThan(1000);
    for (const l of locations) {
      const mine = orders.filter((o) => o.location_id === l.location_id);
      expect(mine.length).toBeGreaterThan(200);
      const times = mine.map((o) => new Date(o.date_added).getTime());
      // From the first weeks of the 90 days to the last day.
      expect(Math.min(...times)).toBeLessThan(NOW.getTime() - 85 * DAY_MS);
      expect(Math.max(...times)).toBeGreaterThan(NOW.getTime() - 2 * DAY_MS);
      expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    }
    // Rung up at the cashier's store, as the server stamps it (server/commands/appliers/order-store.ts).
    const elsewhere = await sql<{ n: string }>`
      select count(*) as n from orders o join staff_users s on s.user_id = o.cashier_id
      where o.location_id is distinct from s.location_id`.execute(open.db);
    expect(Number(elsewhere.rows[0]!.n)).toBe(0);
    expect(orders.map((o) => o.order_id)).toEqual(orders.map((_, i) => i + 1));
    const times = orders.map((o) => new Date(o.date_added).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const counter = await open.db.selectFrom('order_numbers').select('last_number').executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(orders.length);
  });

  it('every tab of the POS Orders list has orders; cash, card and check; customers and labor', async () => {
    const reply = await new OrderListService(open.db).list(ordersListQuerySchema.parse({}));
    expect(reply.orders.length).toBeGreaterThan(0);
    const byStatus = await sql<{ status: string; n: string }>`
      select status, count(*) as n from orders group by status`.execute(open.db);
    const n = (s: string) => Number(byStatus.rows.find((r) => r.status === s)?.n ?? 0);
    for (const s of ['complete', 'saved', 'quote', 'kiosk', 'voided']) expect(n(s), s).toBeGreaterThan(0);
    expect(n('complete')).toBeGreaterThan(result.orders * 0.8);
    const owing = await sql<{ n: string }>`
      select count(*) as n from orders where status in ('saved', 'kiosk', 'complete') and amount_paid < order_total`.execute(
      open.db,
    );
    expect(Number(owing.rows[0]!.n)).toBeGreaterThan(5);
    expect(reply.counts.outstanding_balance).toBe(Number(owing.rows[0]!.n));
    for (const tab of ['all', 'saved', 'kiosk', 'complete'] as const) expect(reply.counts[tab], tab).toBeGreaterThan(0);
    const pays = await sql<{ transaction_type: string; terminal: boolean; n: string }>`
      select transaction_type, terminal, count(*) as n from transactions group by 1, 2`.execute(open.db);
    const pay = (t: string) => pays.rows.filter((r) => r.transaction_type === t);
    expect(pay('cash').length).toBe(1);
    expect(pay('check').length).toBe(1);
    // Cards are terminal approvals, as the counter's card flow records them.
    expect(pay('card').map((r) => r.terminal)).toEqual([true]);
    const withCustomer = await sql<{
      n: string;
    }>`select count(*) as n from orders where customer_uuid is not null`.execute(open.db);
    expect(Number(withCustomer.rows[0]!.n)).toBeGreaterThan(result.orders / 3);
    const labor = await sql<{ n: string }>`select count(*) as n from order_lines where kind = 'labor'`.execute(open.db);
    expect(Number(labor.rows[0]!.n)).toBeGreaterThan(50);
  });

  it('completed sales: paid in full at catalog prices and labor rates, totals as the rules compute them', async () => {
    const settings = await new StoreSettingsService().load(open.db);
    const prices = new Map(
      (
        await open.db
          .selectFrom('products')
          .select(['product_id', sql<string>`price::text`.as('price')])
          .execute()
      ).map((p) => [p.product_id, p.price]),
    );
    const rates = new Map(
      (
        await open.db
          .selectFrom('labor_types')
          .select(['labor_id', sql<string>`amount::text`.as('amount')])
          .execute()
      ).map((l) => [l.labor_id, l.amount]),
    );
    const sample = await open.db
      .selectFrom('orders')
      .select(['id', 'status', sql<string>`order_total::text`.as('order_total')])
      .where('status', '=', 'complete')
      .where(sql<boolean>`amount_paid >= order_total`)
      .orderBy('order_id')
      .limit(60)
      .execute();
    expect(sample.length).toBe(60);
    for (const o of sample) {
      const loaded = (await loadOrder(open.db, o.id, false))!;
      // At the store the sale was rung up at (the demo cashier's): its tax rates.
      const totals = computeTotals(totalsInputOf(loaded.order, loaded.transactions), settings);
      expect(toWire(totals.balanceDue)).toBe('0.00');
      expect(loaded.order.totals.order_total).toBe(o.order_total);
      expect(loaded.order.lines.length).toBeGreaterThan(0);
      for (const l of loaded.order.lines) {
        if (l.kind === 'product') expect(l.price).toBe(prices.get(l.product_id));
        if (l.kind === 'labor') expect(l.rate).toBe(rates.get(l.labor_id));
      }
    }
  });

  it('voids are in the audit log; appointments never overlap; purchase orders stored', async () => {
    const voided = await open.db.selectFrom('orders').select('id').where('status', '=', 'voided').execute();
    const audited = await open.db
      .selectFrom('audit_log')
      .select('order_ref')
      .where('kind', '=', 'void')
      .where('record_table', '=', 'orders')
      .execute();
    expect(new Set(audited.map((a) => a.order_ref))).toEqual(new Set(voided.map((v) => v.id)));

    expect(result.appointments).toBeGreaterThan(12);
    const appts = await open.db
      .selectFrom('appointments as a')
      .leftJoin('appointment_installers as i', 'i.appointment_ref', 'a.id')
      .leftJoin('staff_users as u', 'u.user_id', 'i.user_id')
      .select(['a.id', 'a.bay_id', 'a.location_id', 'i.user_id', 'u.location_id as home'])
      .select([
        sql<string>`to_char(a.starts_at, 'YYYY-MM-DD HH24:MI')`.as('starts_at'),
        sql<string>`to_char(a.ends_at, 'YYYY-MM-DD HH24:MI')`.as('ends_at'),
      ])
      .execute();
    expect(new Set(appts.map((a) => a.id)).size).toBe(result.appointments);
    // Every store's day view has bookings today; an installer works at their own store.
    const today = `${NOW.getFullYear()}-${String(NOW.getMonth() + 1).padStart(2, '0')}-${String(NOW.getDate()).padStart(2, '0')}`;
    const stores = await open.db.selectFrom('locations').select('location_id').where('status', '=', true).execute();
    for (const l of stores) {
      const mine = appts.filter((a) => a.location_id === l.location_id && a.starts_at.startsWith(today));
      expect([l.location_id, mine.length > 1]).toEqual([l.location_id, true]);
    }
    expect(appts.filter((a) => a.user_id !== null).every((a) => a.home === a.location_id)).toBe(true);
    expect(appts.some((a) => a.user_id !== null)).toBe(true);
    const overlap = (a: (typeof appts)[number], b: (typeof appts)[number]) =>
      a.id !== b.id && !(a.starts_at >= b.ends_at || b.starts_at >= a.ends_at);
    for (const a of appts)
      for (const b of appts) {
        if (a.bay_id === b.bay_id || (a.user_id !== null && a.user_id === b.user_id)) expect(overlap(a, b)).toBe(false);
      }
    expect(result.purchaseOrders).toBeGreaterThan(0);
    expect(
      Number((await sql<{ n: string }>`select count(*) as n from purchase_orders`.execute(open.db)).rows[0]!.n),
    ).toBe(result.purchaseOrders);
  });

  it('the same seed and day give the same history', async () => {
    const again = await seeded(engine);
    try {
      const rows = (db: OpenDatabase['db']) =>
        db
          .selectFrom('orders')
          .select(['id', 'order_id', 'status', 'location_id', 'customer_uuid', sql<string>`order_total::text`.as('t')])
          .orderBy('order_id')
          .execute();
      expect(await rows(again.open.db)).toEqual(await rows(open.db));
      expect(again.result.byFate).toEqual(result.byFate);
    } finally {
      await again.open.close();
      await again.cfg.cleanup();
    }
  }, 240_000);

  it('is written once: a shop that has orders is refused', async () => {
    await expect(seedDemoHistory(open.db, { now: NOW, seed: 5 })).rejects.toThrow(/already has orders/);
  });
});
