/** The IP Addresses tab's calls (src/contracts/customer-ip.ts): list, ban (add), unban (remove), locate. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  customerIpBanReplySchema,
  customerIpListReplySchema,
  ipLocationSchema,
  type CustomerIpBanReply,
  type CustomerIpListReply,
  type CustomerIpSort,
  type IpLocation,
} from '../contracts/customer-ip';
import { request, toQueryString } from './http';

export interface CustomerIpQuery {
  customerId: string;
  page: number;
  sort: CustomerIpSort;
  order: 'asc' | 'desc';
}

/** GET /api/customer_ip: one page (10, §9) of the customer's addresses. */
export function getCustomerIps(q: CustomerIpQuery, signal?: AbortSignal): Promise<CustomerIpListReply> {
  const qs = toQueryString({ customer_id: q.customerId, page: q.page, limit: 10, sort: q.sort, order: q.order });
  return request(`/api/customer_ip${qs}`, customerIpListReplySchema, { signal });
}

export function customerIpsQueryOptions(q: CustomerIpQuery) {
  return queryOptions({
    queryKey: ['customer-ip', q] as const,
    queryFn: ({ signal }) => getCustomerIps(q, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /api/customer_ip/add (ban) or /remove (unban) ?customer_id= with ip. */
export function setIpBanned(customerId: string, ip: string, banned: boolean): Promise<CustomerIpBanReply> {
  const path = `/api/customer_ip/${banned ? 'add' : 'remove'}${toQueryString({ customer_id: customerId })}`;
  return request(path, customerIpBanReplySchema, { method: 'POST', body: { ip } });
}

/** GET /api/customer_ip/location: where the address is (the geolocation adapter). */
export function getIpLocation(customerId: string, ip: string, signal?: AbortSignal): Promise<IpLocation> {
  return request(`/api/customer_ip/location${toQueryString({ customer_id: customerId, ip })}`, ipLocationSchema, {
    signal,
  });
}
