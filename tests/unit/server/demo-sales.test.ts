/**
 * The demo sales builder (server/services/demo/demo-sales.ts; docs/decisions/database.md "Demo
 * history"), without a database: the same seed and "now" give the same sales; sales fall in each
 * store's opening hours in its own time zone, never after now, oldest first; every kind is made;
 * a completed sale is paid in full by the rules' own totals, an owing one is not; tax-exempt
 * customers' sales carry no tax.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../server/db/demo/prng';
import { buildSales, type SalesInput } from '../../../server/services/demo/demo-sales';
import type { Customer } from '../../../src/domain/mutations/records';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { computeTotals } from '../../../src/domain/totals';
import { totalsInputOf } from '../../../src/domain/mutations/guards';
import { toWire } from '../../../src/domain/money';

const NOW = new Date('2026-11-27T21:00:00Z');
const weekday = { open: '08:00', close: '18:00' };

function customer(i: number, taxExempt = false): Customer {
  return {
    id: `0190c3a0-0000-7000-8000-${String(i).padStart(12, '0')}`,
    customer_id: i,
    firstname: `First${i}`,
    lastname: `Last${i}`,
    email: '',
    telephone: '5125550100',
    texting_alerts: false,
    newsletter: false,
    status: true,
    safe: false,
    customer_group_id: 1,
    tax_exempt: taxExempt,
    tax_exempt_number: taxExempt ? 'TX-1' : null,
    default_location_id: null,
    store_credit: '0.00',
    addresses: [],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

function input(seed: number): SalesInput {
  return {
    rng: new Rng(seed),
    now: NOW,
    days: 30,
    stores: [
      {
        location_id: 1,
        timeZone: 'America/Chicago',
        perDay: 10,
        staff: [
          { id: '1', role: 'admin' },
          { id: '2', role: 'cashier' },
        ],
        hours: {
          mon: weekday,
          tue: weekday,
          wed: weekday,
          thu: weekday,
          fri: weekday,
          sun: { open: '10:00', close: '16:00' },
        },
      },
      {
        location_id: 2,
        timeZone: 'America/Phoenix',
        perDay: 6,
        staff: [{ id: '3', role: 'cashier' }],
        hours: { mon: weekday, wed: weekday, fri: weekday },
      },
    ],
    products: Array.from({ length: 30 }, (_, i) => ({
      product_id: i + 1,
      name: `Part ${i + 1}`,
      mpn: `P-${i + 1}`,
      aaia: 'ABCD',
      price: `${10 + i}.99`,
      surcharge: i % 7 === 0 ? '15.00' : '0.00',
      minimum: i % 10 === 0 ? 2 : 1,
      tax_class_id: 9,
      labor_id: i % 2 === 0 ? 1 : null,
      labor_time: i % 2 === 0 ? 60 : null,
    })),
    labor: new Map([[1, { title: 'Installation', amount: '95.00' }]]),
    customers: Array.from({ length: 20 }, (_, i) => customer(i + 1, i === 0)),
    staff: [
      { id: '1', role: 'admin' },
      { id: '2', role: 'cashier' },
      { id: '3', role: 'cashier' },
    ],
    settings: defaultStoreSettings,
  };
}

const local = (ms: number, timeZone: string) => {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(f.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { day: parts.weekday!.toLowerCase(), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
};

describe('demo sales', () => {
  const sales = buildSales(input(7));

  it('is deterministic for a seed and a day', () => {
    expect(buildSales(input(7))).toEqual(sales);
    expect(buildSales(input(8))).not.toEqual(sales);
  });

  it("falls in each store's opening hours in its own time zone, oldest first, never after now", () => {
    const { stores } = input(7);
    const times = sales.map((s) => Date.parse(s.order.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const s of sales) {
      const store = stores.find((x) => x.location_id === s.location_id)!;
      const at = Date.parse(s.order.created_at);
      expect(at).toBeLessThan(NOW.getTime());
      expect(at).toBeGreaterThan(NOW.getTime() - 31 * 86_400_000);
      const { day, minutes } = local(at, store.timeZone);
      const hours = store.hours[day as keyof typeof store.hours];
      expect(hours, `${s.order.created_at} on ${day}`).toBeDefined();
      expect(minutes).toBeGreaterThanOrEqual(Number(hours!.open.slice(0, 2)) * 60);
      expect(minutes).toBeLessThan(Number(hours!.close.slice(0, 2)) * 60);
    }
    expect(new Set(sales.map((s) => s.location_id))).toEqual(new Set([1, 2]));
    for (const s of sales) {
      // Rung up at the store of its cashier, as the server stamps it (appliers/order-store.ts).
      expect(s.order.location_id).toBe(s.location_id);
      const store = stores.find((x) => x.location_id === s.location_id)!;
      expect(store.staff.map((x) => x.id)).toContain(s.order.cashier_id);
    }
  });

  it('makes every kind, paid by the rules: complete in full, owing in part', () => {
    const fates = new Set(sales.map((s) => s.fate));
    for (const f of ['complete', 'owing', 'saved', 'quote', 'void'] as const) expect(fates, f).toContain(f);
    const status = {
      complete: 'complete',
      owing: 'complete',
      saved: 'saved',
      deposit: 'saved',
      quote: 'quote',
      kiosk: 'kiosk',
      void: 'voided',
    };
    for (const s of sales) {
      expect(s.order.status).toBe(status[s.fate]);
      const due = computeTotals(totalsInputOf(s.order, s.transactions), defaultStoreSettings).balanceDue;
      if (s.fate === 'complete') expect(toWire(due)).toBe('0.00');
      if (s.fate === 'owing' || s.fate === 'deposit') expect(due.gt(0)).toBe(true);
      if (s.fate === 'void') expect(s.audits.map((a) => a.action)).toContain('order.void');
      if (s.order.tax_exempt) expect(s.order.totals.tax).toBe('0.00');
    }
    expect(sales.some((s) => s.order.lines.some((l) => l.kind === 'labor'))).toBe(true);
    expect(new Set(sales.flatMap((s) => s.transactions.map((t) => t.transaction_type)))).toEqual(
      new Set(['cash', 'card', 'check']),
    );
  });
});
