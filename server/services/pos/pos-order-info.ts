/**
 * The order detail (the spec's Order entity, §3) as GET /api/order/info and the void and
 * customer calls answer it. Figures come from the domain's totals (pos-order-view.ts); names
 * (status, cashier, customer) and the shipping address (the customer's default address: a POS
 * sale keeps none of its own) are read from SQL.
 */
import type { Kysely } from 'kysely';
import type { OrderHistoryEntry, OrderInfo, OrderStatusWire } from '../../../src/contracts/pos-order';
import { assertEditable, assertNotVoided, ORDER_NOT_FOUND } from '../../../src/domain/mutations/guards';
import type { OrderHistory, Transaction } from '../../../src/domain/mutations/records';
import { moneyString } from '../../../src/domain/money';
import type { StoreSettings } from '../../../src/domain/settings';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { bookedAppointments } from '../appointments/appointment-reads';
import { loadCustomer } from '../../commands/records/customers';
import { purchaseOrdersOf } from '../distributor/purchase-orders';
import { loadOrderHistory } from '../../commands/records/order-history';
import { loadOrder } from '../../commands/records/orders';
import { customerWire, linesWire, orderData, totalItems } from './pos-order-view';

export async function orderStatuses(db: Kysely<DB>): Promise<OrderStatusWire[]> {
  return db
    .selectFrom('order_statuses')
    .select(['order_status_id', 'name', 'status_color', 'status_text_color'])
    .orderBy('sort_order')
    .orderBy('order_status_id')
    .execute();
}

/** A status's colours as the order screens take them; empty for a status the shop no longer has. */
const statusColors = (s: OrderStatusWire | undefined) => ({
  status_color: s?.status_color ?? '',
  status_text_color: s?.status_text_color ?? '',
});

export function historyWire(
  entries: readonly OrderHistory[],
  statuses: readonly OrderStatusWire[],
): OrderHistoryEntry[] {
  return entries.map((h) => {
    const s = statuses.find((x) => x.order_status_id === h.order_status_id);
    return {
      id: h.id,
      date_added: h.date_added,
      status: s?.name ?? '',
      order_status_id: h.order_status_id,
      ...statusColors(s),
      comment: h.comment,
      notify_customer: h.notify_customer,
    };
  });
}

function transactionWire(t: Transaction): OrderInfo['transactions'][number] {
  return {
    id: t.id,
    transaction_id: t.transaction_id,
    transaction_type: t.transaction_type,
    transaction_label: t.transaction_label,
    amount: moneyString(t.amount),
    surcharge: moneyString(t.surcharge),
    surcharge_tax: moneyString(t.surcharge_tax),
    status: t.status,
    void: t.status === 'void',
    card_type: t.card_type,
    check_number: t.check_number,
    voucher_code: t.voucher_code,
    created_at: t.created_at,
    voided_at: t.voided_at,
  };
}

/** The shop's time zone (settings.timezone), for the long date; UTC when unset or unknown. */
async function timeZone(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'timezone').executeTakeFirst();
  const zone = typeof row?.value === 'string' ? row.value : 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

const longDate = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));

export async function loadOrderInfo(db: Kysely<DB>, orderRef: string, settings: StoreSettings): Promise<OrderInfo> {
  const sdb = db;
  const found = await loadOrder(sdb, orderRef, false);
  if (!found) throw notFound(ORDER_NOT_FOUND);
  const { order, transactions } = found;
  const [statuses, header, history, zone] = [
    await orderStatuses(db),
    await db
      .selectFrom('orders')
      .select(['pos_status', 'email', 'telephone', 'cashier_id'])
      .where('id', '=', orderRef)
      .executeTakeFirstOrThrow(),
    await loadOrderHistory(db, orderRef),
    await timeZone(db),
  ];
  const customer = order.customer_ref ? ((await loadCustomer(sdb, order.customer_ref, false)) ?? null) : null;
  const cashier =
    header.cashier_id === null
      ? null
      : await db
          .selectFrom('staff_users')
          .select(['firstname', 'lastname'])
          .where('user_id', '=', header.cashier_id)
          .executeTakeFirst();
  const address = customer?.addresses.find((a) => a.default) ?? customer?.addresses[0] ?? null;
  const data = orderData(order, transactions, settings);
  const status = statuses.find((s) => s.order_status_id === data.order_status_id);
  const { products, vouchers } = linesWire(order.lines);
  const wireCustomer = customer ? customerWire(customer) : null;
  return {
    id: order.id,
    order_id: order.order_id,
    device_ref: order.device_ref,
    status: order.status,
    order_status: status?.name ?? '',
    order_status_id: data.order_status_id,
    ...statusColors(status),
    pos_status: header.pos_status,
    date_added: order.created_at,
    date_added_long: longDate(order.created_at, zone),
    date_modified: order.updated_at,
    customer: order.customer_name ?? '',
    customer_id: order.customer_id,
    customer_ref: order.customer_ref,
    email: header.email || (wireCustomer?.email ?? ''),
    telephone: header.telephone || (wireCustomer?.telephone ?? ''),
    store_credit: wireCustomer?.store_credit ?? null,
    cashier: cashier ? `${cashier.firstname} ${cashier.lastname}`.trim() : '',
    shipping_firstname: address?.firstname ?? '',
    shipping_lastname: address?.lastname ?? '',
    shipping_company: address?.company ?? '',
    shipping_address_1: address?.address_1 ?? '',
    shipping_address_2: address?.address_2 ?? '',
    shipping_city: address?.city ?? '',
    shipping_postcode: address?.postcode ?? '',
    shipping_country_id: address ? address.country_id : null,
    shipping_zone_id: address && address.zone_id !== 0 ? address.zone_id : null,
    shipping_method: order.shipping_method,
    payment_method: order.payment_method,
    tax_exempt: order.tax_exempt,
    tax_exempt_number: order.tax_exempt_number,
    products: products.map((p) => ({ ...p, order_product_id: p.key })),
    vouchers,
    total_items: totalItems(order.lines),
    totals: data.totals.map(({ code, title, text }) => ({ code, title, text })),
    order_data: data,
    order_total: data.order_total,
    amount_paid: data.amount_paid,
    paid_amount: data.amount_paid,
    balance_due: data.balance_due,
    change_due: data.change_due,
    paid_in_full: data.paid_in_full,
    transactions: transactions.map(transactionWire),
    history: historyWire(history, statuses),
    purchase_orders: await purchaseOrdersOf(db, order.id),
    po_number_list: [...new Set(order.lines.flatMap((l) => (l.po_number ? [l.po_number] : [])))],
    order_ymm: null,
    bookedAppointments: await bookedAppointments(db, order.id),
    can_continue: assertEditable(order) === null,
    can_void: assertNotVoided(order) === null,
  };
}
