/**
 * Ninety days of counter sales per store for a fresh install, built in memory by the domain's own
 * mutators (src/domain/mutations/registry.ts `runMutation`: the code a device runs and the server's
 * appliers run) and written in bulk (docs/decisions/database.md "Demo history").
 *
 * Why not one command per order: through the command runner an order costs ~22 ms on PGlite (a
 * transaction, row locks, a load and an incremental save per mutation); the ~1,900 orders of 90
 * days at three stores would add ~40 s to the first start. Here every order still goes through
 * order.create, cart.addProduct / cart.addLabor, transaction.add / transaction.addTerminal and
 * order.complete / save / quote / submitKiosk / void with the catalog's facts stamped in as the
 * appliers stamp them (server/commands/appliers/catalog-priced.ts), so totals, tax, statuses and
 * audited voids are the rules' own; only the writing is batched, through the same row mapping
 * the commands use (server/commands/records/orders.ts orderColumns, lineColumns, transactionColumns).
 * The appliers' other side effects do not arise here: no voucher is sold or redeemed (the voucher
 * ledger's extension, appliers/vouchers.ts), no store credit moves, and completing a sale moves no
 * stock (no applier does).
 *
 * Must stay true: deterministic for a seed and a "now" (no Math.random, no clock); every mutation
 * applies (a refusal is a bug here and throws); orders come out sorted by time, so the order
 * numbers the insert trigger draws (migration 0020) rise with time.
 */
import type { CatalogProduct } from '../../../src/contracts/catalog-product';
import { money, toWire } from '../../../src/domain/money';
import { totalsInputOf } from '../../../src/domain/mutations/guards';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { Customer, Order, Transaction } from '../../../src/domain/mutations/records';
import type { MutatorChanges, MutatorState } from '../../../src/domain/mutations/types';
import type { StoreSettings } from '../../../src/domain/settings';
import { computeTotals } from '../../../src/domain/totals';
import { zoneOffsetMs } from '../../../src/domain/shop-day';
import { auditEntries, type AuditEntry } from '../../commands/audit';
import type { Rng } from '../../db/demo/prng';
import type { LocationHours } from '../../db/schema';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A product the demo sells: the catalog product as a cart line takes it (no model), with its labor. */
export interface SaleProduct extends Omit<CatalogProduct, 'model'> {
  labor_id: number | null;
  labor_time: number | null;
}

export interface SaleStore {
  location_id: number;
  hours: LocationHours;
  /** IANA zone of the store: sales fall in its opening hours, local time. */
  timeZone: string;
  /** Tickets on a busy weekday. */
  perDay: number;
  /** The money-taking staff who work there: the order's store is its cashier's (appliers/order-store.ts). */
  staff: readonly SaleStaff[];
}

export interface SaleStaff {
  id: string;
  role: string;
}

export interface SalesInput {
  rng: Rng;
  now: Date;
  days: number;
  stores: readonly SaleStore[];
  products: readonly SaleProduct[];
  labor: ReadonlyMap<number, { title: string; amount: string }>;
  customers: readonly Customer[];
  /** Every money-taking staff member (an admin voids). */
  staff: readonly SaleStaff[];
  settings: StoreSettings;
}

export type Fate = 'complete' | 'owing' | 'saved' | 'deposit' | 'quote' | 'kiosk' | 'void';

export interface BuiltSale {
  location_id: number;
  fate: Fate;
  order: Order;
  transactions: Transaction[];
  audits: { action: string; at: string; actor: SaleStaff; entries: AuditEntry[] }[];
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Minutes east of UTC of `timeZone` at instant `ms`. */
function offsetMinutes(timeZone: string, ms: number): number {
  return Math.round(zoneOffsetMs(new Date(ms), timeZone) / MINUTE_MS);
}

/** The store's local calendar day `back` days before `now`: its UTC midnight-of-wall-clock and weekday. */
function localDay(now: Date, back: number, timeZone: string): { wallMidnight: number; weekday: number } {
  const local = now.getTime() + offsetMinutes(timeZone, now.getTime()) * MINUTE_MS;
  const wallMidnight = Math.floor(local / DAY_MS) * DAY_MS - back * DAY_MS;
  return { wallMidnight, weekday: new Date(wallMidnight).getUTCDay() };
}

/** A wall-clock time of the store (ms as if UTC) to the real instant. */
function wallToInstant(wall: number, timeZone: string): number {
  const guess = wall - offsetMinutes(timeZone, wall) * MINUTE_MS;
  return wall - offsetMinutes(timeZone, guess) * MINUTE_MS;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Sale instants of one store, oldest first: busier on weekdays, none when closed, none after now. */
function saleTimes(rng: Rng, store: SaleStore, now: Date, days: number): number[] {
  const out: number[] = [];
  for (let back = days - 1; back >= 0; back--) {
    const { wallMidnight, weekday } = localDay(now, back, store.timeZone);
    const day = WEEKDAYS[weekday]!;
    const hours = store.hours[day];
    if (!hours) continue;
    const open = toMinutes(hours.open);
    const close = toMinutes(hours.close);
    const busy = day === 'sun' ? 0.4 : day === 'sat' ? 0.7 : 1;
    const tickets = Math.max(0, Math.round(store.perDay * busy * (0.6 + rng.float() * 0.8)));
    for (let k = 0; k < tickets; k++) {
      const minute = rng.int(open, close - 15);
      const at = wallToInstant(wallMidnight + minute * MINUTE_MS + rng.int(0, 59) * 1000, store.timeZone);
      if (at < now.getTime() - 10 * MINUTE_MS) out.push(at);
    }
  }
  return out.sort((a, b) => a - b);
}

/** Applies a mutator's changes to the in-memory state, as the appliers' loads would see them next. */
function merge(state: MutatorState, changes: MutatorChanges): void {
  if (changes.order) state.order = changes.order;
  if (changes.customer) state.customer = changes.customer;
  for (const t of changes.transactions ?? []) {
    const list = state.transactions ?? [];
    const i = list.findIndex((x) => x.id === t.id);
    state.transactions = i >= 0 ? list.map((x, j) => (j === i ? t : x)) : [...list, t];
  }
}

/** `count` distinct items drawn at random (few out of many: no shuffle of the whole list). */
function distinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const taken = new Set<number>();
  while (taken.size < Math.min(count, items.length)) taken.add(rng.int(0, items.length - 1));
  return [...taken].map((i) => items[i]!);
}

/** Every demo sale of every store over `days`, sorted by time. */
export function buildSales(input: SalesInput): BuiltSale[] {
  const { rng, now, settings } = input;
  const plans = input.stores.flatMap((store) =>
    saleTimes(rng.fork(`store-${store.location_id}`), store, now, input.days).map((at) => ({ store, at })),
  );
  plans.sort((a, b) => a.at - b.at || a.store.location_id - b.store.location_id);
  const customers = new Map(input.customers.map((c) => [c.id, c]));
  const customerIds = input.customers.map((c) => c.id);
  const out: BuiltSale[] = [];
  for (const { store, at } of plans) {
    const ageDays = (now.getTime() - at) / DAY_MS;
    // Old saved orders, quotes and kiosk pickups were finished long ago: open ones are recent.
    const recent = ageDays < 14;
    const fate = rng.weighted<Fate>(
      ['complete', 'owing', 'saved', 'deposit', 'quote', 'kiosk', 'void'],
      [86, 2, recent ? 6 : 0.5, recent ? 2 : 0.3, recent ? 5 : 1, recent ? 4 : 0, 1.5],
    );
    const actor = rng.pick(store.staff);
    const customerRef =
      rng.chance(fate === 'complete' ? 0.6 : 0.9) && customerIds.length ? rng.pick(customerIds) : null;
    const id = rng.uuid7(at);
    const state: MutatorState = { transactions: [] };
    if (customerRef) state.customer = customers.get(customerRef);
    const audits: BuiltSale['audits'] = [];
    let clock = at;
    const run = (name: string, args: Record<string, unknown>, who: SaleStaff = actor) => {
      const now = new Date(clock).toISOString();
      const result = runMutation(name, state, args, { now, actor: who, settings });
      if (!result.ok) throw new Error(`demo history: ${name} refused: ${result.message}`);
      const entries = auditEntries(state, result.changes);
      if (entries.length) audits.push({ action: name, at: now, actor: who, entries });
      merge(state, result.changes);
    };
    const advance = (minutes: number) => (clock += minutes * MINUTE_MS + rng.int(0, 59) * 1000);

    run('order.create', { id, customer_ref: customerRef, location_id: store.location_id });
    const picks = distinct(rng, input.products, rng.weighted([1, 2, 3, 4], [45, 30, 15, 10]));
    for (const p of picks) {
      const lineId = rng.uuid7(clock);
      advance(0);
      run('cart.addProduct', {
        order_ref: id,
        line_id: lineId,
        product_id: p.product_id,
        name: p.name,
        model: p.mpn,
        mpn: p.mpn,
        aaia: p.aaia,
        price: p.price,
        surcharge: p.surcharge,
        quantity: Math.max(p.minimum, rng.weighted([1, 2, 4], [72, 20, 8])),
        minimum: p.minimum,
        tax_class_id: p.tax_class_id,
      });
      const labor = p.labor_id !== null ? input.labor.get(p.labor_id) : undefined;
      // Installed at the shop: the part's install time at its labor type's rate (catalog-priced.ts).
      if (labor && p.labor_time && rng.chance(0.45)) {
        run('cart.addLabor', {
          order_ref: id,
          line_id: rng.uuid7(clock),
          labor_id: p.labor_id,
          name: labor.title,
          rate: labor.amount,
          minutes: p.labor_time,
          quantity: 1,
          product_line_id: lineId,
        });
      }
    }
    advance(rng.int(2, 12));
    const balance = () => computeTotals(totalsInputOf(state.order!, state.transactions ?? []), settings).balanceDue;
    const pay = (amount: string) => {
      // Big tickets are mostly cards; small ones as often cash.
      const big = money(amount).gt(400);
      const how = rng.weighted(['cash', 'card', 'check'], big ? [10, 75, 15] : [44, 45, 11]);
      if (how === 'card') {
        // A card is taken on the counter's terminal: the server records the approval (transaction.addTerminal).
        run('transaction.addTerminal', {
          order_ref: id,
          id: rng.uuid7(clock),
          amount,
          card_type: rng.weighted(['credit', 'debit'], [70, 30]),
        });
      } else {
        run('transaction.add', {
          order_ref: id,
          id: rng.uuid7(clock),
          transaction_type: how,
          amount,
          check_number: how === 'check' ? rng.int(1001, 9999) : null,
        });
      }
    };
    const part = (share: number) => toWire(balance().mul(share).toDecimalPlaces(0));
    switch (fate) {
      case 'complete':
        pay(toWire(balance()));
        run('order.complete', { order_ref: id });
        break;
      case 'owing':
        // A trusted customer takes the parts and pays the rest later: complete with a balance.
        pay(part(0.5));
        run('order.complete', { order_ref: id });
        break;
      case 'deposit':
        pay(part(0.3));
        run('order.save', { order_ref: id });
        break;
      case 'saved':
        run('order.save', { order_ref: id });
        break;
      case 'quote':
        run('order.quote', { order_ref: id });
        break;
      case 'kiosk':
        run('order.submitKiosk', { order_ref: id });
        break;
      case 'void':
        run('order.save', { order_ref: id });
        advance(rng.int(5, 90));
        run('order.void', { order_ref: id }, input.staff.find((s) => s.role === 'admin') ?? actor);
        break;
    }
    out.push({
      location_id: store.location_id,
      fate,
      order: state.order!,
      transactions: state.transactions ?? [],
      audits,
    });
  }
  return out;
}
