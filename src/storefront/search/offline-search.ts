/**
 * Suggestions from the device's own catalog (POS and kiosk devices: the sync worker's offline index,
 * sync/catalog-index.ts), in the server's reply shape so the search bar renders one thing.
 * The worker's hits carry no slug or price: those come from the cached product rows in this
 * tab's read connection to the device cache.
 *
 * The device cache's modules (Dexie, the catalog chunk reads, the lookups) are imported on demand:
 * a POS or kiosk device has them loaded already (its sync and screens read the cache), so this
 * chunk carries only the search's own code (docs/decisions/storefront.md "Lazy areas under 50 KB").
 */
import type { Remote } from 'comlink';
import type { SyncWorkerApi } from '../../../sync/api';
import { randomUuid } from '../../db/ids';
import { loginToViewPrice, priceView } from '../../domain/price-visibility';
import type { SearchAutocompleteReply, SearchSectionHit } from '../../contracts/search-autocomplete';

const SEARCH_PAGE = '/index.php?route=product/search';
const MONEY = /^\d+\.\d{2}$/;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Null while the device's index is not built yet (first download): ask the server then. `wait`
 * (no network): an index being built is waited for, null only when none is coming.
 * `signedIn`: prices follow the server's rule (src/domain/price-visibility.ts) with the shop's
 * settings as this device last pulled them, so a kiosk guest sees none when `customer_price` is on.
 */
export async function searchOffline(
  api: Remote<SyncWorkerApi>,
  q: string,
  width: number,
  signedIn: boolean,
  wait = false,
): Promise<SearchAutocompleteReply | null> {
  const res = await api.searchParts(q, { width, wait });
  if (!res.ready) return null;
  const [{ deviceDb }, { productRows }, { lookupRows }] = await Promise.all([
    import('../../device/device-db'),
    import('../../db/product-chunks'),
    import('../../db/queries'),
  ]);
  const loginForPrice =
    !signedIn &&
    loginToViewPrice(
      Object.fromEntries(
        (await lookupRows<{ key: string; value: unknown }>(deviceDb(), 'settings')).map((r) => [r.key, r.value]),
      ),
    );
  const queryID = randomUuid().replace(/-/g, '');
  const withId = (url: string) => `${url}${url.includes('?') ? '&' : '?'}queryID=${queryID}`;
  const rows = await productRows(
    deviceDb(),
    res.parts.map((p) => p.product_id),
  );
  const section = (hits: typeof res.brands, url: (id: number, name: string) => string): SearchSectionHit[] =>
    hits.map((h) => ({ id: h.id, name: h.name, count: h.count, url: withId(url(h.id, h.name)) }));
  return {
    queryID,
    total: res.total,
    total_capped: false,
    parts: res.parts.map((p, i) => {
      const row = rows[i];
      const price = str(row?.price);
      return {
        product_id: p.product_id,
        name: p.name,
        mpn: p.mpn,
        brand: p.brand ?? '',
        image: str(row?.image),
        price:
          priceView({ loginToViewPrice: loginForPrice, signedIn, disablePricing: row?.disable_pricing === true })
            .hidden || !MONEY.test(price)
            ? null
            : price,
        match: p.match,
        url: withId(`/${str(row?.slug) || `index.php?route=product/product&product_id=${p.product_id}`}`),
      };
    }),
    categories: section(res.categories, (id) => `${SEARCH_PAGE}&search=${encodeURIComponent(q)}&category_id=${id}`),
    series: section(res.series, (_id, name) => `${SEARCH_PAGE}&search=${encodeURIComponent(name)}`),
    brands: section(res.brands, (id) => `${SEARCH_PAGE}&search=${encodeURIComponent(q)}&manufacturer_id=${id}`),
    show_more_url: withId(`${SEARCH_PAGE}&search=${encodeURIComponent(q)}`),
  };
}
