/**
 * The POS customers list (/pos/customer) read from the device store: every customer this device
 * pulled or made, with the order count and outstanding balance of the orders it holds, sorted by
 * name (§7 "sort=custname"). The stores are read once into an in-memory index (rebuilt when they
 * change); a search or a page over it is a plain array scan, < 100 ms p95 over 50,000 customers
 * (tests/bench/customers.bench.ts). The match is the customer modal's (customerMatcher).
 * docs/decisions/pos.md "Customers list".
 */
import type { CustomerRow, OrderRow } from '../contracts/sync-records';
import { add, cmp, money, moneyString, sub, type Money, type MoneyString } from '../domain/money';
import { customerContact, type CustomerContact } from '../domain/mutations/records';
import type { PartsdeskDb } from './database';
import { customerMatcher, customerSearchKeys, type CustomerSearchKeys } from './queries';

/** §9 "Customer admin tables: default page 1, limit 10". */
export const CUSTOMERS_PAGE_SIZE = 10;

export interface CustomerListRow extends CustomerContact {
  date_added: string;
  /** Orders of this customer on the device (drafts and voided orders not counted). */
  total_orders: number;
  /** §3 outstanding.balance: what saved, kiosk and complete orders still owe. */
  balance: MoneyString;
}

interface Entry {
  row: CustomerListRow;
  keys: CustomerSearchKeys;
}

export interface CustomerIndex {
  entries: readonly Entry[];
  ids: ReadonlySet<string>;
  /**
   * Every entry's search keys in one string ("text\u0001phone\u0000", in entry order) and where
   * each starts: a search finds its candidates with indexOf over it (native, far faster than one
   * includes per customer) and checks only those with the matcher.
   */
  haystack: string;
  starts: Int32Array;
}

export interface CustomersPage {
  customers: CustomerListRow[];
  total: number;
  page: number;
  totalPages: number;
}

const counted = new Set(['saved', 'quote', 'kiosk', 'complete']);
const owes = new Set(['saved', 'kiosk', 'complete']);
const byName = new Intl.Collator('en-US', { sensitivity: 'base' });

/** Builds the index from customer and order rows (exported for the bench and unit tests). */
export function buildCustomerIndex(customers: readonly CustomerRow[], orders: readonly OrderRow[]): CustomerIndex {
  const counts = new Map<string, { n: number; owing: Money }>();
  for (const o of orders) {
    if (!o.customer_ref || !counted.has(o.status)) continue;
    const c = counts.get(o.customer_ref) ?? { n: 0, owing: money('0') };
    c.n += 1;
    if (owes.has(o.status)) {
      const due = sub(money(o.totals.order_total), money(o.totals.amount_paid));
      if (cmp(due, money('0')) > 0) c.owing = add(c.owing, due);
    }
    counts.set(o.customer_ref, c);
  }
  const entries = customers.map((c): Entry => {
    const k = counts.get(c.id);
    return {
      row: {
        ...customerContact(c),
        date_added: c.created_at,
        total_orders: k?.n ?? 0,
        balance: moneyString(k?.owing ?? money('0')),
      },
      keys: customerSearchKeys(c),
    };
  });
  entries.sort(
    (a, b) =>
      byName.compare(`${a.row.firstname} ${a.row.lastname}`, `${b.row.firstname} ${b.row.lastname}`) ||
      (a.row.id < b.row.id ? -1 : 1),
  );
  const starts = new Int32Array(entries.length);
  const parts: string[] = [];
  let at = 0;
  entries.forEach((e, i) => {
    starts[i] = at;
    const part = `${e.keys.text}\u0001${e.keys.phone}\u0000`;
    parts.push(part);
    at += part.length;
  });
  return { entries, ids: new Set(customers.map((c) => c.id)), haystack: parts.join(''), starts };
}

/** The entry whose part of the haystack holds position `p`. */
function entryAt(starts: Int32Array, p: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Entries whose keys contain `needle` somewhere (a superset is fine: the matcher decides), in order. */
function entriesContaining(index: CustomerIndex, needle: string, into: Set<number>): void {
  const { haystack, starts } = index;
  let p = haystack.indexOf(needle);
  while (p !== -1) {
    const i = entryAt(starts, p);
    into.add(i);
    if (i + 1 >= starts.length) break;
    p = haystack.indexOf(needle, starts[i + 1]);
  }
}

/**
 * Candidates for customerMatcher(text): every customer it accepts contains the longest word (in its
 * text, or as digits in its phone) or the whole text's digits. Null when that cannot be said (no
 * word): the caller then checks every customer.
 */
function candidates(index: CustomerIndex, text: string): number[] | null {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const longest = words.reduce((a, w) => (w.length > a.length ? w : a), '');
  if (longest === '' || text.includes('\u0000') || text.includes('\u0001')) return null;
  const needles = [longest];
  const digitsOf = (t: string) => t.replace(/\D/g, '');
  if (digitsOf(longest).length >= 3) needles.push(digitsOf(longest));
  if (/^[\d\s().+-]+$/.test(text.trim()) && digitsOf(text).length >= 3) needles.push(digitsOf(text));
  const found = new Set<number>();
  for (const n of new Set(needles)) entriesContaining(index, n, found);
  return [...found].sort((a, b) => a - b);
}

/** The index over the device's live stores (a Dexie liveQuery re-runs it when they change). */
export async function loadCustomerIndex(db: PartsdeskDb): Promise<CustomerIndex> {
  const [customers, orders] = await Promise.all([db.customers.toArray(), db.orders.toArray()]);
  return buildCustomerIndex(customers as unknown as CustomerRow[], orders as unknown as OrderRow[]);
}

/** One page of the customers matching `s` (all of them for empty text), by name. */
export function searchCustomerIndex(
  index: CustomerIndex,
  q: { s: string; page: number; limit?: number },
): CustomersPage {
  const limit = q.limit ?? CUSTOMERS_PAGE_SIZE;
  const match = customerMatcher(q.s);
  let found = index.entries;
  if (match) {
    const hits: Entry[] = [];
    const some = candidates(index, q.s);
    if (some) {
      for (const i of some) if (match(index.entries[i]!.keys)) hits.push(index.entries[i]!);
    } else for (const e of index.entries) if (match(e.keys)) hits.push(e);
    found = hits;
  }
  const totalPages = Math.max(1, Math.ceil(found.length / limit));
  const page = Math.min(Math.max(1, Math.floor(q.page) || 1), totalPages);
  return {
    customers: found.slice((page - 1) * limit, page * limit).map((e) => e.row),
    total: found.length,
    page,
    totalPages,
  };
}
