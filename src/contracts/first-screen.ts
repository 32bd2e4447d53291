/**
 * The first screen a navigation gets from the server (docs/decisions/storefront.md "Server-rendered
 * first screen"): the page's first API reply embedded in the HTML, and that screen rendered from it
 * by the client's own components (the build's SSR bundle, dist/ssr/first-screen.js).
 *
 * The server never imports client code: it loads the built bundle at run time and calls it through
 * this interface; without a build (tests, dev) it embeds the data only.
 */

/** The listing `/product/catalog` asks for first when its URL has no query string (the client's exact path). */
export const CATALOG_FIRST_PATH = '/api/products/?page=1&limit=24&sort=name&order=asc';

/**
 * That read for a shopper with a chosen store (the locator_pickup_location cookie): the client adds
 * `&store={id}` (src/api/get-products.ts), and so do index.html's early read and the server's page.
 */
export function catalogFirstPath(store: number | null): string {
  return store === null ? CATALOG_FIRST_PATH : `${CATALOG_FIRST_PATH}&store=${store}`;
}

/** Whether `path` is the catalog's first read, with or without a store. */
export function isCatalogFirstPath(path: string): boolean {
  return (
    path === CATALOG_FIRST_PATH ||
    (path.startsWith(CATALOG_FIRST_PATH) && /^&store=[1-9]\d*$/.test(path.slice(CATALOG_FIRST_PATH.length)))
  );
}

/** The chosen store in a locator_pickup_location cookie's value as the page reads it (a positive whole number), else null. */
export function pickupStoreOf(value: string | null | undefined): number | null {
  const n = Number(value ?? '');
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The product page's first read for a `/{slug}` link (the client's exact path). */
export function productPagePath(slug: string): string {
  return `/api/products/page/${encodeURIComponent(slug)}`;
}

/**
 * The dealer locator page (`/index.php?route=module/dealer_locator`, no locator_filter cookie): its
 * list with no search, exactly as the client asks for it (src/api/dealer-locator.ts `locatorPath`:
 * URLSearchParams writes the route's slashes as %2F). docs/decisions/storefront.md "Dealer locator:
 * first screen".
 */
export const LOCATOR_FIRST_PATH = '/index.php?route=module%2Fdealer_locator%2Flist&format=json';

/** The locator page's own `route` values (with or without the trailing slash). */
export const LOCATOR_PAGE_ROUTES: readonly string[] = ['module/dealer_locator', 'module/dealer_locator/'];

/** The id of the `<script type="application/json">` that carries the data; its `data-path` is the read it answers. */
export const FIRST_DATA_ELEMENT_ID = 'pd-first-data';

export interface FirstScreenInput {
  /** The page's path and query as the browser asked for it (/product/catalog, /some-product). */
  url: string;
  /** The API read the page's first render makes, and its reply (the body the API would send). */
  path: string;
  body: unknown;
  /** 404: a `/{slug}` link to nothing; render the not-found page (the body is the API's error reply, or null). */
  status?: 200 | 404;
}

export interface FirstScreenRenderer {
  /** The first screen's HTML for #root; null when this page is not one it renders. Never throws on bad data: null. */
  render(input: FirstScreenInput): string | null;
}
