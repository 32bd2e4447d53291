/**
 * Shared set-up of the POS call tests: the real server (tests/integration/sync/support), signed-in
 * callers of every role, catalog products picked by what a test needs, and the domain's own totals
 * of an order as stored, to compare replies with.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Engine } from '../../../server/db/database';
import { loadOrder } from '../../../server/commands/records/orders';
import { StoreSettingsService } from '../../../server/services/session/store-settings-service';
import { totalsInputOf } from '../../../src/domain/mutations/guards';
import { computeTotals } from '../../../src/domain/totals';
import { toWire } from '../../../src/domain/money';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type ServeOptions, type SyncTestServer } from '../sync/support/sync-server';

export interface PosWorld {
  server: SyncTestServer;
  cashier: TestClient;
  cashier2: TestClient;
  shopper: TestClient;
  guest: TestClient;
}

export async function startPos(engine: Engine, opts: ServeOptions = {}): Promise<PosWorld> {
  const server = await startSyncServer(engine, opts);
  return {
    server,
    cashier: await signedIn(server.url, 'cashier', 'cashier'),
    cashier2: await signedIn(server.url, 'cashier2', 'cashier2'),
    shopper: await signedIn(server.url, 'shopper@example.com', 'shopper'),
    guest: new TestClient(server.url),
  };
}

/** A fresh signed-in staff client (its own session, so its own cart). */
export const freshCashier = (w: PosWorld, user = 'cashier') => signedIn(w.server.url, user, user);

export interface PickedProducts {
  /** Orderable, no options, no labor, minimum 1. */
  plain: { product_id: number; price: string; name: string };
  plain2: { product_id: number; price: string; name: string };
  /** Has a required select option. */
  optioned: { product_id: number; option_id: number; value_id: number; value_price: string; price: string };
  /** Carries installation labor. */
  withLabor: { product_id: number; labor_id: number; labor_time: number; rate: string };
  notOrderable: number;
}

export async function pickProducts(w: PosWorld): Promise<PickedProducts> {
  const db = w.server.db;
  const plainRows = await db
    .selectFrom('products as p')
    .select(['p.product_id', sql<string>`p.price::text`.as('price'), 'p.name'])
    .where('p.status', '=', true)
    .where('p.is_orderable', '=', true)
    .where('p.minimum', '=', 1)
    .where('p.labor_id', 'is', null)
    .where('p.requires_options', '=', false)
    .where('p.oos_text', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('product_options as o')
            .select('o.product_option_id')
            .whereRef('o.product_id', '=', 'p.product_id'),
        ),
      ),
    )
    .orderBy('p.product_id')
    .limit(2)
    .execute();
  const optioned = await db
    .selectFrom('product_options as o')
    .innerJoin('products as p', 'p.product_id', 'o.product_id')
    .innerJoin('product_option_values as v', 'v.product_option_id', 'o.product_option_id')
    .select([
      'p.product_id',
      'o.product_option_id',
      'v.product_option_value_id',
      sql<string>`v.price::text`.as('value_price'),
      sql<string>`p.price::text`.as('price'),
    ])
    .where('p.status', '=', true)
    .where('p.is_orderable', '=', true)
    .where('o.required', '=', true)
    .where('v.price', '>', '0')
    .orderBy('p.product_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const labor = await db
    .selectFrom('products as p')
    .innerJoin('labor_types as l', 'l.labor_id', 'p.labor_id')
    .select(['p.product_id', 'l.labor_id', 'p.labor_time', sql<string>`l.amount::text`.as('rate')])
    .where('p.status', '=', true)
    .where('p.is_orderable', '=', true)
    .where('p.requires_options', '=', false)
    .where('p.labor_time', '>', 0)
    .orderBy('p.product_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const notOrderable = await db
    .selectFrom('products')
    .select('product_id')
    .where('status', '=', true)
    .where('is_orderable', '=', false)
    .limit(1)
    .executeTakeFirstOrThrow();
  const [a, b] = plainRows;
  if (!a || !b) throw new Error('the test catalog has no plain products');
  return {
    plain: a,
    plain2: b,
    optioned: {
      product_id: optioned.product_id,
      option_id: optioned.product_option_id,
      value_id: optioned.product_option_value_id,
      value_price: optioned.value_price,
      price: optioned.price,
    },
    withLabor: {
      product_id: labor.product_id,
      labor_id: labor.labor_id,
      labor_time: labor.labor_time ?? 0,
      rate: labor.rate,
    },
    notOrderable: notOrderable.product_id,
  };
}

/** The order's figures as the domain computes them from what the server stored. */
export async function domainTotals(w: PosWorld, orderRef: string) {
  const found = await loadOrder(w.server.db, orderRef, false);
  if (!found) throw new Error(`order ${orderRef} not stored`);
  const t = computeTotals(
    totalsInputOf(found.order, found.transactions),
    await new StoreSettingsService().load(w.server.db),
  );
  return {
    order: found.order,
    transactions: found.transactions,
    parts: toWire(t.parts),
    labor: toWire(t.labor),
    tax: toWire(t.tax),
    order_total: toWire(t.orderTotal),
    balance_due: toWire(t.balanceDue),
    rows: t.rows,
  };
}

/** Asserts a 4xx refusal with the given status and message. */
export function refused(r: { status: number; body: { message?: string } }, status: number, message?: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  if (message !== undefined) expect(r.body.message).toBe(message);
}

/** A fetch as a browser navigation (Sec-Fetch-Mode: navigate). */
export const navigate = { 'sec-fetch-mode': 'navigate', accept: 'text/html' };
