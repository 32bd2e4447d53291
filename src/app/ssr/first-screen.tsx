/**
 * The first screen, rendered on the server (entry of the SSR build: `npm run build` writes
 * dist/ssr/first-screen.js; server/http/first-screen.ts loads it). It renders what the client's
 * own first frame shows for the page (src/app/first-render.ts): the shop layout as a guest on a
 * shopper's device sees it before the session is read, and the page from its first API reply, with
 * the same components and the same CSS module class names as the browser build. A `/{slug}` link
 * to nothing (status 404) renders the not-found page the client shows for it.
 *
 * The browser does not hydrate this markup: main.tsx renders as before and React replaces it. It
 * is there so the page paints (and a crawler reads it) before the app's code has downloaded; its
 * controls are disabled until then, so a tap is never silently lost.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { productsQueryOptions } from '../../api/get-products';
import { productPageQueryOptions } from '../../api/get-product-page';
import { homeContentQueryOptions } from '../../api/get-content';
import { HOME_CONTENT_PATH, homeContentReplySchema } from '../../contracts/content';
import { HomePage } from '../../storefront/content/home-page';
import { locatorQueryOptions } from '../../api/dealer-locator';
import { LOCATOR_SOURCE, locatorResponseSchema } from '../../contracts/dealer-locator';
import { LocatorPage } from '../../storefront/locator/locator-page';
import {
  isCatalogFirstPath,
  LOCATOR_FIRST_PATH,
  LOCATOR_PAGE_ROUTES,
  productPagePath,
  type FirstScreenInput,
  type FirstScreenRenderer,
} from '../../contracts/first-screen';
import { productsListReplySchema } from '../../contracts/products-list';
import { productPageReplySchema } from '../../contracts/product-page';
import { CatalogPage } from '../../storefront/catalog/catalog-page';
import { catalogQueryFromUrl } from '../../storefront/catalog/catalog-params';
import { keepFirstFrame } from '../../ui/after-paint';
import { ToastProvider } from '../../ui/toast/toast-provider';
import { ModeContext } from '../../features/session/mode';
import { ShopLayout } from '../shop-layout';
import { NotFound } from '../not-found';
import { SlugPage } from '../slug-page';

keepFirstFrame();

/** A fresh cache per page: nothing of one shopper's reply can reach another's render. */
function emptyClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, gcTime: Infinity } } });
}

function seededClient(input: FirstScreenInput, pathname: string, search: URLSearchParams): QueryClient | null {
  const client = emptyClient();
  if (pathname === '/') {
    // The home page's content blocks (docs/decisions/storefront.md "Content blocks").
    if (input.path !== HOME_CONTENT_PATH || search.size > 0) return null;
    const parsed = homeContentReplySchema.safeParse(input.body);
    if (!parsed.success) return null;
    client.setQueryData(homeContentQueryOptions.queryKey, parsed.data);
    return client;
  }
  if (pathname === '/index.php') {
    // The dealer locator page (docs/decisions/storefront.md "Dealer locator: first screen").
    const route = search.get('route');
    if (input.path !== LOCATOR_FIRST_PATH || search.size !== 1 || !LOCATOR_PAGE_ROUTES.includes(route ?? ''))
      return null;
    const parsed = locatorResponseSchema.safeParse(input.body);
    if (!parsed.success) return null;
    client.setQueryData(locatorQueryOptions(LOCATOR_SOURCE, 'list', { filter: undefined }).queryKey, parsed.data);
    return client;
  }
  if (pathname === '/product/catalog') {
    // With or without the shopper's store (its cookie): the reply counts that store's stock, and the
    // page renders it under the key a store-less server render asks for (useShopperStoreId: null here).
    if (!isCatalogFirstPath(input.path) || search.size > 0) return null;
    const parsed = productsListReplySchema.safeParse(input.body);
    if (!parsed.success) return null;
    client.setQueryData(productsQueryOptions(catalogQueryFromUrl(search), 0, null).queryKey, parsed.data);
    return client;
  }
  const slug = /^\/([^/.]+)$/.exec(pathname)?.[1];
  if (!slug || slug === 'pos') return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return null;
  }
  if (input.path !== productPagePath(decoded)) return null;
  const parsed = productPageReplySchema.safeParse(input.body);
  // Brands and categories list products with a second read the server has not made: not rendered.
  // A blog post is all in this reply (docs/decisions/storefront.md "Blog post pages").
  if (!parsed.success || (parsed.data.kind !== 'product' && parsed.data.kind !== 'blog_post')) return null;
  client.setQueryData(productPageQueryOptions(decoded).queryKey, parsed.data);
  return client;
}

export const renderer: FirstScreenRenderer = {
  render(input) {
    const url = new URL(input.url, 'http://localhost');
    // A `/{slug}` link to nothing: the client's own not-found page (what SlugPage shows for a 404).
    const missing = input.status === 404;
    const client = missing ? emptyClient() : seededClient(input, url.pathname, url.searchParams);
    if (!client) return null;
    const router = createMemoryRouter(
      [
        {
          element: <ShopLayout />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'product/catalog', element: <CatalogPage /> },
            { path: 'index.php', element: <LocatorPage /> },
            { path: ':slug', element: missing ? <NotFound /> : <SlugPage /> },
          ],
        },
      ],
      { initialEntries: [url.pathname + url.search] },
    );
    try {
      const html = renderToString(
        <QueryClientProvider client={client}>
          {/* The client's first frame: nobody signed in yet (the session is read after it), no kiosk. */}
          <ModeContext.Provider value="storefront">
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </ModeContext.Provider>
        </QueryClientProvider>,
      );
      // What waits for the first paint (header search and cart, fitment block) shows its fallback,
      // as in the client's first frame; React marks such a boundary for the client with a
      // <template> (a development build adds the reason). Nothing hydrates this markup: drop them.
      // Its controls do nothing until the app replaces the markup (the server also marks it inert):
      // they show disabled until then, so nobody taps a live-looking button that does nothing and
      // tests wait for the app. Links stay live (they work without JavaScript).
      return html
        .replace(/<template\b[^>]*><\/template>/g, '')
        .replace(/<(button|input|select|textarea)\b(?![^>]*\sdisabled\b)/g, '<$1 disabled=""');
    } finally {
      router.dispose();
      client.clear();
    }
  },
};
