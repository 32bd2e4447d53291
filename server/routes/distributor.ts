/**
 * Distributor ordering (pos-back-office.md §7 POST getInventoryDetails; the submit call is ours,
 * docs/decisions/distributor.md): served beside the other checkout calls under /pos/checkout/ and
 * /pos/order/. Both need `distributor.order` (cashiers and admins): the table shows what the shop
 * pays, and a purchase order spends the shop's money.
 */
import type { FastifyInstance } from 'fastify';
import {
  distributorOrderRequestSchema,
  inventoryDetailsRequestSchema,
  orderFromDistributorQuerySchema,
  type DistributorOrderReply,
  type InventoryDetailsReply,
} from '../../src/contracts/distributor';
import { allow } from '../auth/permissions';
import { parse } from '../http/parse';
import type { DistributorService } from '../services/distributor/distributor-service';

const mayOrder = { config: { access: allow('distributor.order') } };

export function distributorRoutes(app: FastifyInstance, distributor: DistributorService): void {
  for (const base of ['/pos/checkout', '/pos/order']) {
    app.post(`${base}/getInventoryDetails`, mayOrder, (req): Promise<InventoryDetailsReply> =>
      distributor.inventoryDetails(parse(inventoryDetailsRequestSchema, req.body ?? {}), req.user?.locationId ?? null),
    );
  }
  app.post('/pos/checkout/orderFromDistributor', mayOrder, (req): Promise<DistributorOrderReply> => {
    const { orderId } = parse(orderFromDistributorQuerySchema, req.query);
    return distributor.order(
      orderId,
      parse(distributorOrderRequestSchema, req.body ?? {}),
      String(req.user?.username ?? req.user?.id ?? ''),
    );
  });
}
