/** GET /api/customer/get?customerId=: one customer from the server (the admin screen, for a customer this device has not pulled yet). */
import { customerGetReplySchema, type CustomerGetReply } from '../contracts/customer-form';
import { request, toQueryString } from './http';

export function getServerCustomer(customerId: string, signal?: AbortSignal): Promise<CustomerGetReply> {
  return request(`/api/customer/get${toQueryString({ customerId })}`, customerGetReplySchema, { signal });
}
