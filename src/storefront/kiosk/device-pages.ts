/**
 * The kiosk's offline /{slug} pages and listings (docs/decisions/storefront.md "Kiosk pages
 * offline"): the device catalog's readers (src/db/catalog-pages.ts) over the tab's read connection,
 * a listing's search answered by the sync worker's index (sync/catalog-index.ts) as the search bar
 * is. Its own chunk: imported on the first page the server could not give, on a kiosk only.
 */
import type { ProductsListQuery, ProductsListReply } from '../../contracts/products-list';
import { devicePageBySlug, deviceProducts, type DevicePage } from '../../db/catalog-pages';
import { deviceDb } from '../../device/device-db';
import { kioskConnection } from './kiosk-sync';

/** Hits a search listing takes from the index (the server's listing pages through them alike). */
const SEARCH_HITS = 1000;

export function devicePage(slug: string, signedIn: boolean): Promise<DevicePage | null> {
  return devicePageBySlug(deviceDb(), slug, { signedIn, now: new Date() });
}

/** The index's hits for a search, in rank order; undefined without an index (the reader then matches words). */
async function searchHits(search: string): Promise<number[] | undefined> {
  const c = kioskConnection();
  if (!c) return undefined;
  const res = await c.ready
    .then(() => c.api.searchParts(search, { limit: SEARCH_HITS, sectionLimit: 0 }))
    .catch(() => null);
  return res?.ready ? res.parts.map((p) => p.product_id) : undefined;
}

export async function deviceListing(q: ProductsListQuery, signedIn: boolean): Promise<ProductsListReply> {
  const only = q.search ? await searchHits(q.search) : undefined;
  return deviceProducts(deviceDb(), q, { signedIn, now: new Date() }, only);
}
