/**
 * The staff cart, /checkout/cart/* (pos-back-office.md §7 "Staff cart"). Staff only; the cart is
 * the caller's SESSION's (server/services/pos/pos-cart-store.ts), so another cashier's cart is never
 * reachable. Thin: parse with the contract, resolve the caller, call the service. Every call answers
 * the whole cart (src/contracts/staff-cart.ts). GET calls that change state (saveOrder, abandonOrder,
 * cancelOrder, ...) are GET because the spec lists them so. The session cookie is SameSite=Lax, so
 * the only cross-site request that carries it is a top-level navigation: every GET here answers a
 * navigation with the app shell (`pageOrCall`) and never runs for one, so a link cannot cancel a cart.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cartAddRequestSchema,
  cartApplyLaborRequestSchema,
  cartCheckoutDataRequestSchema,
  cartCodeRequestSchema,
  cartCustomProductRequestSchema,
  cartEditRequestSchema,
  cartGetCustomerRequestSchema,
  cartKeyRequestSchema,
  cartSetCustomerRequestSchema,
  cartUpdateLaborRequestSchema,
  cartUpdatePriceRequestSchema,
  type StaffCartReply,
} from '../../src/contracts/staff-cart';
import type { Access } from '../auth/access';
import { allow } from '../auth/permissions';
import { unauthorized } from '../http/errors';
import { isNavigation } from '../http/navigation';
import { parse } from '../http/parse';
import { staffActor } from '../commands/actor';
import type { YmmVehicle } from '../services/pos/pos-cart-reply';
import type { CartCaller, StaffCartService } from '../services/pos/staff-cart-service';
import type { ShopperDispatch } from './shop-cart';

export interface StaffCartRouteDeps {
  cart: StaffCartService;
  /** The current YMM selection of this browser (the fitment cookie), or null. */
  ymm(req: FastifyRequest): Promise<YmmVehicle>;
  /** Route options that answer guests and customers from the shopper cart on the shared paths (./shop-cart.ts). */
  shopper: ShopperDispatch;
}

type Reply = Promise<StaffCartReply>;

const staff = { config: { access: allow('pos.cart') } };
/**
 * A GET that is (or sits among) client pages: a browser navigation gets the app shell from the
 * not-found handler, before the staff check (the shell signs in); only a call runs the route.
 */
export const pageOrCallWith = (access: Access, changesState = false) => ({
  config: { access, changesState },
  onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
    if (isNavigation(req)) return reply.callNotFound();
  },
});
export const pageOrCall = pageOrCallWith(allow('pos.cart'));
/** A page-or-call GET that changes data: the CSRF token is required as on a POST (server/auth/guard.ts). */
const changing = pageOrCallWith(allow('pos.cart'), true);

export function staffCartRoutes(app: FastifyInstance, deps: StaffCartRouteDeps): void {
  const { cart } = deps;
  const caller = async (req: FastifyRequest): Promise<CartCaller> => {
    const actor = staffActor(req.user);
    if (!req.session) throw unauthorized();
    return { actor, session: { idHash: req.session.idHash, staffUserId: Number(actor.id) }, ymm: await deps.ymm(req) };
  };
  const body = (req: FastifyRequest): unknown => req.body ?? {};

  app.get('/checkout/cart/getData', deps.shopper.getData, async (req): Reply => cart.getData(await caller(req)));
  app.post('/checkout/cart/add', deps.shopper.add, async (req): Reply =>
    cart.add(await caller(req), parse(cartAddRequestSchema, body(req))),
  );
  app.put('/checkout/cart/edit', deps.shopper.edit, async (req): Reply => {
    const b = parse(cartEditRequestSchema, body(req));
    return cart.edit(await caller(req), b.key, b.quantity);
  });
  app.post('/checkout/cart/remove', deps.shopper.remove, async (req): Reply =>
    cart.remove(await caller(req), parse(cartKeyRequestSchema, body(req)).key),
  );

  // Gift certificates redeemed on the cart; coupons do not exist (src/domain/cart-codes.ts).
  app.post('/checkout/cart/applyCode', deps.shopper.applyCode, async (req): Reply =>
    cart.applyCode(await caller(req), parse(cartCodeRequestSchema, body(req))),
  );
  app.post('/checkout/cart/removeCode', deps.shopper.removeCode, async (req): Reply =>
    cart.removeCode(await caller(req), parse(cartCodeRequestSchema, body(req))),
  );

  app.post('/checkout/cart/setCustomer', staff, async (req): Reply =>
    cart.setCustomer(await caller(req), parse(cartSetCustomerRequestSchema, body(req)).customer_id),
  );
  app.get('/checkout/cart/removeCustomer', changing, async (req): Reply => cart.removeCustomer(await caller(req)));
  app.post('/checkout/cart/getCustomer', staff, async (req): Reply =>
    cart.getCustomer(await caller(req), parse(cartGetCustomerRequestSchema, body(req)).customerData),
  );
  app.post('/checkout/cart/setCheckoutData', staff, async (req): Reply => {
    const b = parse(cartCheckoutDataRequestSchema, body(req));
    return cart.setCheckoutData(await caller(req), b.customer_id === '' ? null : b.customer_id);
  });

  app.get('/checkout/cart/saveOrder', changing, async (req): Reply => cart.saveOrder(await caller(req)));
  // The quote call's path is not shown in the spec; ours (docs/decisions/pos.md "Staff cart and POS
  // order calls").
  app.get('/checkout/cart/quoteOrder', changing, async (req): Reply => cart.quoteOrder(await caller(req)));
  app.get('/checkout/cart/abandonOrder', changing, async (req): Reply => cart.abandonOrder(await caller(req)));
  app.get('/checkout/cart/cancelOrder', changing, async (req): Reply => cart.cancelOrder(await caller(req)));
  app.get('/checkout/cart/saveOrderAndCheckout', changing, async (req): Reply =>
    cart.saveOrderAndCheckout(await caller(req)),
  );
  app.get('/checkout/cart/removeCredit', changing, async (req): Reply => cart.removeCredit(await caller(req)));

  app.post('/checkout/cart/updatePrice', { config: { access: allow('pos.price_override') } }, async (req): Reply => {
    const b = parse(cartUpdatePriceRequestSchema, body(req));
    return cart.updatePrice(await caller(req), b.key, b.newPrice);
  });
  app.post('/checkout/cart/addCustomProduct', staff, async (req): Reply =>
    cart.addCustomProduct(await caller(req), parse(cartCustomProductRequestSchema, body(req))),
  );
  app.post('/checkout/cart/applyLabor', staff, async (req): Reply =>
    cart.applyLabor(await caller(req), parse(cartApplyLaborRequestSchema, body(req))),
  );
  app.post('/checkout/cart/updateLabor', staff, async (req): Reply =>
    cart.updateLabor(await caller(req), parse(cartUpdateLaborRequestSchema, body(req))),
  );
}
