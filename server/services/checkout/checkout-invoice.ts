/**
 * The invoice / receipt data of an order (src/contracts/checkout-invoice.ts): the store, the
 * order, its lines, the Order Total rows and the payments that count (void ones are hidden, as on
 * the receipt). Totals and line amounts come from the domain's functions, so the invoice, the
 * emailed receipt and the checkout screen always show the same figures.
 */
import type { Kysely } from 'kysely';
import type { InvoiceReply } from '../../../src/contracts/checkout-invoice';
import type { OrderRefParam } from '../../../src/contracts/checkout-transactions';
import { formatLaborTime } from '../../../src/domain/labor';
import { decimal, formatUSD, toWire } from '../../../src/domain/money';
import type { OrderLine } from '../../../src/domain/mutations/records';
import { visibleTransactions } from '../../../src/domain/payments';
import type { StoreSettings } from '../../../src/domain/settings';
import { lineTotal, productUnitPrice } from '../../../src/domain/totals';
import { RECEIPT_FOOTER_SETTING, receiptFooterOf, storeHeaderOf, storeLocationOf } from '../../../src/domain/receipt';
import { settlementOf } from '../../../src/domain/settlement';
import type { DB } from '../../db/schema';
import { cardInfoOf, loadCheckoutOrder, resolveOrderRef, totalsOf } from './checkout-orders';

function unitPrice(line: OrderLine): string {
  switch (line.kind) {
    case 'product':
      return toWire(productUnitPrice(line));
    case 'custom':
      return toWire(decimal(line.price));
    case 'labor':
    case 'voucher':
    case 'core_return':
      return toWire(decimal(lineTotal(line)).div(line.quantity));
  }
}

function details(line: OrderLine): string[] {
  switch (line.kind) {
    case 'product':
      return [
        ...line.options.map((o) => `${o.name}: ${o.value}`),
        ...(decimal(line.surcharge).gt(0) ? [`Core charge ${formatUSD(line.surcharge)} each`] : []),
      ];
    case 'core_return':
      return [`Core credit ${formatUSD(line.surcharge)} each`];
    case 'labor':
      return [`${formatLaborTime(line.minutes)} @ ${formatUSD(line.rate)}/hr`];
    case 'voucher':
      return [`Gift certificate ${line.code}`, ...(line.message ? [line.message] : [])];
    case 'custom':
      return [];
  }
}

/** The settings a receipt reads (shop name, footer), key -> value. */
async function settingsRows(db: Kysely<DB>): Promise<Record<string, unknown>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', ['store_name', RECEIPT_FOOTER_SETTING])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** The store that sold the order, as the device's printed receipt names it (src/domain/receipt.ts). */
async function storeOf(db: Kysely<DB>, orderId: string): Promise<InvoiceReply['store']> {
  const at = await db.selectFrom('orders').select('location_id').where('id', '=', orderId).executeTakeFirst();
  const locations = await db.selectFrom('locations').selectAll().where('status', '=', true).execute();
  const h = storeHeaderOf(await settingsRows(db), storeLocationOf(locations, at?.location_id ?? null));
  return {
    name: h.name,
    address: h.address,
    telephone: h.telephone,
    email: h.email,
    website: h.website,
  };
}

async function cashierName(db: Kysely<DB>, ref: string | null): Promise<string | null> {
  if (ref === null || !/^\d{1,9}$/.test(ref)) return null;
  const u = await db
    .selectFrom('staff_users')
    .select(['firstname', 'lastname', 'username'])
    .where('user_id', '=', Number(ref))
    .executeTakeFirst();
  return u ? `${u.firstname} ${u.lastname}`.trim() || u.username : null;
}

export async function buildInvoice(
  db: Kysely<DB>,
  ref: OrderRefParam | string,
  settings: StoreSettings,
): Promise<InvoiceReply> {
  const id = await resolveOrderRef(db, ref);
  const o = await loadCheckoutOrder(db, id);
  const { order, customer } = o;
  const totals = totalsOf(o, settings);
  const cards = await cardInfoOf(db, id);
  const settled = settlementOf(totals, order.status);
  return {
    store: await storeOf(db, id),
    order: {
      id: order.id,
      order_id: order.order_id,
      device_ref: order.device_ref,
      status: order.status,
      date_added: order.created_at,
      completed_at: order.completed_at,
      customer: customer
        ? {
            name: `${customer.firstname} ${customer.lastname}`.trim(),
            email: customer.email,
            telephone: customer.telephone,
          }
        : order.customer_name
          ? { name: order.customer_name, email: '', telephone: '' }
          : null,
      cashier: await cashierName(db, order.cashier_id),
      tax_exempt: order.tax_exempt,
      tax_exempt_number: order.tax_exempt_number,
    },
    lines: order.lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      name: l.name,
      model: l.kind === 'product' ? l.model : '',
      details: details(l),
      quantity: l.quantity,
      unit_price: unitPrice(l),
      total: toWire(lineTotal(l)),
      po_number: l.po_number,
    })),
    totals: totals.rows.map((r) => ({ code: r.code, title: r.title, text: r.text, value: toWire(r.value) })),
    payments: visibleTransactions(o.transactions)
      .filter((t) => t.status === 'approved')
      .map((t) => {
        const card = cards.get(t.id);
        return {
          id: t.id,
          transaction_id: t.transaction_id,
          label: t.transaction_label,
          type: t.transaction_type,
          amount: toWire(decimal(t.amount).plus(decimal(t.surcharge)).plus(decimal(t.surcharge_tax))),
          card: card ? { brand: card.brand, last4: card.last4, auth_code: card.auth_code } : null,
          check_number: t.check_number,
          date: t.created_at,
        };
      }),
    orderTotal: toWire(totals.orderTotal),
    amountPaid: toWire(totals.amountPaid),
    balanceDue: toWire(order.status === 'voided' ? settled.amount : totals.balanceDue),
    balanceLabel: settled.label,
    statusText: settled.statusText,
    footer: receiptFooterOf(await settingsRows(db)),
  };
}
