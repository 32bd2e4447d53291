/**
 * A shop's recent history for a fresh install (docs/decisions/database.md "Demo history"): the
 * last four weeks of counter sales, saved orders, quotes and a void, the next days' appointments
 * and a few distributor purchase orders, so the Orders list, the day view and an order's detail
 * show a shop at work rather than empty lists.
 *
 * Everything is made the way the counter makes it: each order is one command of the command
 * runner (server/commands/runner.ts) running the same mutations a device pushes (order.create,
 * cart.addProduct, transaction.add, order.complete …) as a demo cashier, with the runner's clock
 * set to the sale's time, so prices, totals, tax, versions and the audit log are the real ones.
 * Deterministic by seed (server/db/demo/prng.ts), ids included.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { totalsInputOf } from '../../../src/domain/mutations/guards';
import { computeTotals } from '../../../src/domain/totals';
import { toWire } from '../../../src/domain/money';
import { SimulatedDistributor } from '../../adapters/distributor/simulator';
import type { Actor } from '../../commands/actor';
import { loadOrder } from '../../commands/records/orders';
import { CommandRunner } from '../../commands/runner';
import type { SettingsLoader } from '../../commands/settings';
import { Rng } from '../../db/demo/prng';
import type { DB } from '../../db/schema';
import { DistributorService } from '../distributor/distributor-service';
import { StoreSettingsService } from '../session/store-settings-service';

export interface DemoHistoryOptions {
  seed?: number;
  /** The shop's "now": sales are spread over the 28 days before it, appointments over the next days. */
  now?: Date;
  orders?: number;
  log?: (line: string) => void;
}

export interface DemoHistoryResult {
  orders: number;
  appointments: number;
  purchaseOrders: number;
  ms: number;
}

const DAY_MS = 86_400_000;

function uuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng.float() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(rng.float() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const hm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** True when the shop already has orders: history is written once, into a shop that has none. */
export async function hasOrders(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function seedDemoHistory(db: Kysely<DB>, opts: DemoHistoryOptions = {}): Promise<DemoHistoryResult> {
  const started = performance.now();
  const rng = new Rng(opts.seed ?? 20_261_127).fork('history');
  const now = opts.now ?? new Date();
  const count = opts.orders ?? 36;
  const log = opts.log ?? (() => undefined);
  if (await hasOrders(db)) throw new Error('demo history: the shop already has orders');

  const [staff, customers, products, locations, bays, installers] = await Promise.all([
    db
      .selectFrom('staff_users')
      .select(['user_id', 'role'])
      .where('status', '=', true)
      .where('role', 'in', ['cashier', 'admin'])
      .orderBy('user_id')
      .execute(),
    db.selectFrom('customers').select(['id']).orderBy('customer_id').limit(80).execute(),
    db
      .selectFrom('products')
      .select(['product_id', 'name', 'mpn', 'aaia', sql<string>`price::text`.as('price'), 'tax_class_id', 'minimum'])
      .where('status', '=', true)
      .where('is_orderable', '=', true)
      .where('requires_options', '=', false)
      .where('disable_pricing', '=', false)
      .where('price', '>', '0')
      .orderBy('product_id')
      .limit(400)
      .execute(),
    db
      .selectFrom('locations')
      .select(['location_id'])
      .where('status', '=', true)
      .orderBy('is_default', 'desc')
      .orderBy('location_id')
      .execute(),
    db.selectFrom('bays').select(['bay_id', 'location_id']).orderBy('bay_id').execute(),
    db
      .selectFrom('staff_users')
      .select(['user_id'])
      .where('role', '=', 'installer')
      .where('status', '=', true)
      .orderBy('user_id')
      .execute(),
  ]);
  if (staff.length === 0 || products.length === 0) return { orders: 0, appointments: 0, purchaseOrders: 0, ms: 0 };

  const storeSettings = new StoreSettingsService();
  const settings: SettingsLoader = (d) => storeSettings.load(d);
  let clock = now;
  const runner = new CommandRunner(db, { settings, clock: () => clock });
  const actorOf = (s: { user_id: number; role: string }): Actor => ({
    kind: 'staff',
    id: String(s.user_id),
    role: s.role,
  });

  // Sale times: spread over the 28 days before now, in opening hours, oldest first (order numbers rise with time).
  const times = Array.from({ length: count }, () => {
    const day = new Date(now.getTime() - rng.int(1, 28) * DAY_MS);
    day.setHours(rng.int(8, 17), rng.int(0, 59), rng.int(0, 59), 0);
    return day;
  }).sort((a, b) => a.getTime() - b.getTime());

  const withCustomer: string[] = [];
  const completed: string[] = [];
  for (const [i, at] of times.entries()) {
    clock = at;
    const id = uuid(rng);
    const customer = rng.chance(0.7) && customers.length ? rng.pick(customers).id : null;
    const fate = i === Math.floor(count / 2) ? 'void' : rng.weighted(['complete', 'saved', 'quote'], [80, 13, 7]);
    const lines = rng.sample(products, rng.int(1, 4));
    const quantities = lines.map((p) => Math.max(p.minimum, rng.weighted([1, 2, 4], [70, 20, 10])));
    const payWith = rng.weighted(['cash', 'check'], [65, 35]);
    const checkNumber = rng.int(1001, 9999);
    const actor = actorOf(rng.pick(staff));
    await runner.transaction(actor, async (tx) => {
      await runner.run(tx, 'order.create', { id, customer_ref: customer });
      for (const [k, p] of lines.entries()) {
        await runner.run(tx, 'cart.addProduct', {
          order_ref: id,
          line_id: uuid(rng),
          product_id: p.product_id,
          name: p.name,
          mpn: p.mpn,
          aaia: p.aaia,
          price: p.price,
          quantity: quantities[k],
          minimum: p.minimum,
          tax_class_id: p.tax_class_id,
        });
      }
      if (fate === 'complete') {
        const loaded = await loadOrder(tx.trx, id, false);
        if (!loaded) throw new Error(`demo history: order ${id} vanished`);
        const totals = computeTotals(totalsInputOf(loaded.order, loaded.transactions), await tx.settings());
        await runner.run(tx, 'transaction.add', {
          order_ref: id,
          id: uuid(rng),
          transaction_type: payWith,
          amount: toWire(totals.balanceDue),
          check_number: payWith === 'check' ? checkNumber : null,
        });
        await runner.run(tx, 'order.complete', { order_ref: id });
      } else if (fate === 'quote') {
        await runner.run(tx, 'order.quote', { order_ref: id });
      } else {
        await runner.run(tx, 'order.save', { order_ref: id });
        if (fate === 'void') await runner.run(tx, 'order.void', { order_ref: id });
      }
    });
    if (customer && fate !== 'void') withCustomer.push(id);
    if (fate === 'complete') completed.push(id);
  }
  log(`demo history: ${times.length} orders`);

  // The next three days at the main store: four bookings a day, a bay and an installer each, never overlapping.
  let appointments = 0;
  const main = locations[0];
  const mainBays = bays.filter((b) => b.location_id === main?.location_id);
  if (main && mainBays.length && installers.length) {
    const booked = withCustomer.slice(-12);
    for (const [k, orderRef] of booked.entries()) {
      const dayOffset = Math.floor(k / 4);
      const date = new Date(now.getTime() + dayOffset * DAY_MS);
      const order = await db
        .selectFrom('orders')
        .select(['customer_uuid'])
        .where('id', '=', orderRef)
        .executeTakeFirstOrThrow();
      if (!order.customer_uuid) continue;
      clock = now;
      await runner.transaction(actorOf(staff[0]!), (tx) =>
        runner.run(tx, 'appointment.book', {
          id: uuid(rng),
          customer_ref: order.customer_uuid,
          order_ref: orderRef,
          installers: [installers[k % installers.length]!.user_id],
          location: main.location_id,
          bay: mainBays[k % mainBays.length]!.bay_id,
          startDate: ymd(date),
          startTime: hm(9 * 60 + (k % 4) * 90),
          duration: rng.pick([45, 60, 90]),
          // Today's are under way or confirmed; later days scheduled.
          status: dayOffset === 0 ? rng.pick([2, 3]) : 1,
          note: rng.pick([
            'Brake pads and rotors',
            'Oil change and filter',
            'Check engine light',
            'Battery and alternator test',
            'Install customer parts',
            'Tire rotation',
          ]),
        }),
      );
      appointments++;
    }
  }
  log(`demo history: ${appointments} appointments`);

  // A few purchase orders from the simulated distributor for recent completed sales.
  let purchaseOrders = 0;
  const distributor = new DistributorService(db, new SimulatedDistributor({ seed: 1, latencyMs: 0, failureRate: 0 }));
  for (const orderRef of completed.slice(-3)) {
    const loaded = await loadOrder(db, orderRef, false);
    const line = loaded?.order.lines.find((l) => l.kind === 'product' && l.aaia && l.mpn);
    if (!line || line.kind !== 'product') continue;
    const inv = await distributor.inventoryDetails(
      { products: [{ aaia: line.aaia, mpn: line.mpn }] },
      main?.location_id ?? null,
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
  return { orders: times.length, appointments, purchaseOrders, ms: Math.round(performance.now() - started) };
}
