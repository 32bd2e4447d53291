import type { FastifyInstance } from 'fastify';
import { ordersListQuerySchema, type OrdersListReply } from '../../src/contracts/orders-list';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import type { OrderListService } from '../services/pos/order-list-service';

export function orderRoutes(app: FastifyInstance, orders: OrderListService): void {
  app.get('/api/order', { config: { access: allow('order.read') } }, (req): Promise<OrdersListReply> =>
    orders.list(parse(ordersListQuerySchema, req.query)),
  );
}
