/**
 * Online orders (issue 23; docs/decisions/storefront.md "Online orders and fulfilment",
 * docs/decisions/pos.md "Online orders at the counter"). The spec names no path for these; ours:
 * - GET /index.php?route=checkout/shipping_method (public): the flat rate the checkout shows.
 * - GET /api/account/order (signed-in customers): their own orders.
 * - GET /api/online_order/pick_list?order_id= (staff): the pick list.
 * - POST /api/online_order/ready | complete | ship {order_id} (staff): the counter's steps.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { onlineOrderQuerySchema } from '../../src/contracts/online-orders';
import type { OnlineAction } from '../../src/domain/online-orders';
import { allow } from '../auth/permissions';
import { staffActor } from '../commands/actor';
import { unauthorized } from '../errors';
import { indexPhpRoute } from '../http/index-php';
import { parse } from '../http/parse';
import type { AccountOrdersService } from '../services/shop/account-orders-service';
import type { CounterStaff, OnlineOrderService } from '../services/pos/online-order-service';

export interface OnlineOrderRouteDeps {
  online: OnlineOrderService;
  accountOrders: AccountOrdersService;
}

function counterStaff(req: FastifyRequest): CounterStaff {
  return { actor: staffActor(req.user), locationId: req.user?.locationId ?? null };
}

export function onlineOrderRoutes(app: FastifyInstance, deps: OnlineOrderRouteDeps): void {
  indexPhpRoute(app, 'GET', 'checkout/shipping_method', 'public', () => deps.online.shippingMethod());

  app.get('/api/account/order', { config: { access: allow('account.orders') } }, async (req) => {
    if (req.user?.kind !== 'customer') throw unauthorized();
    return deps.accountOrders.list(req.user.id);
  });

  app.get('/api/online_order/pick_list', { config: { access: allow('order.read') } }, async (req) => {
    const q = parse(onlineOrderQuerySchema, req.query);
    return deps.online.pickList(counterStaff(req), q.order_id);
  });

  for (const action of ['ready', 'complete', 'ship'] as const satisfies readonly OnlineAction[]) {
    app.post(`/api/online_order/${action}`, { config: { access: allow('order.fulfil') } }, async (req) => {
      const body = parse(onlineOrderQuerySchema, req.body ?? {});
      return deps.online.step(counterStaff(req), body.order_id, action);
    });
  }
}
