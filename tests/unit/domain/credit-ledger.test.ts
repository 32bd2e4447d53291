/**
 * The store credit ledger (docs/decisions/pos.md "Customer vehicles and credits"): whatever mix of
 * Add Credit, store credit payments, single voids and void-alls runs, the customer's store_credit
 * equals the sum of their credit entries, each entry's balance is the running sum after it, and no
 * entry id repeats (the device and the server derive the same ids).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { restoreEntryId, STORE_CREDIT_RESTORED, STORE_CREDIT_SPENT } from '../../../src/domain/mutations/credit';
import type { CreditEntry, Customer, Order, Transaction } from '../../../src/domain/mutations/records';
import { runMutation } from '../../../src/domain/mutations/registry';
import type { MutatorChanges, MutatorResult } from '../../../src/domain/mutations/types';
import { ctx, custom, customer, order, uuid } from './factories';

const C = uuid(2);
const ORDERS = [uuid(1), uuid(3), uuid(4)];

type Step =
  | { kind: 'credit'; cents: number }
  | { kind: 'spend'; order: number; cents: number }
  | { kind: 'void'; pick: number }
  | { kind: 'voidAll'; order: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), cents: fc.integer({ min: -5000, max: 20000 }) }),
  fc.record({
    kind: fc.constant('spend' as const),
    order: fc.integer({ min: 0, max: 2 }),
    cents: fc.integer({ min: 1, max: 15000 }),
  }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('voidAll' as const), order: fc.integer({ min: 0, max: 2 }) }),
);

const dollars = (cents: number) => new Decimal(cents).div(100).toFixed(2);

class World {
  customer: Customer = customer({ id: C });
  orders = new Map<string, Order>(
    ORDERS.map((id) => [id, order({ id, customer_ref: C, lines: [custom({ price: '100.00' })] })]),
  );
  transactions = new Map<string, Transaction>();
  entries: CreditEntry[] = [];
  private next = 1000;

  id(): string {
    return uuid(this.next++);
  }

  state(orderRef: string | null) {
    const o = orderRef ? this.orders.get(orderRef) : undefined;
    return {
      customer: this.customer,
      ...(o ? { order: o, transactions: [...this.transactions.values()].filter((t) => t.order_ref === o.id) } : {}),
    };
  }

  apply(r: MutatorResult): void {
    if (!r.ok) return;
    const c: MutatorChanges = r.changes;
    if (c.customer) this.customer = c.customer;
    if (c.order) this.orders.set(c.order.id, c.order);
    for (const t of c.transactions ?? []) this.transactions.set(t.id, t);
    if (c.creditEntry) this.entries.push(c.creditEntry);
    this.entries.push(...(c.creditEntries ?? []));
  }

  run(s: Step): void {
    const c = ctx();
    switch (s.kind) {
      case 'credit':
        if (s.cents === 0) return;
        this.apply(
          runMutation(
            'credit.add',
            this.state(null),
            { id: this.id(), customer_ref: C, description: 'Counter', amount: dollars(s.cents), order_ref: null },
            c,
          ),
        );
        return;
      case 'spend': {
        const ref = ORDERS[s.order]!;
        this.apply(
          runMutation(
            'transaction.add',
            this.state(ref),
            { order_ref: ref, id: this.id(), transaction_type: 'store_credit', amount: dollars(s.cents) },
            c,
          ),
        );
        return;
      }
      case 'void': {
        const live = [...this.transactions.values()].filter((t) => t.status !== 'void');
        const t = live[s.pick % Math.max(1, live.length)];
        if (!t) return;
        this.apply(
          runMutation(
            'transaction.void',
            this.state(t.order_ref),
            { order_ref: t.order_ref, transaction_ref: t.id },
            c,
          ),
        );
        return;
      }
      case 'voidAll': {
        const ref = ORDERS[s.order]!;
        this.apply(runMutation('transaction.voidAll', this.state(ref), { order_ref: ref }, c));
        return;
      }
    }
  }
}

describe('store credit ledger', () => {
  it('a payment writes a negative entry under its id; its void a positive one under restoreEntryId', () => {
    const w = new World();
    w.run({ kind: 'credit', cents: 5000 });
    w.run({ kind: 'spend', order: 0, cents: 2000 });
    const spend = [...w.transactions.values()][0]!;
    expect(w.entries[1]).toMatchObject({
      id: spend.id,
      amount: '-20.00',
      balance: '30.00',
      description: STORE_CREDIT_SPENT,
      order_ref: ORDERS[0],
    });
    w.run({ kind: 'void', pick: 0 });
    expect(w.entries[2]).toMatchObject({
      id: restoreEntryId(spend.id),
      amount: '20.00',
      balance: '50.00',
      description: STORE_CREDIT_RESTORED,
    });
    expect(restoreEntryId(spend.id)).not.toBe(spend.id);
    expect(w.customer.store_credit).toBe('50.00');
  });

  it('balance == the sum of the entries, each entry’s balance the running sum, ids unique (any sequence)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const w = new World();
        for (const s of steps) {
          w.run(s);
          const sum = w.entries.reduce((acc, e) => acc.plus(e.amount), new Decimal(0));
          expect(sum.toFixed(2)).toBe(w.customer.store_credit);
        }
        let running = new Decimal(0);
        for (const e of w.entries) {
          running = running.plus(e.amount);
          expect(e.balance).toBe(running.toFixed(2));
          expect(new Decimal(e.balance).gte(0)).toBe(true);
        }
        expect(new Set(w.entries.map((e) => e.id)).size).toBe(w.entries.length);
      }),
      { numRuns: 300 },
    );
  });
});
