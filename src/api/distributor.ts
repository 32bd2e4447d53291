import {
  distributorOrderReplySchema,
  inventoryDetailsReplySchema,
  type DistributorOrderReply,
  type DistributorOrderRequest,
  type InventoryDetailsReply,
} from '../contracts/distributor';
import { request } from './http';

/** POST /pos/checkout/getInventoryDetails (pos-back-office.md §7): the distributor's stock of the parts. */
export function getInventoryDetails(
  products: { aaia: string; mpn: string }[],
  signal?: AbortSignal,
): Promise<InventoryDetailsReply> {
  return request('/pos/checkout/getInventoryDetails', inventoryDetailsReplySchema, {
    method: 'POST',
    body: { products },
    ...(signal ? { signal } : {}),
  });
}

/** POST /pos/checkout/orderFromDistributor?orderId= (docs/decisions/distributor.md): submits the order form. */
export function orderFromDistributor(
  orderId: string | number,
  form: DistributorOrderRequest,
): Promise<DistributorOrderReply> {
  return request(
    `/pos/checkout/orderFromDistributor?orderId=${encodeURIComponent(String(orderId))}`,
    distributorOrderReplySchema,
    { method: 'POST', body: form },
  );
}
