/**
 * The first screen in one render: main.tsx waits (a bounded time) until the router has the
 * first route's code and its first data, so React's first frame is the catalog listing or the
 * product itself rather than a spinner that later turns into it. Route loaders use `firstLoadOnly`:
 * they fill the query cache for that first render only (the early read index.html started is
 * taken here), and later navigations keep their usual in-page loading states.
 */
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { productsQueryOptions } from '../api/get-products';
import { LOCATOR_SOURCE } from '../contracts/dealer-locator';
import { LOCATOR_PAGE_ROUTES } from '../contracts/first-screen';
import { readPickupStoreId } from '../features/shopper-store/cookies';
import { catalogQueryFromUrl } from '../storefront/catalog/catalog-params';
import { loadLocatorPage } from './locator-chunk';
import { appQueryClient } from './query-client';

let firstLoadDone = false;

/** A loader that runs for the page the browser opened on, and answers null at once afterwards. */
export function firstLoadOnly(load: (args: LoaderFunctionArgs) => Promise<unknown>): LoaderFunction {
  return async (args) => {
    if (firstLoadDone) return null;
    // A failed read stays in the cache as an error: the page's own query shows it and retries.
    await load(args).catch(() => undefined);
    return null;
  };
}

/** /product/catalog: the listing's first page, under the very key ListingPage asks for. */
export function prefetchCatalog({ request }: LoaderFunctionArgs): Promise<unknown> {
  const query = catalogQueryFromUrl(new URL(request.url).searchParams);
  // A list narrowed to the shopper's vehicle waits for the vehicle version; it loads as usual.
  if (query.fits) return Promise.resolve();
  return appQueryClient.ensureQueryData(productsQueryOptions(query, 0, readPickupStoreId()));
}

/** /{slug}: what the link is (product, brand or category). */
export async function prefetchSlug({ params }: LoaderFunctionArgs): Promise<unknown> {
  const { productPageQueryOptions } = await import('../api/get-product-page');
  return appQueryClient.ensureQueryData(productPageQueryOptions(params.slug ?? ''));
}

/** /: the home page's content blocks (docs/decisions/storefront.md "Content blocks"). */
export async function prefetchHome(): Promise<unknown> {
  const { homeContentQueryOptions } = await import('../api/get-content');
  return appQueryClient.ensureQueryData(homeContentQueryOptions);
}

/**
 * /index.php?route=module/dealer_locator: the locator page's code and its first list (the server
 * embedded it: docs/decisions/storefront.md "Dealer locator: first screen"), under the key the page
 * asks for. Other index.php pages load as usual.
 */
export async function prefetchIndexPhp({ request }: LoaderFunctionArgs): Promise<unknown> {
  if (!LOCATOR_PAGE_ROUTES.includes(new URL(request.url).searchParams.get('route') ?? '')) return;
  const [{ locatorQueryOptions }, { readFilter }] = await Promise.all([
    import('../api/dealer-locator'),
    import('../features/shopper-store/cookies'),
    loadLocatorPage(),
  ]);
  return appQueryClient.ensureQueryData(
    locatorQueryOptions(LOCATOR_SOURCE, 'list', { filter: readFilter() ?? undefined }),
  );
}

interface InitialRouter {
  state: { initialized: boolean };
  subscribe(fn: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Resolves when the router has loaded the first route (code and loaders), or after `timeoutMs`
 * on a slow network: then the route's own loading state shows, as before.
 */
export function whenFirstRouteReady(router: InitialRouter, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      firstLoadDone = true;
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    if (router.state.initialized) done();
  });
}
