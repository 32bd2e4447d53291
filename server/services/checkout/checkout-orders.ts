/**
 * Reads shared by the checkout services: find an order by uuid or number, and shape its payments
 * and totals as the checkout's wire (src/contracts/checkout-transactions.ts). Totals always come
 * from the domain's computeTotals over the stored lines and transactions, never from SQL sums.
 */
import type { Kysely } from 'kysely';
import type {
  BookedAppointment,
  CheckoutState,
  CheckoutTransaction,
  OrderRefParam,
  TransactionsReply,
} from '../../../src/contracts/checkout-transactions';
import { money, toWire, ZERO } from '../../../src/domain/money';
import type { Customer, Order, Transaction } from '../../../src/domain/mutations/records';
import type { StoreSettings } from '../../../src/domain/settings';
import { totalsInputOf } from '../../../src/domain/mutations/guards';
import { computeTotals, type OrderTotals } from '../../../src/domain/totals';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { loadCustomer } from '../../commands/records/customers';
import { loadOrder, transactionCore } from '../../commands/records/orders';
import { bookedAppointments } from '../appointments/appointment-reads';

export const ORDER_NOT_FOUND = 'The order could not be found.';

/** The order's uuid for a uuid or a human number; 404 when there is none. */
export async function resolveOrderRef(db: Kysely<DB>, ref: OrderRefParam): Promise<string> {
  const q = db.selectFrom('orders').select('id');
  const row = await (
    typeof ref === 'number' ? q.where('order_id', '=', ref) : q.where('id', '=', ref)
  ).executeTakeFirst();
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row.id;
}

export interface LoadedOrder {
  order: Order;
  transactions: Transaction[];
  customer: Customer | undefined;
}

export async function loadCheckoutOrder(db: Kysely<DB>, id: string, lock = false): Promise<LoadedOrder> {
  const found = await loadOrder(db, id, lock);
  if (!found) throw notFound(ORDER_NOT_FOUND);
  const customer = found.order.customer_ref ? await loadCustomer(db, found.order.customer_ref, lock) : undefined;
  return { ...found, customer };
}

export function totalsOf(o: LoadedOrder, settings: StoreSettings): OrderTotals {
  const { order, transactions } = o;
  return computeTotals(totalsInputOf(order, transactions), settings);
}

/** The checkout state of §3; `booked` is the order's booked appointments (appointment-reads.ts). */
export function checkoutState(
  o: LoadedOrder,
  settings: StoreSettings,
  booked: BookedAppointment[] = [],
): CheckoutState {
  const t = totalsOf(o, settings);
  return {
    orderTotal: toWire(t.orderTotal),
    costParts: toWire(t.parts),
    costSurcharge: toWire(t.surcharge),
    costLabor: toWire(t.labor),
    costTax: toWire(t.tax),
    costCreditCardSurcharge: toWire(t.cardSurcharge),
    costCreditCardSurchargeTax: toWire(t.cardSurchargeTax),
    amountPaid: toWire(t.amountPaid),
    balanceDue: toWire(t.balanceDue),
    storeCredit: toWire(o.customer ? money(o.customer.store_credit) : ZERO),
    bookedAppointments: booked,
    taxExempt: t.taxExempt,
    taxExemptNumber: t.taxExemptNumber,
    paidInFull: t.paidInFull,
    statusText: t.statusText,
    balanceLabel: t.balanceLabel,
  };
}

export interface CardInfo {
  transaction_ref: string;
  brand: string;
  last4: string;
  auth_code: string;
  terminal_ref: string;
  kind: 'charge' | 'online';
  finished_at: Date | null;
}

/** Card details of an order's approved terminal and online payments, by transaction id. */
export async function cardInfoOf(db: Kysely<DB>, orderId: string): Promise<Map<string, CardInfo>> {
  const rows = await db
    .selectFrom('payment_attempts')
    .select(['transaction_ref', 'brand', 'last4', 'auth_code', 'terminal_ref', 'kind', 'finished_at'])
    .where('order_ref', '=', orderId)
    .where('kind', 'in', ['charge', 'online'])
    .where('status', '=', 'approved')
    .where('transaction_ref', 'is not', null)
    .execute();
  return new Map(
    rows.map((r) => [
      r.transaction_ref as string,
      {
        transaction_ref: r.transaction_ref as string,
        brand: r.brand ?? '',
        last4: r.last4 ?? '',
        auth_code: r.auth_code ?? '',
        terminal_ref: r.terminal_ref ?? '',
        kind: r.kind as 'charge' | 'online',
        finished_at: r.finished_at,
      },
    ]),
  );
}

export type ReversalLabel = (approvedAt: Date) => 'Void' | 'Return';

export function wireTransaction(
  t: Transaction,
  card: CardInfo | undefined,
  reversal: ReversalLabel,
): CheckoutTransaction {
  const terminal = card?.kind === 'charge';
  return {
    id: t.id,
    transaction_id: t.transaction_id,
    ...transactionCore(t),
    void: t.status === 'void',
    card_type: t.card_type,
    check_number: t.check_number,
    voucher_code: t.voucher_code,
    card: card
      ? { brand: card.brand, last4: card.last4, auth_code: card.auth_code, terminal_ref: card.terminal_ref }
      : null,
    datacap_dc_direct: terminal
      ? {
          void_or_return_action: reversal(card.finished_at ?? new Date(t.created_at)),
          void_or_return_status: t.status === 'void' ? 'complete' : '',
          void_or_return_url: `/pos/checkout/voidOrReturn?transactionId=${t.id}&from_pos=1`,
        }
      : null,
    created_at: t.created_at,
    voided_at: t.voided_at,
  };
}

/** The whole reply of getTransactions for an order already loaded. */
export async function transactionsReply(
  db: Kysely<DB>,
  o: LoadedOrder,
  settings: StoreSettings,
  reversal: ReversalLabel,
): Promise<TransactionsReply> {
  const [cards, booked] = await Promise.all([cardInfoOf(db, o.order.id), bookedAppointments(db, o.order.id)]);
  return {
    orderId: o.order.order_id,
    orderRef: o.order.id,
    orderStatus: o.order.status,
    transactions: o.transactions.map((t) => wireTransaction(t, cards.get(t.id), reversal)),
    checkout: checkoutState(o, settings, booked),
  };
}
