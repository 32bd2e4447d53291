import type { FastifyInstance } from 'fastify';
import { ordersListQuerySchema, type OrdersListReply } from '../../src/contracts/orders-list';
import { onlineOrderStore } from '../../src/domain/online-orders';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import type { OrderListService } from '../services/pos/order-list-service';

export function orderRoutes(app: FastifyInstance, orders: OrderListService): void {
  app.get('/api/order', { config: { access: allow('order.read') } }, (req): Promise<OrdersListReply> => {
    // The Online tab's store is the session's (docs/decisions/pos.md "Online orders at the counter").
    const store = req.user ? onlineOrderStore({ role: req.user.role, locationId: req.user.locationId ?? null }) : null;
    return orders.list(parse(ordersListQuerySchema, req.query), store);
  });
}
