/**
 * GET /pos/customer/search?s=: the server's customer search (name, email or phone; at most 10),
 * used by the customers list for customers this device has not pulled yet (docs/api.md).
 */
import { customerSearchReplySchema, type CustomerSearchReply } from '../contracts/pos-order';
import { request, toQueryString } from './http';

export function searchServerCustomers(s: string, signal?: AbortSignal): Promise<CustomerSearchReply> {
  return request(`/pos/customer/search${toQueryString({ s })}`, customerSearchReplySchema, { signal });
}

/** GET /pos/customer/search?filter_ip=: the accounts seen at one IP address (the IP Addresses tab's link). */
export function customersAtIp(ip: string, signal?: AbortSignal): Promise<CustomerSearchReply> {
  return request(`/pos/customer/search${toQueryString({ filter_ip: ip })}`, customerSearchReplySchema, { signal });
}
