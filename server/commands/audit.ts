/**
 * The audit log (migration 0017-c, docs/decisions/server.md "Audit log"): what a mutation changed
 * that an owner must be able to trace afterwards, written in the same SQL transaction as the change.
 *
 * Every way a sale changes runs a server applier (a sync push, the staff cart and POS order calls,
 * the checkout and terminal calls), so the shared domain applier is the one place that writes these
 * (`auditEntries` compares the records it loaded with the changes it is about to write); a discarded
 * conflict is written by server/sync/discard-service.ts. Audited:
 * - void: an order voided, a payment voided (plain, void all, at the terminal);
 * - price_override: a line's staff unit price set or changed (cart.updatePrice, the labor editor's
 *   price, a custom product's price);
 * - tax_exempt: tax exemption or its number changed on a customer or on an order;
 * - store_credit: a customer's store credit balance changed (credit payments and their voids);
 * - conflict_discard: staff discarded a change the server refused;
 * - appointment: a booked appointment moved (bay, start, duration), its status changed or cancelled
 *   (migration 0027-a; a new booking is not an entry: its row names who made it).
 * Only the audited fields go into before/after. Nothing here refuses: it records.
 */
import type { Kysely } from 'kysely';
import { decimal } from '../../src/domain/money';
import type { Appointment, Customer, Order, OrderLine, Transaction } from '../../src/domain/mutations/records';
import type { MutatorChanges, MutatorState } from '../../src/domain/mutations/types';
import type { AuditKind, DB } from '../db/schema';
import type { Actor } from './actor';

export interface AuditEntry {
  kind: AuditKind;
  recordTable: 'orders' | 'order_lines' | 'transactions' | 'customers' | 'sync_mutations' | 'appointments';
  recordId: string;
  orderRef: string | null;
  before: unknown;
  after: unknown;
}

/** Who made the change and from where: the trusted actor, and the device's client and mutation ids for a push. */
export interface AuditSource {
  actor: Actor;
  device?: { clientId: string; mutationId: number };
  /** The change's time (ISO). */
  at: string;
}

const orderVoid = (o: Order) => ({
  status: o.status,
  order_total: o.totals.order_total,
  amount_paid: o.totals.amount_paid,
  voided_at: o.voided_at,
});
const txFields = (t: Transaction) => ({
  transaction_type: t.transaction_type,
  amount: t.amount,
  surcharge: t.surcharge,
  status: t.status,
  voided_at: t.voided_at,
});
const slotFields = (a: Appointment) => ({
  bay_id: a.bay_id,
  start_date: a.start_date,
  start_time: a.start_time,
  duration: a.duration,
  status_id: a.status_id,
});
const exemptFields = (x: { tax_exempt: boolean; tax_exempt_number: string | null }) => ({
  tax_exempt: x.tax_exempt,
  tax_exempt_number: x.tax_exempt_number,
});

/** A line's price as staff can change it: the override (products, labor) or the price itself (custom). */
function linePrice(l: OrderLine): { price: string; price_override: string | null } | null {
  switch (l.kind) {
    case 'product':
      return { price: l.price, price_override: l.price_override };
    case 'labor':
      return { price: l.rate, price_override: l.price_override };
    case 'custom':
      return { price: l.price, price_override: null };
    case 'voucher':
    case 'core_return':
      return null;
  }
}

function linePrices(before: Order | undefined, after: Order): AuditEntry[] {
  if (!before) return [];
  const was = new Map(before.lines.map((l) => [l.id, l]));
  const out: AuditEntry[] = [];
  for (const l of after.lines) {
    const old = was.get(l.id);
    if (old === undefined || old === l) continue;
    const a = linePrice(old);
    const b = linePrice(l);
    if (!a || !b || (a.price === b.price && a.price_override === b.price_override)) continue;
    out.push({
      kind: 'price_override',
      recordTable: 'order_lines',
      recordId: l.id,
      orderRef: after.id,
      before: { name: old.name, ...a },
      after: { name: l.name, ...b },
    });
  }
  return out;
}

function customerEntries(before: Customer | undefined, after: Customer | undefined): AuditEntry[] {
  if (!after) return [];
  const out: AuditEntry[] = [];
  const wasExempt = before ? exemptFields(before) : { tax_exempt: false, tax_exempt_number: null };
  const isExempt = exemptFields(after);
  if (wasExempt.tax_exempt !== isExempt.tax_exempt || wasExempt.tax_exempt_number !== isExempt.tax_exempt_number) {
    out.push({
      kind: 'tax_exempt',
      recordTable: 'customers',
      recordId: after.id,
      orderRef: null,
      before: before ? wasExempt : null,
      after: isExempt,
    });
  }
  const credit = before?.store_credit ?? '0.00';
  if (!decimal(credit).eq(decimal(after.store_credit))) {
    out.push({
      kind: 'store_credit',
      recordTable: 'customers',
      recordId: after.id,
      orderRef: null,
      before: before ? { store_credit: credit } : null,
      after: { store_credit: after.store_credit },
    });
  }
  return out;
}

/** What of `changes` (about to be written over `state`, as loaded) goes into the audit log. */
export function auditEntries(state: MutatorState, changes: MutatorChanges): AuditEntry[] {
  const out: AuditEntry[] = [];
  const order = changes.order;
  const before = state.order;
  if (order) {
    if (order.status === 'voided' && before !== undefined && before.status !== 'voided') {
      out.push({
        kind: 'void',
        recordTable: 'orders',
        recordId: order.id,
        orderRef: order.id,
        before: orderVoid(before),
        after: orderVoid(order),
      });
    }
    out.push(...linePrices(before, order));
    const wasExempt = before ? exemptFields(before) : { tax_exempt: false, tax_exempt_number: null };
    const isExempt = exemptFields(order);
    if (wasExempt.tax_exempt !== isExempt.tax_exempt || wasExempt.tax_exempt_number !== isExempt.tax_exempt_number) {
      out.push({
        kind: 'tax_exempt',
        recordTable: 'orders',
        recordId: order.id,
        orderRef: order.id,
        before: before ? wasExempt : null,
        after: isExempt,
      });
    }
  }
  const txBefore = new Map((state.transactions ?? []).map((t) => [t.id, t]));
  for (const t of changes.transactions ?? []) {
    const old = txBefore.get(t.id);
    if (t.status === 'void' && old !== undefined && old.status !== 'void') {
      out.push({
        kind: 'void',
        recordTable: 'transactions',
        recordId: t.id,
        orderRef: t.order_ref,
        before: txFields(old),
        after: txFields(t),
      });
    }
  }
  out.push(...customerEntries(state.customer, changes.customer));
  const appt = changes.appointment;
  if (appt && state.appointment) {
    const was = slotFields(state.appointment);
    const is = slotFields(appt);
    if (JSON.stringify(was) !== JSON.stringify(is))
      out.push({
        kind: 'appointment',
        recordTable: 'appointments',
        recordId: appt.id,
        orderRef: appt.order_ref,
        before: was,
        after: is,
      });
  }
  return out;
}

export async function writeAudit(
  db: Kysely<DB>,
  action: string,
  entries: readonly AuditEntry[],
  source: AuditSource,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((e) => ({
        kind: e.kind,
        action,
        actor_kind: source.actor.kind,
        actor_id: source.actor.id,
        actor_role: source.actor.role,
        client_id: source.device?.clientId ?? null,
        mutation_id: source.device?.mutationId ?? null,
        record_table: e.recordTable,
        record_id: e.recordId,
        order_ref: e.orderRef,
        before: e.before === null || e.before === undefined ? null : JSON.stringify(e.before),
        after: e.after === null || e.after === undefined ? null : JSON.stringify(e.after),
        at: source.at,
      })),
    )
    .execute();
}
