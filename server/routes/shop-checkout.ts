/**
 * POST /index.php?route=checkout/confirm/createOrder for guests and customers (storefront.md §7).
 * Staff check out at the counter (/pos/checkout), so they are refused here.
 */
import type { FastifyInstance } from 'fastify';
import { createOrderRequestSchema } from '../../src/contracts/shop-checkout';
import { allow } from '../auth/permissions';
import { indexPhpRoute } from '../http/index-php';
import { parse } from '../http/parse';
import type { ShopCheckoutService } from '../services/shop/shop-checkout-service';
import { shopCaller } from './shop-cart';

export function shopCheckoutRoutes(app: FastifyInstance, checkout: ShopCheckoutService): void {
  indexPhpRoute(app, 'POST', 'checkout/confirm/createOrder', allow('shop.checkout'), (req) =>
    checkout.createOrder(shopCaller(req), parse(createOrderRequestSchema, req.body ?? {})),
  );
}
