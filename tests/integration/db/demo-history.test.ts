/**
 * Demo history (server/services/demo/demo-history.ts; docs/decisions/database.md "Demo history"):
 * a fresh install's recent sales, appointments and purchase orders, made through the command
 * runner as the counter makes them. On the seeded template, both engines: every completed sale is
 * paid in full at its catalog prices, dates lie in the four weeks before "now", bookings never
 * overlap, the same seed gives the same history, and a shop with orders is left alone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrder } from '../../../server/commands/records/orders';
import { openDatabase, type OpenDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { hasOrders, seedDemoHistory, type DemoHistoryResult } from '../../../server/services/demo/demo-history';
import { StoreSettingsService } from '../../../server/services/session/store-settings-service';
import { toWire } from '../../../src/domain/money';
import { totalsInputOf } from '../../../src/domain/mutations/guards';
import { computeTotals } from '../../../src/domain/totals';
import { copyTemplate, testEngines, type TestDatabaseConfig } from '../../support/engines';

const NOW = new Date('2026-11-27T15:00:00');

describe.each(testEngines())('demo history on %s', (engine) => {
  let cfg: TestDatabaseConfig;
  let open: OpenDatabase;
  let result: DemoHistoryResult;

  beforeAll(async () => {
    cfg = await copyTemplate(engine);
    open = await openDatabase({ dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl });
    await migrateToLatest(open.db);
    expect(await hasOrders(open.db)).toBe(false);
    result = await seedDemoHistory(open.db, { now: NOW, seed: 5 });
  }, 240_000);
  afterAll(async () => {
    await open?.close();
    await cfg?.cleanup();
  });

  it('sales over the last four weeks: mostly complete and paid in full, some saved or quoted, one void', async () => {
    expect(result.orders).toBe(36);
    const orders = await open.db.selectFrom('orders').select(['id', 'status', 'date_added']).execute();
    expect(orders).toHaveLength(36);
    const by = (s: string) => orders.filter((o) => o.status === s).length;
    expect(by('complete')).toBeGreaterThan(20);
    expect(by('voided')).toBe(1);
    expect(by('complete') + by('saved') + by('quote') + by('voided')).toBe(36);
    for (const o of orders) {
      const t = new Date(o.date_added).getTime();
      expect(t).toBeLessThan(NOW.getTime());
      expect(t).toBeGreaterThan(NOW.getTime() - 29 * 86_400_000);
    }
    const settings = await new StoreSettingsService().load(open.db);
    for (const o of orders.filter((x) => x.status === 'complete')) {
      const loaded = (await loadOrder(open.db, o.id, false))!;
      // At the store the sale was rung up at (the demo cashier's): its tax rates.
      const totals = computeTotals(totalsInputOf(loaded.order, loaded.transactions), settings);
      expect(toWire(totals.balanceDue)).toBe('0.00');
      expect(loaded.order.lines.length).toBeGreaterThan(0);
      // Lines carry catalog prices, as a device's cart does.
      for (const l of loaded.order.lines) {
        if (l.kind !== 'product') continue;
        const p = await open.db
          .selectFrom('products')
          .select(sql<string>`price::text`.as('price'))
          .where('product_id', '=', l.product_id)
          .executeTakeFirstOrThrow();
        expect(l.price).toBe(p.price);
      }
    }
  });

  it('appointments over the next days never overlap on a bay or an installer; purchase orders stored', async () => {
    expect(result.appointments).toBeGreaterThan(4);
    const appts = await open.db
      .selectFrom('appointments')
      .select(['id', 'bay_id', 'starts_at', 'ends_at', 'order_ref'])
      .execute();
    expect(appts).toHaveLength(result.appointments);
    for (const a of appts)
      for (const b of appts) {
        if (a.id !== b.id && a.bay_id === b.bay_id)
          expect(a.starts_at >= b.ends_at || b.starts_at >= a.ends_at).toBe(true);
      }
    expect(result.purchaseOrders).toBeGreaterThan(0);
    expect(
      Number((await sql<{ n: string }>`select count(*) as n from purchase_orders`.execute(open.db)).rows[0]!.n),
    ).toBe(result.purchaseOrders);
  });

  it('is written once: a shop that has orders is refused', async () => {
    await expect(seedDemoHistory(open.db, { now: NOW, seed: 5 })).rejects.toThrow(/already has orders/);
  });
});
