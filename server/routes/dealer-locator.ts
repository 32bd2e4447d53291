/**
 * The dealer locator's calls (storefront.md §7 "Dealer locator", "Cart"; docs/decisions/storefront.md
 * "Dealer locator"), all public (§6: shoppers, guests and staff may use the locator):
 * - GET /api/location/getLocations (user_lat, user_lng, distance, limit): the nearest stores;
 * - GET /api/location/setGeolocationFromZipCode?address={zip}: geo {lat, lng}, offline;
 * - GET /index.php?route=module/dealer_locator/find_dealer&id={id}: location_name, address;
 * - GET /index.php?route=module/dealer_locator/reset_store: forgets the chosen store (its cookie);
 * - GET /index.php?route={data source}{type}&format=json, the data source being
 *   module/dealer_locator/ or information/contact/ and the type modal, list or map;
 * - POST /checkout/cart/storeLocatorAddProduct (product_id, quantity): the modal's Add to Cart,
 *   the shopper cart's add (shoppers only, like the cart).
 * Bad input is a 400 with a clear message; nothing here answers 500 for what a caller sends.
 */
import type { FastifyInstance } from 'fastify';
import { LOCATOR_TYPES, type LocatorType } from '../../src/contracts/dealer-locator';
import {
  findDealerRequestSchema,
  locatorQuerySchema,
  nearbyLocationsRequestSchema,
  zipGeoRequestSchema,
} from '../../src/contracts/dealer-locator-request';
import { shopCartAddRequestSchema } from '../../src/contracts/shop-cart';
import { LOCATOR_PICKUP_COOKIE } from '../../src/domain/constants';
import { allow } from '../auth/permissions';
import { indexPhp } from '../http/index-php';
import { parse } from '../http/parse';
import type { LocatorService } from '../services/locator/locator-service';
import type { ShopCartService } from '../services/shop/shop-cart-service';
import { sendShopResult, shopCaller } from './shop-cart';

export interface LocatorRouteDeps {
  locator: LocatorService;
  cart: ShopCartService;
  /** Secure flag: 'auto' sets it on HTTPS requests (server/config.ts). */
  secureCookies: boolean | 'auto';
}

/** The data source's route values: {module/dealer_locator/ | information/contact/}{modal | list | map}. */
export const LOCATOR_DATA_ROUTE = /^(?:module\/dealer_locator|information\/contact)\/(?:modal|list|map)$/;

export function dealerLocatorRoutes(app: FastifyInstance, deps: LocatorRouteDeps): void {
  const pub = { config: { access: 'public' as const } };

  app.get('/api/location/getLocations', pub, (req) =>
    deps.locator.nearby(parse(nearbyLocationsRequestSchema, req.query ?? {})),
  );

  app.get('/api/location/setGeolocationFromZipCode', pub, (req) =>
    deps.locator.geocodeZip(parse(zipGeoRequestSchema, req.query ?? {}).address),
  );

  const router = indexPhp(app);
  router.get('module/dealer_locator/find_dealer', 'public', (req) =>
    deps.locator.findDealer(parse(findDealerRequestSchema, req.query ?? {}).id),
  );

  // Only the caller's own cookie changes (no stored state), so it needs no CSRF token: a forged
  // reset costs the shopper one click on Make My Store (docs/decisions/storefront.md "Dealer locator").
  router.get('module/dealer_locator/reset_store', 'public', (_req, reply) => {
    void reply.clearCookie(LOCATOR_PICKUP_COOKIE, { path: '/', sameSite: 'lax', secure: deps.secureCookies });
    return { success: true as const };
  });

  router.get(LOCATOR_DATA_ROUTE, 'public', (req) => {
    const route = String((req.query as { route?: unknown }).route).replace(/^\/+|\/+$/g, '');
    const type = route.slice(route.lastIndexOf('/') + 1) as LocatorType;
    if (!LOCATOR_TYPES.includes(type)) throw new Error(`unreachable locator type ${type}`);
    return deps.locator.search(type, parse(locatorQuerySchema, req.query ?? {}));
  });

  app.post('/checkout/cart/storeLocatorAddProduct', { config: { access: allow('shop.cart') } }, async (req, reply) => {
    const b = parse(shopCartAddRequestSchema, req.body ?? {});
    const result = await deps.cart.add(shopCaller(req), {
      product_id: b.product_id,
      quantity: b.quantity,
      option: {},
      apply_labor: false,
    });
    return sendShopResult(reply, result, { secureCookies: deps.secureCookies });
  });
}
