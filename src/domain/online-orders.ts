/**
 * Online orders and their fulfilment: the shipping charge, the total with it, and the counter's
 * steps (docs/decisions/storefront.md "Online orders and fulfilment", docs/decisions/pos.md "Online
 * orders at the counter"). Pure rules shared by the checkout page (what it shows) and the server
 * (what it charges and allows): the server re-derives the charge from its settings and never takes
 * the page's.
 */
import type { AddressText } from './address';
import { decimal, roundMoney, type Money, ZERO } from './money';

export type FulfilmentMethod = 'pickup' | 'shipping';

/** order_statuses rows of migration 0028-b (and 7 Complete, the hand-over). */
export const ONLINE_STATUS = {
  toPick: 9,
  ready: 10,
  shipped: 11,
  complete: 7,
} as const;

/** Status ids an online order is waiting at the counter in (the Online tab of /pos/order). */
export const ONLINE_OPEN_STATUSES: readonly number[] = [ONLINE_STATUS.toPick, ONLINE_STATUS.ready];

/** An order the storefront placed, still at the counter or shipped (the order view's Pick List button). */
export const isOnlineStatus = (statusId: number | null): boolean =>
  statusId === ONLINE_STATUS.toPick || statusId === ONLINE_STATUS.ready || statusId === ONLINE_STATUS.shipped;

export const SHIPPING_METHOD_TITLE = 'Flat Rate Shipping';
/** The most a flat rate may be (a mistyped setting must not charge a shopper thousands). */
export const SHIPPING_RATE_MAX = '999.99';

/**
 * The flat rate the shop set (settings `shipping_flat_rate`), or null when shipping is not
 * offered: absent, not a plain price with at most 2 decimals, negative or above the maximum.
 */
export function flatShippingRate(setting: unknown): Money | null {
  const text = typeof setting === 'number' ? String(setting) : setting;
  if (typeof text !== 'string' || !/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) return null;
  const rate = roundMoney(decimal(text.trim()));
  return rate.gt(decimal(SHIPPING_RATE_MAX)) ? null : rate;
}

/** What the shopper pays for getting the order: nothing for pickup, the flat rate for shipping. */
export function shippingCharge(method: FulfilmentMethod, rate: Money | null): Money {
  if (method === 'pickup') return ZERO;
  if (rate === null) throw new Error('shipping is not offered');
  return rate;
}

/** The order total the shopper is shown and charged: the cart's total plus the shipping charge. */
export function totalWithShipping(cartTotal: unknown, charge: Money): Money {
  return roundMoney(decimal(cartTotal).plus(charge));
}

/**
 * The store whose online orders a staff member works on (docs/decisions/pos.md "Online orders at
 * the counter"): their own store (staff_users.location_id, the session's), or null (every store)
 * for admins and staff without a store. The one rule behind the Online tab (server and device),
 * the pick list's buttons and the steps' wrong-store refusal. An order's store is
 * online_orders.location_id: the pickup store, or the default store for a shipped order.
 */
export function onlineOrderStore(staff: { role: string; locationId: number | null }): number | null {
  return staff.role === 'admin' ? null : staff.locationId;
}

/** Whether a staff member may see and move an online order fulfilled at `orderStore`. */
export const worksOnOnlineOrder = (staff: { role: string; locationId: number | null }, orderStore: number): boolean => {
  const store = onlineOrderStore(staff);
  return store === null || store === orderStore;
};

/** The counter's actions on an online order. */
export type OnlineAction = 'ready' | 'complete' | 'ship';

export const ONLINE_ACTION_LABELS: Record<OnlineAction, string> = {
  ready: 'Ready for pickup',
  complete: 'Handed over',
  ship: 'Shipped',
};

/** Texts the spec does not word (docs/decisions/pos.md "Online orders at the counter"). */
export const ONLINE_MESSAGES = {
  notOnline: 'This is not an online order.',
  wrongStore: (store: string) => `This order is picked up at ${store}.`,
  notNow: (status: string) => `This order is ${status}: that step is not possible now.`,
  shippingUnavailable: 'Shipping is not available right now. Choose store pickup.',
  unknownStore: 'Choose a store to pick the order up at.',
  ready: 'Marked ready for pickup. The customer has been notified.',
  readyNoContact: 'Marked ready for pickup. The order has no email or phone to notify.',
  complete: 'Order handed over and complete.',
  shipped: 'Marked shipped. The customer has been notified.',
} as const;

/**
 * The status an action moves an online order to, or null when the action is not possible from
 * `statusId`: pickup orders go to pick → ready (the shopper is told) → complete at the hand-over;
 * shipping orders go to pick → shipped.
 */
export function nextOnlineStatus(method: FulfilmentMethod, statusId: number, action: OnlineAction): number | null {
  if (method === 'pickup') {
    if (action === 'ready' && statusId === ONLINE_STATUS.toPick) return ONLINE_STATUS.ready;
    if (action === 'complete' && statusId === ONLINE_STATUS.ready) return ONLINE_STATUS.complete;
    return null;
  }
  if (action === 'ship' && statusId === ONLINE_STATUS.toPick) return ONLINE_STATUS.shipped;
  return null;
}

/** The actions the counter offers for an order in `statusId` (what nextOnlineStatus allows). */
export function onlineActions(method: FulfilmentMethod, statusId: number): OnlineAction[] {
  return (['ready', 'complete', 'ship'] as const).filter((a) => nextOnlineStatus(method, statusId, a) !== null);
}

/** A shipping address's printed lines (the pick list's "Ship to"), with its state's code and country's name. */
export function shippingAddressLines(
  a: AddressText,
  place: { zoneCode: string | null; zoneName: string | null; country: string | null },
): string[] {
  return [
    `${a.firstname} ${a.lastname}`.trim(),
    a.company,
    a.address_1,
    a.address_2,
    `${a.city}, ${place.zoneCode ?? place.zoneName ?? ''} ${a.postcode}`.trim(),
    place.country ?? '',
  ].filter((l) => l !== '');
}
