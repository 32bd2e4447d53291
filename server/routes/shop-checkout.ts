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

/** Notes the address a signed-in shopper ordered from (docs/decisions/pos.md "Customer IP addresses and tags"). */
export interface OrderIpRecorder {
  record(customerId: string, ip: string | undefined): Promise<void>;
}

/**
 * `afterOrder`: runs once the order committed: hands its confirmation email to the mail adapter
 * now (the outbox's sender would within its poll anyway; docs/decisions/notifications.md).
 */
export function shopCheckoutRoutes(
  app: FastifyInstance,
  checkout: ShopCheckoutService,
  ips?: OrderIpRecorder,
  afterOrder?: (orderId: number) => Promise<void>,
): void {
  indexPhpRoute(app, 'POST', 'checkout/confirm/createOrder', allow('shop.checkout'), async (req) => {
    const caller = shopCaller(req);
    const reply = await checkout.createOrder(caller, parse(createOrderRequestSchema, req.body ?? {}));
    if (ips && caller.customerUuid) await ips.record(caller.customerUuid, req.ip);
    if (afterOrder) await afterOrder(reply.order_id);
    return reply;
  });
}
