/**
 * The dealer locator's calls (storefront.md §7 "Dealer locator", "Cart" storeLocatorAddProduct;
 * docs/decisions/storefront.md "Dealer locator"). The data source is
 * `/index.php?route={source}{type}&format=json`, source module/dealer_locator/ or information/contact/.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  findDealerReplySchema,
  locatorResponseSchema,
  nearbyLocationsReplySchema,
  resetStoreReplySchema,
  zipGeoReplySchema,
  type LocatorType,
} from '../contracts/dealer-locator';
import { request, toQueryString } from './http';

export interface LocatorParams {
  search?: string | undefined;
  distance?: number | undefined;
  filter?: string | undefined;
  selected_store?: number | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

/** The data source's path for a query (the locator page's first one is LOCATOR_FIRST_PATH, src/contracts/first-screen.ts). */
export function locatorPath(source: string, type: LocatorType, params: LocatorParams): string {
  return `/index.php${toQueryString({ route: `${source}${type}`, format: 'json', ...params })}`;
}

export function locatorQueryOptions(source: string, type: LocatorType, params: LocatorParams) {
  return queryOptions({
    queryKey: ['dealer-locator', source, type, params] as const,
    queryFn: ({ signal }) => request(locatorPath(source, type, params), locatorResponseSchema, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

/** find_dealer: the chosen store's name and address for the navigation bar. */
export function findDealerQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['dealer', id] as const,
    queryFn: ({ signal }) =>
      request(`/index.php?route=module/dealer_locator/find_dealer&id=${id}`, findDealerReplySchema, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function resetStore() {
  return request('/index.php?route=module/dealer_locator/reset_store', resetStoreReplySchema);
}

export function geocodeZip(zip: string) {
  return request(`/api/location/setGeolocationFromZipCode${toQueryString({ address: zip })}`, zipGeoReplySchema);
}

/** getLocations: failure is an empty list (§7). */
export async function nearbyStores(lat: number, lng: number, distance?: number, limit?: number) {
  try {
    const r = await request(
      `/api/location/getLocations${toQueryString({ user_lat: lat, user_lng: lng, distance, limit })}`,
      nearbyLocationsReplySchema,
    );
    return r.locations;
  } catch (err) {
    console.warn('getLocations failed', err);
    return [];
  }
}

/** The modal's Add to Cart: the shopper cart's add; the reply is the cart (its contract lives with the cart). */
export function storeLocatorAddProduct(productId: number, quantity: number) {
  return request('/checkout/cart/storeLocatorAddProduct', z.object({ products: z.array(z.unknown()) }), {
    method: 'POST',
    body: { product_id: productId, quantity },
  });
}
