/**
 * THE expected answer of every route to every role (tests/integration/security/route-matrix.test.ts
 * calls each one as each role). `who` lists the roles the route lets in; every other role must get
 * 401 (anonymous) or 403 (signed in): the guard answers before the body is read, so a refused role
 * never reaches a handler. `ok` is what an admitted role gets for the (mostly empty) request sent:
 * 400 means it passed the door and was refused by validation. Keep in step with
 * server/auth/permissions.ts (the table the routes read) and docs/security.md.
 *
 * A new route fails the suite until it has a line here: decide who may call it first.
 */
import type { MatrixRole } from './matrix-support';

export interface MatrixEntry {
  /** The path called (with an example for each :param, query or index.php pattern); default the route's own. */
  path?: string;
  body?: unknown;
  /** Roles the route lets in; the others get 401 (guest) or 403. 'all': everyone. */
  who: 'all' | readonly MatrixRole[];
  /** What an admitted role gets for this request: one status, or per role. */
  ok: number | Partial<Record<MatrixRole, number>>;
  /** Signs the caller out (run last; the roles sign in again). */
  endsSession?: boolean;
}

/** Staff people (POS mode). */
const STAFF: MatrixRole[] = ['cashier', 'installer', 'admin'];
/** Staff who take money: payments, voids, refunds, price overrides, payment links, order voids. */
const MONEY: MatrixRole[] = ['cashier', 'admin'];
/** The storefront's callers: anonymous, shoppers, the kiosk device. */
const SHOPPERS: MatrixRole[] = ['guest', 'shopper', 'other', 'kiosk'];
/** The sync push and pull: signed-in people (not the kiosk device, not anonymous). */
const SYNC: MatrixRole[] = ['shopper', 'other', 'cashier', 'installer', 'admin'];

export const MATRIX: Record<string, MatrixEntry> = {
  'GET /healthz': { who: 'all', ok: 200 },
  'GET /api/session': { who: 'all', ok: 200 },
  'POST /api/session': { who: 'all', ok: 400 },
  'POST /api/account/register': { who: 'all', ok: 400 },
  'GET /api/products/': { who: 'all', ok: 200 },
  'GET /image/catalog/demo/:file': { who: 'all', ok: 200, path: '/image/catalog/demo/brake-pads.svg' },
  'GET /api/search/autocomplete': { who: 'all', ok: 400 },
  'GET /api/order': { who: STAFF, ok: 200 },
  'GET /api/products/page/:slug': { who: 'all', ok: 404, path: '/api/products/page/no-such-part' },
  'POST /api/inventory/getInventoriesByProductId': { who: 'all', ok: 400 },
  'GET /index.php': { who: 'all', ok: 404 },
  'POST /index.php': { who: 'all', ok: 404 },
  // The kiosk device pushes its Submit to Buy orders (and nothing else: server/sync/door.ts); it never pulls.
  'POST /sync/push': { who: [...SYNC, 'kiosk'], ok: 400 },
  'POST /sync/discard': { who: STAFF, ok: 400 },
  'GET /sync/pull': { who: SYNC, ok: 400 },
  // The live poke stream: staff devices only (shoppers' devices pull on their timer); no clientId is a 400.
  'GET /sync/poke': { who: STAFF, ok: 400 },
  // First-sync snapshots: staff devices only (what a staff pull from 0 holds); no schema is a 400, an unknown file 404.
  'GET /sync/snapshot': { who: STAFF, ok: 400 },
  'GET /sync/snapshot/:name': { who: STAFF, ok: 404, path: '/sync/snapshot/none' },
  'GET /ymm/json/getVehicle': { who: 'all', ok: 200 },
  'GET /ymm/json/config': { who: 'all', ok: 200 },
  'GET /ymm/json/years': { who: 'all', ok: 200 },
  'GET /ymm/json/makes': { who: 'all', ok: 400 },
  'GET /ymm/json/models': { who: 'all', ok: 400 },
  'GET /ymm/json/choices': { who: 'all', ok: 400 },
  'GET /ymm/json/engine_mfrs': { who: 'all', ok: 200 },
  'GET /ymm/json/engine_family_sizes': { who: 'all', ok: 400 },
  'GET /ymm/json/engine_sizes': { who: 'all', ok: 400 },
  'GET /ymm/json/validateFitment': { who: 'all', ok: 400 },
  'GET /ymm/json/saveVehicle': { who: 'all', ok: 200 },
  'GET /ymm/json/reset': { who: 'all', ok: 200 },
  'GET /ymm/json/remove_facet': { who: 'all', ok: 400 },
  'GET /ymm/json/toggle_universal': { who: 'all', ok: 200 },
  'POST /ymm/json/getCatalogDetails': { who: 'all', ok: 200 },
  'GET /catalog/index.php': { who: 'all', ok: 200, path: '/catalog/index.php?route=ymm/json/years' },
  'POST /api/customer_vehicle/add': { who: STAFF, ok: 422 },
  'POST /api/customer_vehicle/getVehicleJson': { who: STAFF, ok: 400 },
  'GET /api/customer_vehicle': { who: STAFF, ok: 400 },
  'POST /api/customer_vehicle/edit': { who: STAFF, ok: 400 },
  'POST /api/customer_vehicle/delete': { who: STAFF, ok: 400 },
  'GET /api/customer_credit': { who: STAFF, ok: 400 },
  'POST /api/customer_credit/add': { who: MONEY, ok: 400 },
  'GET /api/customer_order': { who: STAFF, ok: 400 },
  'GET /api/customer_return': { who: STAFF, ok: 400 },
  'GET /api/order/delete': { who: MONEY, ok: 400 },
  'POST /api/order/return': { who: MONEY, ok: 400 },
  'GET /api/customer_history': { who: STAFF, ok: 400 },
  'GET /api/customer_history/image': { who: STAFF, ok: 400 },
  'POST /api/customer_history/add': { who: STAFF, ok: 400 },
  'POST /api/customer_history/image': { who: STAFF, ok: 400 },
  'GET /api/localization/': { who: 'all', ok: 200 },
  'GET /api/customer/get': { who: STAFF, ok: 200 },
  'POST /api/customer/save': { who: STAFF, ok: 400 },
  'GET /api/customer_ip': { who: STAFF, ok: 400 },
  'POST /api/customer_ip/add': { who: STAFF, ok: 400 },
  'POST /api/customer_ip/remove': { who: STAFF, ok: 400 },
  'GET /api/customer_ip/location': { who: STAFF, ok: 400 },
  'GET /api/customer_tag/': { who: STAFF, ok: 400 },
  'POST /api/customer_tag/save': { who: STAFF, ok: 400 },
  'POST /api/customer_tag/create': { who: STAFF, ok: 400 },
  'GET /checkout/cart/getData': { who: 'all', ok: 200 },
  'POST /checkout/cart/add': { who: 'all', ok: 400 },
  'PUT /checkout/cart/edit': { who: 'all', ok: 400 },
  'POST /checkout/cart/remove': { who: 'all', ok: 400 },
  'POST /checkout/cart/applyCode': { who: 'all', ok: 400 },
  'POST /checkout/cart/removeCode': { who: 'all', ok: 400 },
  'POST /checkout/cart/setCustomer': { who: STAFF, ok: 400 },
  'GET /checkout/cart/removeCustomer': { who: STAFF, ok: 200 },
  'POST /checkout/cart/getCustomer': { who: STAFF, ok: 400 },
  'POST /checkout/cart/setCheckoutData': { who: STAFF, ok: 200 },
  'GET /checkout/cart/saveOrder': { who: STAFF, ok: 404 },
  'GET /checkout/cart/quoteOrder': { who: STAFF, ok: 404 },
  'GET /checkout/cart/abandonOrder': { who: STAFF, ok: 200 },
  'GET /checkout/cart/cancelOrder': { who: STAFF, ok: 404 },
  'GET /checkout/cart/saveOrderAndCheckout': { who: STAFF, ok: 404 },
  'GET /checkout/cart/removeCredit': { who: STAFF, ok: 404 },
  'GET /checkout/cart/logoutCustomer': { who: STAFF, ok: 200 },
  'POST /checkout/cart/processPost': { who: STAFF, ok: 400 },
  'POST /checkout/cart/setPaymentData': { who: STAFF, ok: 400 },
  'POST /checkout/cart/updatePrice': { who: MONEY, ok: 400 },
  'POST /checkout/cart/addCustomProduct': { who: STAFF, ok: 400 },
  'POST /checkout/cart/applyLabor': { who: STAFF, ok: 400 },
  'POST /checkout/cart/updateLabor': { who: STAFF, ok: 400 },
  'GET /product/compare/getCompare': { who: SHOPPERS, ok: 200 },
  'POST /product/compare/add': { who: SHOPPERS, ok: 400 },
  'POST /account/wishlist/add': { who: SHOPPERS, ok: 400 },
  'POST /product/compare/remove': { who: SHOPPERS, ok: 400 },
  'POST /account/wishlist/remove': { who: SHOPPERS, ok: 400 },
  'GET /account/wishlist/getWishlist': { who: SHOPPERS, ok: 200 },
  'GET /api/order/info': { who: STAFF, ok: 400 },
  'GET /pos/order/void': { who: MONEY, ok: 400 },
  'POST /pos/order/history': { who: STAFF, ok: 400 },
  'GET /pos/order/histories': { who: STAFF, ok: 400 },
  'POST /pos/order/histories': { who: STAFF, ok: 400 },
  'POST /api/cart/applyPoNumber': { who: STAFF, ok: 400 },
  'POST /pos/order/applyPoNumber': { who: STAFF, ok: 400 },
  'POST /pos/checkout/setCustomer': { who: STAFF, ok: 400 },
  'POST /pos/order/setCustomer': { who: STAFF, ok: 400 },
  'GET /pos/customer/search': { who: STAFF, ok: 200 },
  'GET /pos/order/continue': { who: STAFF, ok: 400 },
  'GET /pos/checkout/getTransactions': { who: STAFF, ok: 400 },
  'POST /pos/checkout/addTransaction': { who: MONEY, ok: 400 },
  'POST /pos/checkout/voidTransaction': { who: MONEY, ok: 400 },
  'GET /pos/checkout/voidTransactions': { who: MONEY, ok: 400 },
  'POST /pos/checkout/complete': { who: MONEY, ok: 400 },
  'GET /pos/checkout/getVoucher': { who: MONEY, ok: 400 },
  'GET /pos/checkout/getTerminals': { who: MONEY, ok: 200 },
  'POST /pos/checkout/cardPayment': { who: MONEY, ok: 400 },
  'GET /pos/checkout/cardPayment': { who: MONEY, ok: 400 },
  'GET /pos/checkout/cardPayment/events': { who: MONEY, ok: 400 },
  'GET /pos/checkout/cancelSmartTerminal': { who: MONEY, ok: 400 },
  'GET /pos/checkout/voidOrReturn': { who: MONEY, ok: 400 },
  'POST /pos/order/send': { who: STAFF, ok: 400 },
  'POST /pos/order/sendPaymentURL': { who: MONEY, ok: 400 },
  'GET /pos/order/invoice': { who: STAFF, ok: 400 },
  'GET /api/notifications': { who: MONEY, ok: 200 },
  'POST /api/notifications/resend': { who: MONEY, ok: 400 },
  'POST /pos/checkout/updateContactInfo': { who: STAFF, ok: 400 },
  'POST /pos/order/updateContactInfo': { who: STAFF, ok: 400 },
  'GET /pos/checkout/getAppointmentData': { who: STAFF, ok: 400 },
  'GET /pos/order/getAppointmentData': { who: STAFF, ok: 400 },
  'POST /pos/checkout/addAppointment': { who: STAFF, ok: 400 },
  'POST /pos/order/addAppointment': { who: STAFF, ok: 400 },
  'POST /pos/checkout/getInventoryDetails': { who: MONEY, ok: 400 },
  'POST /pos/order/getInventoryDetails': { who: MONEY, ok: 400 },
  'POST /pos/checkout/orderFromDistributor': { who: MONEY, ok: 400 },
  'GET /api/appointments/day': { who: STAFF, ok: 400 },
  'POST /api/appointments/update': { who: STAFF, ok: 400 },
  'GET /api/audit': { who: ['admin'], ok: 200 },
  'GET /api/pay/link': { who: 'all', ok: 400 },
  'POST /api/pay/link': { who: 'all', ok: 400 },
  'GET /': { who: 'all', ok: 404 },
  'GET /index.php?route=product/product/getLocations': { who: 'all', ok: 200 },
  'GET /index.php?route=product/product/getDealerLocatorPopupText': { who: 'all', ok: 200 },
  'GET /index.php?route=tool/captcha': { who: 'all', ok: 200 },
  'GET /index.php?route=^checkout\\/[A-Za-z0-9_-]{1,64}\\/remove$': {
    who: SHOPPERS,
    ok: 404,
    path: '/index.php?route=checkout/voucher/remove',
  },
  'POST /index.php?route=product/product/validateCaptcha': { who: 'all', ok: 400 },
  'POST /index.php?route=product/product/productContactEmail': { who: 'all', ok: 400 },
  'POST /index.php?route=checkout/confirm/createOrder': { who: SHOPPERS, ok: 400 },
  // Online orders (issue 23, docs/decisions/pos.md "Online orders at the counter"): the flat rate is
  // public; a shopper's history is their own (customers only); the counter's pick list and steps are staff's.
  'GET /index.php?route=checkout/shipping_method': { who: 'all', ok: 200 },
  'GET /api/account/order': { who: ['shopper', 'other'], ok: 200 },
  'GET /api/online_order/pick_list': { who: STAFF, ok: 400 },
  'POST /api/online_order/ready': { who: STAFF, ok: 400 },
  'POST /api/online_order/complete': { who: STAFF, ok: 400 },
  'POST /api/online_order/ship': { who: STAFF, ok: 400 },
  'GET /api/gift_certificate': { who: STAFF, ok: 200 },
  'GET /api/gift_certificate/info': { who: STAFF, ok: 400 },
  'DELETE /api/session': { who: 'all', ok: 200, endsSession: true },
  // Prometheus text: admins (or a METRICS_TOKEN bearer, tests/integration/server/metrics.test.ts); never the public.
  'GET /metrics': { who: ['admin'], ok: 200 },
  // Setting up a tablet for HTTPS (server/routes/device-setup.ts): public, over plain HTTP too. The
  // matrix's app has no HTTPS listener of its own, so there is no shop certificate to download.
  'GET /setup/device': { who: 'all', ok: 200 },
  'GET /setup/https-address': { who: 'all', ok: 200 },
  'GET /setup/shop-ca.crt': { who: 'all', ok: 404 },
  'GET /setup/shop-ca.pem': { who: 'all', ok: 404 },
  // Custom form pages and the schedule appointment modal (server/routes/forms.ts): the storefront's, so public.
  'GET /api/forms/:slug': { who: 'all', ok: 200, path: '/api/forms/contact-us' },
  'POST /index.php?route=module/forms/getLocations': { who: 'all', ok: 200 },
  'POST /index.php?route=module/forms/postSubmission': { who: 'all', ok: 400 },
  'POST /index.php?route=information/schedule_appointment': { who: 'all', ok: 400 },
  // The POS day view's appointment requests: staff only (a shopper never sees another's request).
  'GET /api/appointment_requests': { who: STAFF, ok: 400 },
  'POST /api/appointment_requests/status': { who: STAFF, ok: 400 },
  // The dealer locator (server/routes/dealer-locator.ts; docs/decisions/storefront.md "Dealer locator"):
  // public reads; no point or ZIP is a 400. Its Add to Cart is the shopper cart's (staff 403).
  'GET /api/location/getLocations': { who: 'all', ok: 400 },
  'GET /api/location/setGeolocationFromZipCode': { who: 'all', ok: 400 },
  'GET /index.php?route=module/dealer_locator/find_dealer': { who: 'all', ok: 400 },
  'GET /index.php?route=module/dealer_locator/reset_store': { who: 'all', ok: 200 },
  'GET /index.php?route=^(?:module\\/dealer_locator|information\\/contact)\\/(?:modal|list|map)$': {
    who: 'all',
    ok: 200,
    path: '/index.php?route=module/dealer_locator/list&format=json',
  },
  'POST /checkout/cart/storeLocatorAddProduct': { who: SHOPPERS, ok: 400 },
  // Storefront content (docs/decisions/storefront.md "Content blocks"): reads public, edits the admin's.
  'GET /api/content/page/home': { who: 'all', ok: 200 },
  'GET /api/content/site': { who: 'all', ok: 200 },
  'GET /api/content/blog': { who: 'all', ok: 200 },
  'GET /api/content/blocks': { who: ['admin'], ok: 200 },
  'POST /api/content/block/save': { who: ['admin'], ok: 400 },
  'POST /api/content/block/delete': { who: ['admin'], ok: 400 },
  'POST /api/content/settings': { who: ['admin'], ok: 400 },
  // Custom field definitions (docs/decisions/pos.md "Custom fields settings"): the admin's.
  'GET /api/custom_field': { who: ['admin'], ok: 200 },
  'POST /api/custom_field/save': { who: ['admin'], ok: 400 },
  // The kiosk (storefront.md §7; docs/decisions/storefront.md "Kiosk"): video views from the kiosk device
  // account only; the Reset forgets the caller's shopper state (a shopper account is signed out);
  // staff hand the device to the kiosk account (their session ends).
  'POST /tool/kiosk/video': { who: ['kiosk'], ok: 400 },
  'GET /account/logout/clearSession': { who: 'all', ok: 200, endsSession: true },
  'POST /pos/kiosk/start': { who: STAFF, ok: 200, endsSession: true },
  // The admin's kiosk settings and video report; custom forms' admin (docs/decisions/storefront.md
  // "Kiosk settings and video report", "Custom forms admin"): shoppers, the kiosk and other staff refused.
  'GET /api/kiosk/settings': { who: ['admin'], ok: 200 },
  'POST /api/kiosk/settings': { who: ['admin'], ok: 400 },
  'GET /api/kiosk/videos/report': { who: ['admin'], ok: 200 },
  'GET /api/custom-forms': { who: ['admin'], ok: 200 },
  'POST /api/custom-forms/save': { who: ['admin'], ok: 400 },
  'GET /api/custom-forms/:id': { who: ['admin'], ok: 404, path: '/api/custom-forms/999999' },
  'GET /api/custom-forms/:id/submissions': { who: ['admin'], ok: 404, path: '/api/custom-forms/999999/submissions' },
};

export function expectedStatus(e: MatrixEntry, role: MatrixRole): number {
  const allowed = e.who === 'all' || e.who.includes(role);
  if (!allowed) return role === 'guest' ? 401 : 403;
  return typeof e.ok === 'number' ? e.ok : (e.ok[role] ?? 200);
}
