import { queryOptions } from '@tanstack/react-query';
import {
  contactLocationsReplySchema,
  dealerLocatorPopupTextReplySchema,
  productContactReplySchema,
  validateCaptchaReplySchema,
  type ProductContactRequest,
} from '../contracts/product-contact';
import { request } from './http';

/** The Contact Us modal's calls, index.php?route=product/product/... (storefront.md §7). */
const R = (route: string) => `/index.php?route=${route}`;

/** The captcha image; `n` busts the browser cache so each request shows a new challenge. */
export const captchaImageUrl = (n: number): string => `${R('tool/captcha')}&n=${n}`;

export const contactLocationsQueryOptions = queryOptions({
  queryKey: ['contact-locations'] as const,
  queryFn: ({ signal }) => request(R('product/product/getLocations'), contactLocationsReplySchema, { signal }),
  staleTime: 5 * 60_000,
});

export const dealerPopupTextQueryOptions = queryOptions({
  queryKey: ['dealer-popup-text'] as const,
  queryFn: ({ signal }) =>
    request(R('product/product/getDealerLocatorPopupText'), dealerLocatorPopupTextReplySchema, { signal }),
  staleTime: 5 * 60_000,
});

export function validateCaptcha(captchaInput: string) {
  return request(R('product/product/validateCaptcha'), validateCaptchaReplySchema, {
    method: 'POST',
    body: { captchaInput },
  });
}

export function sendProductContact(form: ProductContactRequest) {
  return request(R('product/product/productContactEmail'), productContactReplySchema, { method: 'POST', body: form });
}
