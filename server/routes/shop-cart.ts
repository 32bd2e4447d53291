/**
 * The shopper side of /checkout/cart/* (storefront.md §7 "Cart"). The paths are shared with the
 * staff cart (server/routes/staff-cart.ts): each shared route takes `shopperOr.<call>` as its route
 * options, a preHandler that answers every caller who is not staff from the shopper cart and lets a
 * staff session fall through to the staff handler. So a cashier keeps the POS cart and a guest or
 * customer gets their own, on the same path, with no handler aware of the other.
 * Also GET /index.php?route=checkout/{code}/remove (a total line's code).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import {
  shopCartAddRequestSchema,
  shopCartEditRequestSchema,
  shopCartKeyRequestSchema,
} from '../../src/contracts/shop-cart';
import { cartCodeRequestSchema } from '../../src/contracts/staff-cart';
import { allow } from '../auth/permissions';
import { indexPhpRoute } from '../http/index-php';
import { isNavigation } from '../http/navigation';
import { parse } from '../http/parse';
import type { ShopCaller, ShopCartService, ShopResult } from '../services/shop/shop-cart-service';
import { SHOPPER_COOKIE, SHOPPER_COOKIE_MAX_AGE_S } from '../services/shop/shop-cart-shopper';

export interface ShopCookieOptions {
  /** Secure flag: 'auto' sets it on HTTPS requests (server/config.ts). */
  secureCookies: boolean | 'auto';
}

type ShopCall = (req: FastifyRequest) => Promise<ShopResult<unknown>>;

export interface ShopperDispatch {
  getData: RouteShorthandOptions;
  add: RouteShorthandOptions;
  edit: RouteShorthandOptions;
  remove: RouteShorthandOptions;
  applyCode: RouteShorthandOptions;
  removeCode: RouteShorthandOptions;
}

/** The shopper of a request: a signed-in customer, else a guest known by the pd_shopper cookie. */
export function shopCaller(req: FastifyRequest): ShopCaller {
  const customer = req.user?.kind === 'customer' ? req.user.id : null;
  return {
    customerUuid: customer,
    token: req.cookies[SHOPPER_COOKIE] ?? null,
    loggedIn: customer !== null,
    kiosk: req.user?.role === 'kiosk',
  };
}

export function sendShopResult<T>(reply: FastifyReply, result: ShopResult<T>, opts: ShopCookieOptions): T {
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies };
  if (typeof result.cookie === 'string')
    void reply.setCookie(SHOPPER_COOKIE, result.cookie, { ...cookie, maxAge: SHOPPER_COOKIE_MAX_AGE_S });
  else if (result.cookie === null) void reply.clearCookie(SHOPPER_COOKIE, cookie);
  return result.reply;
}

const body = (req: FastifyRequest): unknown => req.body ?? {};

export function shopperDispatch(cart: ShopCartService, opts: ShopCookieOptions): ShopperDispatch {
  const route = (call: ShopCall, page = false): RouteShorthandOptions => ({
    config: { access: 'public' },
    // A GET that is also a client page: a navigation gets the app shell (see staff-cart.ts pageOrCall).
    ...(page
      ? {
          onRequest: async (req: FastifyRequest, reply: FastifyReply) =>
            isNavigation(req) ? reply.callNotFound() : undefined,
        }
      : {}),
    preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
      if (req.user?.kind === 'staff') return;
      const result = await call(req);
      return reply.send(sendShopResult(reply, result, opts));
    },
  });

  return {
    getData: route((req) => cart.getData(shopCaller(req)), true),
    add: route((req) => cart.add(shopCaller(req), parse(shopCartAddRequestSchema, body(req)))),
    edit: route((req) => {
      const b = parse(shopCartEditRequestSchema, body(req));
      return cart.edit(shopCaller(req), b.key, b.quantity);
    }),
    remove: route((req) => cart.remove(shopCaller(req), parse(shopCartKeyRequestSchema, body(req)).key)),
    applyCode: route((req) => {
      const b = parse(cartCodeRequestSchema, body(req));
      return cart.applyCode(shopCaller(req), b.type, b.code);
    }),
    removeCode: route((req) => {
      const b = parse(cartCodeRequestSchema, body(req));
      return cart.removeCode(shopCaller(req), b.type, b.code);
    }),
  };
}

/**
 * GET /index.php?route=checkout/{code}/remove: removes the total line of that code (`voucher`: the
 * applied gift certificates), then the page reloads. Shoppers only; a coupon is 'Invalid code'. It
 * changes the cart, so it needs the session's CSRF token like a POST (docs/security.md).
 */
export function shopCartIndexRoutes(app: FastifyInstance, cart: ShopCartService, opts: ShopCookieOptions): void {
  indexPhpRoute(
    app,
    'GET',
    /^checkout\/[A-Za-z0-9_-]{1,64}\/remove$/,
    allow('shop.cart'),
    async (req, reply) => {
      const route = (req.query as { route?: unknown }).route;
      const type = typeof route === 'string' && route.split('/')[1] === 'voucher' ? 'voucher' : 'coupon';
      return sendShopResult(reply, await cart.removeCode(shopCaller(req), type, null), opts);
    },
    { changesState: true },
  );
}
