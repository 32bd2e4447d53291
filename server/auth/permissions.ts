/**
 * Who may do what: THE permission table (docs/security.md "Permission table"). Routes declare
 * `config.access: allow('payment.take')` and the sync appliers ask `can(actor.role, 'payment.take')`,
 * so one row here decides a right for both doors (the HTTP calls and the sync push).
 *
 * Roles: guest (anonymous, no session), customer (a shopper account), cashier, installer, admin
 * (staff, POS mode) and kiosk (a showroom device account: a shopper's rights without an account,
 * never a staff right).
 *
 * Decisions (docs/security.md):
 * - Installers build carts, add labor and parts, write notes, read orders and customers; they take
 *   no money: no payments, no card attempts, no voids or refunds, no completing a sale, no payment
 *   links, no price overrides, no order voids. Those are cashier and admin rights.
 * - Store isolation: one shop with several counters. Any staff member may work on any store's order
 *   (a customer ordered at one counter may pick up and pay at another); an order keeps the store it
 *   was made at for reports. Stores are not a security boundary; separate businesses run separate
 *   servers.
 * - Privileged customer fields (tax exemption, customer group, the "safe" flag, store credit) are
 *   written by cashiers and admins only; a shopper edits their own name, contact and addresses.
 */
import type { Role } from '../../src/contracts/session';
import type { MutationName } from '../../src/domain/mutations/catalogue';
import type { Access } from './access';

const STAFF = ['admin', 'cashier', 'installer'] as const satisfies readonly Role[];
const MONEY = ['admin', 'cashier'] as const satisfies readonly Role[];
const SHOPPERS = ['guest', 'customer', 'kiosk'] as const satisfies readonly Role[];

export const PERMISSIONS = {
  /** Catalog, search, fitment, product pages, the session and login: open to everyone. */
  'public.read': 'public',
  /** The customer's payment-link page and its card payment (the token is the credential). */
  'paylink.pay': 'public',
  /** The shopper cart, compare list and wishlist, storefront checkout. */
  'shop.cart': SHOPPERS,
  'shop.checkout': SHOPPERS,
  /** The staff cart: add, edit, remove, labor, custom products, save / quote / cancel. */
  'pos.cart': STAFF,
  /** Change a line's price (a price override). */
  'pos.price_override': MONEY,
  /** Read orders, invoices, transactions, histories; continue an order into the cart. */
  'order.read': STAFF,
  /** Notes and history, PO numbers, the order's customer, receipts by mail. */
  'order.edit': STAFF,
  /** Void a whole order. */
  'order.void': MONEY,
  /** Take a payment: cash, check, voucher, card, store credit; complete a sale; read a voucher. */
  'payment.take': MONEY,
  /** Void a transaction, refund or return a card payment, cancel a terminal attempt. */
  'payment.void': MONEY,
  /** Send the customer a payment link. */
  'payment.link': MONEY,
  /** Find and read customers; add a vehicle to a customer's garage. */
  'customer.read': STAFF,
  'customer.edit': STAFF,
  /** Tax exemption, exemption number, customer group, safe flag, store credit. */
  'customer.privileged': MONEY,
  /** The outbox (sent mail and SMS) and its Resend: counter staff and admins (docs/decisions/notifications.md). */
  'notifications.read': ['admin', 'cashier'],
  /** The distributor table at checkout (what the shop pays per warehouse) and its purchase orders. */
  'distributor.order': MONEY,
  /** The audit log (voids, price overrides, tax-exempt changes, credits, discarded conflicts). */
  'audit.read': ['admin'],
  /** The storefront's content blocks and the pos_locked switch (docs/decisions/storefront.md "Content blocks"). */
  'content.edit': ['admin'],
  /** The sync push and pull (scopes per role decide what is read and written). */
  'sync.exchange': ['admin', 'cashier', 'installer', 'customer'],
  /** Discard a device's conflict. */
  'sync.discard': STAFF,
  /**
   * A showroom kiosk's Submit to Buy, pushed through the sync door (kiosk.submitOrder): the kiosk
   * device account, or staff (a kiosk device's queue pushed after a staff sign-in). The kiosk pushes
   * nothing else and never pulls (docs/decisions/storefront.md "Kiosk").
   */
  'kiosk.submit': ['kiosk', 'admin', 'cashier', 'installer'],
  /** POST /tool/kiosk/video: a kiosk's splash video views (storefront.md §7 Kiosk). */
  'kiosk.track': ['kiosk'],
  /** The kiosk settings and its video report (docs/decisions/storefront.md "Kiosk settings and video report"). */
  'kiosk.configure': ['admin'],
  /** Custom forms: edit them and read their submissions (docs/decisions/storefront.md "Custom forms admin"). */
  'forms.admin': ['admin'],
  /** Online orders at the counter: pick list, Ready for pickup, hand-over, Shipped (docs/decisions/pos.md "Online orders at the counter"). */
  'order.fulfil': STAFF,
  /** A shopper's own order history (GET /api/account/order): signed-in customers only. */
  'account.orders': ['customer'],
  /** The shop's definitions: custom fields (docs/decisions/pos.md "Custom fields settings"). */
  'settings.edit': ['admin'],
} as const satisfies Record<string, Access>;

export type Permission = keyof typeof PERMISSIONS;

/** Route options' access for a permission: `{ config: { access: allow('payment.take') } }`. */
export function allow(permission: Permission): Access {
  return PERMISSIONS[permission];
}

/** True when `role` holds `permission` (for appliers and services; a public right is everyone's). */
export function can(role: string, permission: Permission): boolean {
  const access: Access = PERMISSIONS[permission];
  return access === 'public' || (access as readonly string[]).includes(role);
}

/** Every role, for tests and the docs' table. */
export const ROLES: readonly Role[] = ['guest', 'customer', 'kiosk', 'cashier', 'installer', 'admin'];

/**
 * The right a pushed mutation needs beyond its applier's access (server/sync/door.ts asks it before
 * any SQL): the same rows as the HTTP calls that do the same thing, so an installer's device cannot
 * take, void or override money through the sync push that its HTTP session is refused.
 */
// Price overrides and credits are refused per field for installers (src/domain/mutations/writable-fields.ts
// gives new_price and every credit.add field to the counter only), with a message naming the field.
export const MUTATION_PERMISSIONS: Partial<Record<MutationName, Permission>> = {
  'order.complete': 'payment.take',
  'order.void': 'order.void',
  'transaction.add': 'payment.take',
  'transaction.void': 'payment.void',
  'transaction.voidAll': 'payment.void',
  'credit.add': 'customer.privileged',
  'order.return': 'payment.void',
  'kiosk.submitOrder': 'kiosk.submit',
};
