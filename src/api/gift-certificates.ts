/** The staff view of gift certificates (src/contracts/gift-certificate.ts): a page of them, and one with its history. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  GIFT_LIST_LIMIT,
  giftInfoReplySchema,
  giftListReplySchema,
  type GiftInfoReply,
  type GiftListReply,
} from '../contracts/gift-certificate';
import { request, toQueryString } from './http';

export interface GiftListParams {
  page: number;
  filter: string;
}

/** GET /api/gift_certificate: one page of 10, newest issued first, filtered by code or recipient. */
export function getGiftCertificates(q: GiftListParams, signal?: AbortSignal): Promise<GiftListReply> {
  const qs = toQueryString({ page: q.page, limit: GIFT_LIST_LIMIT, filter: q.filter });
  return request(`/api/gift_certificate${qs}`, giftListReplySchema, { signal });
}

export function giftCertificatesQueryOptions(q: GiftListParams) {
  return queryOptions({
    queryKey: ['gift-certificates', q] as const,
    queryFn: ({ signal }) => getGiftCertificates(q, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/gift_certificate/info?code=: one certificate, its selling order and history (404 unknown). */
export function getGiftCertificate(code: string, signal?: AbortSignal): Promise<GiftInfoReply> {
  return request(`/api/gift_certificate/info${toQueryString({ code })}`, giftInfoReplySchema, { signal });
}

export function giftCertificateQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['gift-certificate', code] as const,
    queryFn: ({ signal }) => getGiftCertificate(code, signal),
    retry: false,
  });
}
