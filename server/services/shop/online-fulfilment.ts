/**
 * The fulfilment part of an online checkout (docs/decisions/storefront.md "Online orders and
 * fulfilment"): which store the order goes to, what shipping costs, the online_orders row
 * (migration 0028-b) and the confirmation message, all inside the checkout's store transaction.
 * The page's word is taken for the choice only (pickup store, address); the charge, the store's
 * existence and the status are the server's.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { fulfilmentSchema } from '../../../src/contracts/online-order-fulfilment';
import { formatUSD, type Money } from '../../../src/domain/money';
import type { CustomLine } from '../../../src/domain/mutations/records';
import {
  flatShippingRate,
  ONLINE_MESSAGES,
  ONLINE_STATUS,
  SHIPPING_METHOD_TITLE,
  shippingAddressLines,
  shippingCharge,
  type FulfilmentMethod,
} from '../../../src/domain/online-orders';
import type { StoreSettings } from '../../../src/domain/settings';
import type { DB, ShippingAddress } from '../../db/schema';
import { ServiceError } from '../../errors';
import { buildInvoice } from '../checkout/checkout-invoice';
import { queueNotifications } from '../notifications/notification-queue';
import { renderOrderConfirmation, type FulfilmentText } from '../notifications/online-order-render';

export type FulfilmentInput = z.output<typeof fulfilmentSchema>;

export interface ResolvedFulfilment {
  method: FulfilmentMethod;
  locationId: number;
  storeName: string;
  address: ShippingAddress | null;
  charge: Money;
}

/** The shop's shipping offer (settings `shipping_flat_rate`): its price, or null when not offered. */
export async function shippingRate(trx: Kysely<DB>): Promise<Money | null> {
  const row = await trx
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'shipping_flat_rate')
    .executeTakeFirst();
  return flatShippingRate(row?.value);
}

/** The store named (active), or for shipping and "no choice" the default store. */
export async function resolveFulfilment(trx: Kysely<DB>, f: FulfilmentInput): Promise<ResolvedFulfilment> {
  const wanted = f.method === 'pickup' ? f.location_id : null;
  let q = trx.selectFrom('locations').select(['location_id', 'name']).where('status', '=', true);
  q = wanted === null ? q.orderBy('is_default', 'desc').orderBy('location_id') : q.where('location_id', '=', wanted);
  const store = await q.executeTakeFirst();
  if (!store)
    throw new ServiceError('invalid', 'unknown_store', ONLINE_MESSAGES.unknownStore, {
      'fulfilment.location_id': [ONLINE_MESSAGES.unknownStore],
    });
  if (f.method === 'pickup')
    return {
      method: 'pickup',
      locationId: store.location_id,
      storeName: store.name,
      address: null,
      charge: shippingCharge('pickup', null),
    };
  const rate = await shippingRate(trx);
  if (rate === null) throw new ServiceError('conflict', 'shipping_unavailable', ONLINE_MESSAGES.shippingUnavailable);
  const zone = await trx
    .selectFrom('zones')
    .select('zone_id')
    .where('zone_id', '=', f.address.zone_id)
    .where('country_id', '=', f.address.country_id)
    .executeTakeFirst();
  if (!zone)
    throw new ServiceError('invalid', 'invalid_input', 'Please select a value', {
      'fulfilment.address.zone_id': ['Please select a value'],
    });
  return {
    method: 'shipping',
    locationId: store.location_id,
    storeName: store.name,
    address: { ...f.address },
    charge: shippingCharge('shipping', rate),
  };
}

/** The shipping charge as an order line: a custom line, untaxed, so every total includes it. */
export function shippingLine(id: string, charge: Money): CustomLine {
  return {
    kind: 'custom',
    id,
    name: SHIPPING_METHOD_TITLE,
    price: charge.toFixed(2),
    quantity: 1,
    tax_class_id: null,
    po_number: null,
  };
}

/** How the messages and the pick list word the fulfilment. */
export async function fulfilmentText(
  trx: Kysely<DB>,
  method: FulfilmentMethod,
  locationId: number,
  address: ShippingAddress | null,
): Promise<FulfilmentText> {
  if (method === 'shipping' && address) return { heading: 'Shipping to', lines: await addressLines(trx, address) };
  const s = await trx
    .selectFrom('locations')
    .select(['name', 'address_1', 'city', 'zone_code', 'postcode', 'telephone'])
    .where('location_id', '=', locationId)
    .executeTakeFirst();
  if (!s) return { heading: 'Pickup in store', lines: [] };
  const cityLine = [s.city, [s.zone_code, s.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { heading: `Pickup at ${s.name}`, lines: [s.address_1, cityLine, s.telephone].filter(Boolean) };
}

export async function addressLines(trx: Kysely<DB>, a: ShippingAddress): Promise<string[]> {
  const zone = await trx
    .selectFrom('zones as z')
    .innerJoin('countries as c', 'c.country_id', 'z.country_id')
    .select(['z.name as zone', 'z.code', 'c.name as country'])
    .where('z.zone_id', '=', a.zone_id)
    .executeTakeFirst();
  return shippingAddressLines(a, {
    zoneCode: zone?.code ?? null,
    zoneName: zone?.zone ?? null,
    country: zone?.country ?? null,
  });
}

/**
 * After the order is stored and complete: its store, its "to pick" status, its online_orders row
 * and the confirmation email (and text, when a phone was given), queued in this transaction.
 */
export async function recordOnlineOrder(
  trx: Kysely<DB>,
  o: { orderRef: string; f: ResolvedFulfilment; shippingLineRef: string | null; email: string; telephone: string },
  settings: StoreSettings,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      order_status_id: ONLINE_STATUS.toPick,
      shipping_method: o.f.method === 'pickup' ? 'local_pickup' : 'flat_rate',
      payment_method: 'online',
    })
    .where('id', '=', o.orderRef)
    .execute();
  await trx
    .insertInto('online_orders')
    .values({
      order_ref: o.orderRef,
      fulfilment: o.f.method,
      location_id: o.f.locationId,
      shipping_address: o.f.address === null ? null : JSON.stringify(o.f.address),
      shipping_cost: o.f.charge.toFixed(2),
      shipping_line_ref: o.shippingLineRef,
    })
    .execute();
  const inv = await buildInvoice(trx, o.orderRef, settings);
  const how = await fulfilmentText(trx, o.f.method, o.f.locationId, o.f.address);
  await queueNotifications(trx, {
    form: { notifyByEmail: true, email: o.email, notifyByText: false, phone: o.telephone },
    msg: renderOrderConfirmation(inv, how),
    // A confirmation is the online order's receipt (no new kind: docs/decisions/storefront.md).
    kind: 'receipt',
    orderRef: o.orderRef,
    actorId: 'storefront',
    sourceRef: o.orderRef,
  });
}

export const shippingText = (charge: Money): string => formatUSD(charge);
