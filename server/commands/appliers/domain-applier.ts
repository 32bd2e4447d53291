/**
 * The applier every domain mutation shares: what it reads comes from its args (touchesOf), what it
 * writes from the changes the mutator returns. Locks are always taken in the order order ->
 * customer -> vehicle -> appointment (then an extension's: bay, installers), so two mutations on
 * the same records cannot deadlock each other.
 */
import { isMutationName, runMutation } from '../../../src/domain/mutations/registry';
import { currentArgsOf, restrictArgs, writerOf } from '../../../src/domain/mutations/writable-fields';
import type { MutatorChanges, MutatorState } from '../../../src/domain/mutations/types';
import { refuse, type Refusal } from '../../../src/domain/refusal';
import { touchesOf, unsupportedChanges } from '../../../src/contracts/sync-records';
import { loadOrder, saveOrder, saveTransaction, type AbsentOrder, type StoredOrder } from '../records/orders';
import { loadCustomer, loadVehicle, saveCustomer, saveVehicle } from '../records/customers';
import { saveOrderHistory } from '../records/order-history';
import { saveCreditEntry } from '../records/credits';
import { saveCustomerHistory } from '../records/customer-history';
import { loadAppointment } from '../records/appointments';
import { auditEntries, writeAudit } from '../audit';
import { ownedIdsRefusal } from './owned-ids';
import type { Actor } from '../actor';
import type { ApplyContext, Applier } from './types';

const NOT_YOURS = 'You do not have permission to do that.';

/**
 * What a mutation family needs beyond order, customer and vehicle (vouchers: ./vouchers.ts).
 * `load` runs after the shared loads (so its locks come after theirs); `write` runs before the
 * changes are persisted and must write nothing when it refuses.
 */
export interface ApplierExtension {
  load(state: MutatorState, args: unknown, ctx: ApplyContext): Promise<void>;
  write(state: MutatorState, changes: MutatorChanges, ctx: ApplyContext): Promise<Refusal | null>;
}

export function domainApplier(name: string, access: Applier['access'], extension?: ApplierExtension): Applier {
  return {
    access,
    async apply(args, ctx) {
      const { state, stored } = await loadState(name, args, ctx);
      if (extension) await extension.load(state, args, ctx);
      const denied = ownerCheck(ctx.actor, state, null);
      if (denied) return denied;
      // Which fields this role may write (src/domain/mutations/writable-fields.ts): refused, or the
      // args with the fields it may not write and left out taken from the record.
      // Server-only mutations (terminal records) are run by the server's flows for a staff user and
      // are never taken from a device (the push door refuses them), so they have no field rule.
      const allowed =
        isMutationName(name) && access !== 'server'
          ? restrictArgs(name, writerOf(ctx.actor.role), args, currentArgsOf(name, state))
          : { ok: true as const, args };
      if (!allowed.ok) return refuse('not_permitted', allowed.message);
      const result = runMutation(name, state, allowed.args, {
        now: ctx.now,
        actor: { id: ctx.actor.id, role: ctx.actor.role },
        settings: ctx.settings,
      });
      if (!result.ok) return result;
      const unsupported = unsupportedChanges(result.changes);
      // A mutator whose records this server cannot store yet must not half-apply: a bug, not a refusal.
      if (unsupported.length) throw new Error(`${name}: cannot persist ${unsupported.join(', ')}`);
      const deniedAfter = ownerCheck(ctx.actor, state, result.changes);
      if (deniedAfter) return deniedAfter;
      // Before any write (the extension's ledger too): a new row's id must not belong to another owner.
      const taken = await ownedIdsRefusal(ctx.trx, state, result.changes);
      if (taken) return taken;
      const refused = extension ? await extension.write(state, result.changes, ctx) : null;
      if (refused) return refused;
      await persist(result.changes, stored, ctx);
      // Voids, price overrides, tax exemption, store credit, appointment changes: recorded with the change, in its transaction.
      await writeAudit(ctx.trx, name, auditEntries(state, result.changes), {
        actor: ctx.actor,
        at: ctx.now,
        ...(ctx.device ? { device: ctx.device } : {}),
      });
      // Applied with something to tell the device (a customer field another device changed first).
      return result.notice ? { ok: true, notice: result.notice } : { ok: true };
    },
  };
}

/** The records the mutation touches, and the order as stored (what an incremental save compares with). */
async function loadState(
  name: string,
  args: unknown,
  { trx }: ApplyContext,
): Promise<{ state: MutatorState; stored: StoredOrder | AbsentOrder | undefined }> {
  const t = touchesOf(name, args);
  const state: MutatorState = {};
  let stored: StoredOrder | AbsentOrder | undefined;
  if (t.orderId) {
    const found = await loadOrder(trx, t.orderId, true);
    if (found) {
      state.order = found.order;
      state.transactions = found.transactions;
      stored = found.stored;
    } else stored = { absent: t.orderId };
  }
  const customerId = t.customerId ?? (t.orderCustomer ? (state.order?.customer_ref ?? null) : null);
  if (customerId) {
    const c = await loadCustomer(trx, customerId, true);
    if (c) state.customer = c;
  }
  if (t.vehicleId) {
    const v = await loadVehicle(trx, t.vehicleId, true);
    if (v) state.vehicle = v;
  }
  if (t.appointmentId) {
    const a = await loadAppointment(trx, t.appointmentId, true);
    if (a) state.appointment = a;
  }
  return { state, stored };
}

/** A shopper may only read and write records that are theirs (their customer, their garage). */
function ownerCheck(actor: Actor, state: MutatorState, changes: MutatorChanges | null): Refusal | null {
  if (actor.kind === 'staff') return null;
  const mine = (ref: string | null | undefined) => ref === undefined || ref === actor.id;
  const ok =
    mine(state.customer?.id) &&
    mine(state.vehicle?.customer_ref) &&
    state.order === undefined &&
    (changes === null ||
      (mine(changes.customer?.id) && mine(changes.vehicle?.customer_ref) && changes.order === undefined));
  return ok ? null : refuse('not_found', NOT_YOURS);
}

async function persist(
  changes: MutatorChanges,
  stored: StoredOrder | AbsentOrder | undefined,
  { trx, actor }: ApplyContext,
): Promise<void> {
  if (changes.customer) await saveCustomer(trx, changes.customer);
  // Only the lines the mutation changed are written (records/orders.ts saveOrder).
  if (changes.order) await saveOrder(trx, changes.order, stored);
  for (const t of changes.transactions ?? []) await saveTransaction(trx, t);
  if (changes.vehicle) await saveVehicle(trx, changes.vehicle);
  // After the order: an entry references it (a history entry may also move the order's status).
  if (changes.orderHistory) await saveOrderHistory(trx, changes.orderHistory);
  // After the customer (its store credit); the entry names who added it.
  if (changes.creditEntry) await saveCreditEntry(trx, changes.creditEntry, actor.id);
  // After the customer; its picture was stored under the same uuid before (appliers/customer-history.ts).
  if (changes.customerHistory) await saveCustomerHistory(trx, changes.customerHistory);
  for (const e of changes.creditEntries ?? []) await saveCreditEntry(trx, e, actor.id);
}
