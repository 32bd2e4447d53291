/**
 * The mutator contract shared by the browser (optimistic, on Dexie records) and the server
 * (authoritative, on rows read under lock): affected records + parsed args + context -> changed
 * records or a refusal. Pure: time, ids and the actor come in through args and ctx.
 */
import type { Refusal } from '../refusal';
import type { StoreSettings } from '../settings';
import type {
  Appointment,
  CreditEntry,
  Customer,
  CustomerHistory,
  Order,
  OrderHistory,
  OrderReturn,
  Transaction,
  Vehicle,
} from './records';

export interface MutatorContext {
  /** ISO timestamp stamped by the runtime (the server re-stamps its own). */
  now: string;
  actor: { id: string; role: string };
  settings: StoreSettings;
}

/** Records a mutator may need; the caller loads those the mutation names (by the ids in its args). */
export interface MutatorState {
  order?: Order;
  /** All transactions of `order`. */
  transactions?: Transaction[];
  customer?: Customer;
  vehicle?: Vehicle;
  /** The booked appointment a day-view change names (appointment_ref). */
  appointment?: Appointment;
  /** A looked-up voucher (gift certificate) being redeemed: its remaining balance. */
  voucher?: { code: string; balance: string };
  /** The returns already recorded against `order` (order.return). */
  returns?: OrderReturn[];
  /** customer.setTags: the tag ids `customer` has now. */
  customerTags?: number[];
  /** customer.setTags: those of the tag ids the mutation names that exist (the caller looked them up). */
  knownTags?: number[];
}

/** New or replaced records (upserts by id). */
export interface MutatorChanges {
  order?: Order;
  transactions?: Transaction[];
  customer?: Customer;
  vehicle?: Vehicle;
  appointment?: Appointment;
  orderHistory?: OrderHistory;
  creditEntry?: CreditEntry;
  customerHistory?: CustomerHistory;
  orderReturns?: OrderReturn[];
  /** Store credit spent or given back by payments (docs/decisions/pos.md "Customer vehicles and credits"). */
  creditEntries?: CreditEntry[];
  /** A customer's whole set of tags after customer.setTags (sorted ids); stored as one row per tag. */
  customerTags?: CustomerTagSet;
}

export interface CustomerTagSet {
  customer_ref: string;
  tag_ids: number[];
}

export interface Applied {
  ok: true;
  changes: MutatorChanges;
  /**
   * Applied, with something the device that made the change must be told (a customer field another
   * device changed first: src/domain/mutations/customer-merge.ts). The push answers it as the
   * result's code and message and the device lists it with its conflicts.
   */
  notice?: { code: string; message: string };
}

export type MutatorResult = Applied | Refusal;

export type Mutator<A> = (state: MutatorState, args: A, ctx: MutatorContext) => MutatorResult;

export function applied(changes: MutatorChanges): Applied {
  return { ok: true, changes };
}
