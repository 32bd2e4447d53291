/**
 * The shape of entity rows on the wire and in the device cache, and how they assemble into the
 * domain records the mutators take (src/domain/mutations/records.ts). Both runtimes use these, so
 * the optimistic run on the device and the authoritative run on the server see the same records.
 *
 * Must stay true: assemble(split(x)) equals x for every record kind (tests/unit/sync checks it).
 */
import type { MutatorChanges } from '../domain/mutations/types';
import type { Address, Customer, Order, OrderLine, Transaction, Vehicle } from '../domain/mutations/records';

export type OrderRow = Omit<Order, 'lines'>;
export type OrderLineRow = OrderLine & { order_ref: string; position: number };
export type TransactionRow = Transaction;
export type CustomerRow = Omit<Customer, 'addresses'>;
export type AddressRow = Address & { customer_ref: string };
export type VehicleRow = Vehicle;

export function orderToRows(order: Order): { order: OrderRow; lines: OrderLineRow[] } {
  const { lines, ...header } = order;
  return { order: header, lines: lines.map((l, position) => ({ ...l, order_ref: order.id, position })) };
}

export function orderFromRows(header: OrderRow, lines: readonly OrderLineRow[]): Order {
  const sorted = [...lines].sort((a, b) => a.position - b.position);
  return { ...header, lines: sorted.map(({ order_ref: _o, position: _p, ...line }) => line) };
}

export function customerToRows(customer: Customer): { customer: CustomerRow; addresses: AddressRow[] } {
  const { addresses, ...row } = customer;
  return { customer: row, addresses: addresses.map((a) => ({ ...a, customer_ref: customer.id })) };
}

export function customerFromRows(row: CustomerRow, addresses: readonly AddressRow[]): Customer {
  return { ...row, addresses: addresses.map(({ customer_ref: _c, ...a }) => a) };
}

/**
 * Which records a mutation reads, found from its args by the conventions of the catalogue
 * (src/domain/mutations/catalogue.ts): `order_ref` names an order (its transactions come with it),
 * `customer_ref` a customer (or the order's customer, for store credit), `vehicle_ref` a vehicle,
 * `appointment_ref` a booked appointment;
 * a create names its new record by `id`, loaded so a duplicate is refused rather than overwritten.
 */
export interface Touches {
  orderId: string | null;
  customerId: string | null;
  vehicleId: string | null;
  /** Load the customer attached to the order too (payments against store credit). */
  orderCustomer: boolean;
  /** A booked appointment a day-view change names (`appointment_ref`). */
  appointmentId: string | null;
  /** A voucher payment's code: the device gives the mutator its cached balance (src/db/vouchers.ts). */
  voucherCode: string | null;
  /** The order's recorded returns too (order.return: what was already returned). */
  orderReturns?: boolean;
  /** customer.setTags: the tag ids it names (looked up: the known ones), and the customer's current tags. */
  tagIds?: number[];
}

export function touchesOf(name: string, args: unknown): Touches {
  const a = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const area = name.split('.')[0] ?? '';
  const ownId = str(a.id);
  return {
    orderId: str(a.order_ref) ?? (name === 'order.create' ? ownId : null),
    customerId: str(a.customer_ref) ?? (name === 'customer.create' ? ownId : null),
    vehicleId: str(a.vehicle_ref) ?? (name === 'vehicle.create' ? ownId : null),
    appointmentId: str(a.appointment_ref),
    orderCustomer: area === 'transaction' || area === 'credit',
    voucherCode: name === 'transaction.add' && a.transaction_type === 'voucher' ? str(a.voucher_code) : null,
    ...(name === 'order.return' || name === 'order.returnAtTerminal' ? { orderReturns: true } : {}),
    ...(name === 'customer.setTags' ? { tagIds: namedTags(a) } : {}),
  };
}

/** Every tag id a customer.setTags names (wanted and base), as numbers; anything else is the schema's to refuse. */
function namedTags(a: Record<string, unknown>): number[] {
  const ids = [a.tag_ids, a.base].flatMap((v): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []));
  return [...new Set(ids.filter((v): v is number => Number.isSafeInteger(v)))];
}

/** Changes a mutator may return that this sync engine can persist; the rest are refused loudly. */
export const persistableChanges = [
  'order',
  'transactions',
  'customer',
  'vehicle',
  'orderHistory',
  'appointment',
  'creditEntry',
  'orderReturns',
  'customerHistory',
  'creditEntries',
  'customerTags',
] as const;

export function unsupportedChanges(changes: MutatorChanges): string[] {
  return Object.keys(changes).filter((k) => !(persistableChanges as readonly string[]).includes(k));
}
