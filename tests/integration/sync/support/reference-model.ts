/**
 * The reference model: replays recorded mutations through the domain mutators on plain in-memory
 * records, in the order the server says it processed them (sync_mutations.seq). What the server
 * stored must equal what the model computes, and each replayed outcome must equal the recorded
 * one: a mutation applied twice, skipped, or applied out of order shows up as a difference.
 */
import { touchesOf } from '../../../../src/contracts/sync-records';
import type { Customer, Order, Transaction } from '../../../../src/domain/mutations/records';
import { runMutation } from '../../../../src/domain/mutations/registry';
import type { MutatorState } from '../../../../src/domain/mutations/types';
import { defaultStoreSettings } from '../../../../src/domain/settings';

export class ReferenceModel {
  readonly orders = new Map<string, Order>();
  readonly transactions = new Map<string, Transaction>();
  readonly customers = new Map<string, Customer>();

  apply(name: string, args: unknown, actorId: string): { ok: true } | { ok: false; code: string } {
    const t = touchesOf(name, args);
    const state: MutatorState = {};
    const order = t.orderId ? this.orders.get(t.orderId) : undefined;
    if (order) {
      state.order = order;
      state.transactions = [...this.transactions.values()].filter((x) => x.order_ref === order.id);
    }
    const customerId = t.customerId ?? (t.orderCustomer ? (order?.customer_ref ?? null) : null);
    const customer = customerId ? this.customers.get(customerId) : undefined;
    if (customer) state.customer = customer;
    const r = runMutation(name, state, args, {
      now: '2026-11-22T00:00:00.000Z',
      actor: { id: actorId, role: 'cashier' },
      settings: defaultStoreSettings,
    });
    if (!r.ok) return { ok: false, code: r.code };
    if (r.changes.order) this.orders.set(r.changes.order.id, r.changes.order);
    for (const x of r.changes.transactions ?? []) this.transactions.set(x.id, x);
    if (r.changes.customer) this.customers.set(r.changes.customer.id, r.changes.customer);
    return { ok: true };
  }
}
