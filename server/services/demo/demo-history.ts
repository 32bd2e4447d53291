/**
 * A shop's recent history for a fresh install (docs/decisions/database.md "Demo history"): 90 days
 * of counter sales at every store (completed and paid in cash, by card or check, saved, quoted,
 * kiosk pickups, balances owed, voids; with customers and installed labor), the next days'
 * appointments at every store and a few distributor purchase orders, so the Orders list, each
 * store's day view and an order's detail show a shop at work rather than empty lists.
 *
 * The sales are made by the domain's mutators in memory and written in bulk (./demo-sales.ts: one
 * command per order would cost ~40 s of first start); appointments and purchase orders go through
 * the command runner and the distributor service as the counter makes them, with the runner's
 * clock set to the booking's time. Deterministic by seed and "now" (server/db/demo/prng.ts), ids
 * included.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { customerFromRows, orderToRows } from '../../../src/contracts/sync-records';
import { SimulatedDistributor } from '../../adapters/distributor/simulator';
import type { Actor } from '../../commands/actor';
import { writeAudit } from '../../commands/audit';
import { addressRowFromSql, customerColumns, customerRowFromSql } from '../../commands/records/customers';
import { lineColumns, loadOrder, orderColumns, transactionColumns } from '../../commands/records/orders';
import { CommandRunner } from '../../commands/runner';
import type { SettingsLoader } from '../../commands/settings';
import { insertRows } from '../../db/demo/bulk';
import { Rng } from '../../db/demo/prng';
import type { DB } from '../../db/schema';
import { catalogListPrices } from '../distributor/catalog-list-prices';
import { DistributorService } from '../distributor/distributor-service';
import { StoreSettingsService } from '../session/store-settings-service';
import { buildSales, type BuiltSale, type Fate, type SaleStore } from './demo-sales';

export interface DemoHistoryOptions {
  seed?: number;
  /** The shop's "now": sales are spread over the `days` before it, appointments over the next days. */
  now?: Date;
  /** Days of sales history per store (default 90). */
  days?: number;
  log?: (line: string) => void;
}

export interface DemoHistoryResult {
  orders: number;
  /** Orders by store (location_id) and by how they ended. */
  byStore: Record<number, number>;
  byFate: Record<Fate, number>;
  appointments: number;
  purchaseOrders: number;
  ms: number;
}

const DAY_MS = 86_400_000;
/** Tickets on a busy weekday: the main store is the busiest. */
const PER_DAY = [11, 6, 8];
const TIME_ZONES: Record<string, string> = { TX: 'America/Chicago', CO: 'America/Denver', AZ: 'America/Phoenix' };

function uuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng.float() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(rng.float() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** True when the shop already has orders: history is written once, into a shop that has none. */
export async function hasOrders(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The sales' inputs: the shop's stores, staff, regular customers, sellable parts and labor rates. */
async function readShop(db: Kysely<DB>) {
  const [staff, customerRows, products, locations, labor] = await Promise.all([
    db
      .selectFrom('staff_users')
      .select(['user_id', 'role', 'location_id'])
      .where('status', '=', true)
      .where('role', 'in', ['cashier', 'admin'])
      .orderBy('user_id')
      .execute(),
    db.selectFrom('customers').select(customerColumns).orderBy('customer_id').limit(150).execute(),
    db
      .selectFrom('products')
      .select(['product_id', 'name', 'mpn', 'aaia', 'minimum', 'tax_class_id', 'labor_id', 'labor_time'])
      .select([sql<string>`price::text`.as('price'), sql<string>`surcharge::text`.as('surcharge')])
      .where('status', '=', true)
      .where('is_orderable', '=', true)
      .where('requires_options', '=', false)
      .where('disable_pricing', '=', false)
      .where('price', '>', '0')
      .orderBy('product_id')
      .limit(600)
      .execute(),
    db
      .selectFrom('locations')
      .select(['location_id', 'hours', 'zone_code'])
      .where('status', '=', true)
      .orderBy('is_default', 'desc')
      .orderBy('location_id')
      .execute(),
    db
      .selectFrom('labor_types')
      .select(['labor_id', 'title', sql<string>`amount::text`.as('amount')])
      .execute(),
  ]);
  const addresses = customerRows.length
    ? await db
        .selectFrom('addresses')
        .selectAll()
        .where(
          'customer_id',
          'in',
          customerRows.map((c) => c.id),
        )
        .orderBy('address_id')
        .execute()
    : [];
  const customers = customerRows.map((c) =>
    customerFromRows(customerRowFromSql(c), addresses.filter((a) => a.customer_id === c.id).map(addressRowFromSql)),
  );
  return { staff, customers, products, locations, labor: new Map(labor.map((l) => [l.labor_id, l])) };
}

/** The built sales in four kinds of multi-row inserts (server/db/demo/bulk.ts), plus their audited voids. */
async function writeSales(trx: Kysely<DB>, sales: readonly BuiltSale[]): Promise<void> {
  const orders = [];
  const lines = [];
  const transactions = [];
  for (const s of sales) {
    const rows = orderToRows(s.order);
    orders.push({
      order_id: 0,
      id: rows.order.id,
      date_added: rows.order.created_at,
      ...orderColumns(rows.order, rows.lines),
    });
    for (const l of rows.lines) lines.push(lineColumns(rows.order.id, l, l.position));
    for (const t of s.transactions) transactions.push(transactionColumns(t));
  }
  // Sorted by time: the insert trigger numbers the orders in this order (migration 0020).
  // Numbered here, in time order, from the gapless counter the insert trigger draws from (migration
  // 0020): the same numbers the trigger would give, without its counter update per row.
  const counter = await trx
    .selectFrom('order_numbers')
    .select('last_number')
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  orders.forEach((o, i) => (o.order_id = counter.last_number + i + 1));
  await insertRows(trx, 'orders', orders);
  await trx
    .updateTable('order_numbers')
    .set({ last_number: counter.last_number + orders.length })
    .where('id', '=', 1)
    .execute();
  await insertRows(trx, 'order_lines', lines);
  await insertRows(trx, 'transactions', transactions);
  for (const s of sales)
    for (const a of s.audits)
      await writeAudit(trx, a.action, a.entries, { actor: { kind: 'staff', ...a.actor }, at: a.at });
}

export async function seedDemoHistory(db: Kysely<DB>, opts: DemoHistoryOptions = {}): Promise<DemoHistoryResult> {
  const started = performance.now();
  const rng = new Rng(opts.seed ?? 20_261_127).fork('history');
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => undefined);
  if (await hasOrders(db)) throw new Error('demo history: the shop already has orders');

  const shop = await readShop(db);
  const { staff, locations } = shop;
  const [bays, installers] = await Promise.all([
    db.selectFrom('bays').select(['bay_id', 'location_id']).orderBy('bay_id').execute(),
    db
      .selectFrom('staff_users')
      .select(['user_id', 'location_id'])
      .where('role', '=', 'installer')
      .where('status', '=', true)
      .orderBy('user_id')
      .execute(),
  ]);
  const byFate: Record<Fate, number> = { complete: 0, owing: 0, saved: 0, deposit: 0, quote: 0, kiosk: 0, void: 0 };
  const empty = { orders: 0, byStore: {}, byFate, appointments: 0, purchaseOrders: 0, ms: 0 };
  if (staff.length === 0 || shop.products.length === 0 || locations.length === 0) return empty;

  const storeSettings = new StoreSettingsService();
  const settings: SettingsLoader = (d) => storeSettings.load(d);
  const asStaff = (s: { user_id: number; role: string }) => ({ id: String(s.user_id), role: s.role });
  // A sale is rung up at its cashier's store (server/commands/appliers/order-store.ts): each store
  // sells through the money-taking staff who work there; a store without any has no history.
  const stores: SaleStore[] = locations
    .map((l, i) => ({
      location_id: l.location_id,
      hours: l.hours,
      timeZone: TIME_ZONES[l.zone_code] ?? 'America/Chicago',
      perDay: PER_DAY[i] ?? 6,
      staff: staff.filter((s) => s.location_id === l.location_id).map(asStaff),
    }))
    .filter((s) => s.staff.length > 0);
  const sales = buildSales({
    rng: rng.fork('sales'),
    now,
    days: opts.days ?? 90,
    stores,
    products: shop.products,
    labor: shop.labor,
    customers: shop.customers,
    staff: staff.map(asStaff),
    settings: await settings(db),
  });
  const built = performance.now();
  await db.transaction().execute((trx) => writeSales(trx, sales));
  const byStore: Record<number, number> = {};
  for (const s of sales) {
    byStore[s.location_id] = (byStore[s.location_id] ?? 0) + 1;
    byFate[s.fate]++;
  }
  const secs = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  log(
    `demo history: ${sales.length} orders at ${locations.length} stores (built in ${secs(started, built)} s, written in ${secs(built, performance.now())} s)`,
  );

  let clock = now;
  const runner = new CommandRunner(db, { settings, clock: () => clock });
  const actorOf = (s: { user_id: number; role: string }): Actor => ({
    kind: 'staff',
    id: String(s.user_id),
    role: s.role,
  });
  const main = locations[0]!;
  const completed = sales
    .filter((s) => s.location_id === main.location_id && s.fate === 'complete')
    .map((s) => s.order.id);

  // The next three days at every store (its day view shows a shop at work): each bay booked in the
  // morning and the afternoon most days, for the store's own customers' recent orders; a store's
  // installers each keep to one bay, so neither a bay nor an installer is ever double booked.
  let appointments = 0;
  const notes = [
    'Brake pads and rotors',
    'Oil change and filter',
    'Check engine light',
    'Battery and alternator test',
    'Install customer parts',
    'Tire rotation',
  ];
  for (const store of locations) {
    const storeBays = bays.filter((b) => b.location_id === store.location_id);
    const storeInstallers = installers.filter((i) => i.location_id === store.location_id);
    const orders = sales
      .filter((s) => s.location_id === store.location_id && s.order.customer_ref && s.fate !== 'void')
      .map((s) => s.order);
    let next = orders.length - 1;
    for (let dayOffset = 0; dayOffset < 3; dayOffset++) {
      const date = ymd(new Date(now.getTime() + dayOffset * DAY_MS));
      for (const [i, bay] of storeBays.entries()) {
        for (const startTime of ['08:30', '13:00']) {
          if (rng.float() < 0.25 || next < 0) continue;
          const order = orders[next--]!;
          clock = now;
          await runner.transaction(actorOf(staff[0]!), (tx) =>
            runner.run(tx, 'appointment.book', {
              id: uuid(rng),
              customer_ref: order.customer_ref!,
              order_ref: order.id,
              installers: storeInstallers[i] ? [storeInstallers[i].user_id] : [],
              location: store.location_id,
              bay: bay.bay_id,
              startDate: date,
              startTime,
              duration: rng.pick([45, 60, 90, 120, 180]),
              // Today's are under way or confirmed; later days scheduled.
              status: dayOffset === 0 ? rng.pick([2, 3]) : 1,
              note: rng.pick(notes),
            }),
          );
          appointments++;
        }
      }
    }
  }
  log(`demo history: ${appointments} appointments`);

  // A few purchase orders from the simulated distributor for recent completed sales.
  let purchaseOrders = 0;
  const distributor = new DistributorService(
    db,
    new SimulatedDistributor({ seed: 1, latencyMs: 0, failureRate: 0, listPrices: catalogListPrices(db) }),
  );
  for (const orderRef of completed.slice(-3)) {
    const loaded = await loadOrder(db, orderRef, false);
    const line = loaded?.order.lines.find((l) => l.kind === 'product' && l.aaia && l.mpn);
    if (!line || line.kind !== 'product') continue;
    const inv = await distributor.inventoryDetails(
      { products: [{ aaia: line.aaia, mpn: line.mpn }] },
      main.location_id,
    );
    const wh = inv.Items[0]?.locations.find((l) => l.wd_inventory > 0);
    if (!wh) continue;
    const reply = await distributor.order(
      orderRef,
      {
        requestId: uuid(rng),
        items: [
          {
            aaia: line.aaia,
            mpn: line.mpn,
            orderQuantity: 1,
            selectedLocations: [{ quantity: 1, warehouseCode: wh.warehouse_location }],
          },
        ],
        shippingMethod: 'Ground',
        notes: 'Restock',
      },
      String(staff[0]!.user_id),
    );
    purchaseOrders += reply.purchase_orders.length;
  }
  log(`demo history: ${purchaseOrders} purchase orders`);
  return {
    orders: sales.length,
    byStore,
    byFate,
    appointments,
    purchaseOrders,
    ms: Math.round(performance.now() - started),
  };
}
