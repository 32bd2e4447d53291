import { lazy, Suspense, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { SearchPage, SpecialsPage } from '../storefront/catalog/catalog-page';
import { loadedLocatorPage, loadLocatorPage } from './locator-chunk';
import { NotBuiltYet } from './not-built-yet';
import { NotFound } from './not-found';
import { Spinner } from '../ui/spinner';
import { LOCATOR_PAGE_ROUTES } from '../contracts/first-screen';

// The dealer locator page (docs/decisions/storefront.md "Dealer locator"): its own lazy chunk.
const LazyLocatorPage = lazy(loadLocatorPage);

/**
 * The locator page; on the first load its code is already in (the route's loader, first-render.ts),
 * so the first frame is the page itself, as the server rendered it, not a spinner. Chosen once per
 * mount: switching component types later would reset what the shopper typed.
 */
function LocatorRoute() {
  const [Page] = useState(() => loadedLocatorPage() ?? LazyLocatorPage);
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

/** Legacy `index.php?route=...` pages with a screen of their own in this app. */
const redirects: Record<string, string> = {
  'product/catalog': '/product/catalog',
  'product/compare': '/product/compare',
  'checkout/cart': '/checkout/cart',
  'checkout/checkout': '/checkout/checkout',
  'information/contact': '/information/contact',
  'account/login': '/account/login',
  'account/register': '/account/register',
};

/** Pages the spec reaches only through index.php (built by later issues). */
const pagesOfLaterIssues = new Set<string>([]);

/** /index.php dispatches on its `route` parameter (storefront.md §2 "Routes and links"). */
export function IndexPhp() {
  const [params] = useSearchParams();
  const route = params.get('route') ?? '';
  const target = redirects[route];
  if (target) {
    const rest = new URLSearchParams(params);
    rest.delete('route');
    const query = rest.toString();
    return <Navigate to={query ? `${target}?${query}` : target} replace />;
  }
  if (route === 'product/search') return <SearchPage />;
  if (route === 'product/special') return <SpecialsPage />;
  if (LOCATOR_PAGE_ROUTES.includes(route)) return <LocatorRoute />;
  if (pagesOfLaterIssues.has(route)) return <NotBuiltYet route={`index.php?route=${route}`} />;
  return <NotFound />;
}
