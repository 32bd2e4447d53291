import { lazy } from 'react';
import { type RouteObject } from 'react-router';
import { CatalogPage } from '../storefront/catalog/catalog-page';
import { CartRoute, ShopperOnly } from './cart-route';
import { firstLoadOnly, prefetchCatalog, prefetchHome, prefetchIndexPhp, prefetchSlug } from './first-render';
import { IndexPhp } from './index-php';
import { NotFound } from './not-found';
import { posChildren } from './pos-routes';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { ShopLayout } from './shop-layout';
import { Spinner } from '../ui/spinner';
import { registerProductPageChunk } from '../features/page-chunks/product-page-chunk';

const CheckoutPage = lazy(() =>
  import('../storefront/checkout/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const ComparePage = lazy(() => import('../storefront/compare/compare-page').then((m) => ({ default: m.ComparePage })));
const WishlistPage = lazy(() =>
  import('../storefront/wishlist/wishlist-page').then((m) => ({ default: m.WishlistPage })),
);

/** The product page's chunk: the `/:slug` route loads it, a product link warms it (features/page-chunks). */
const loadSlugPage = () => import('./slug-page');
registerProductPageChunk(loadSlugPage);

/**
 * Every route of both specs. The storefront (catalog) is in the entry chunk; POS code (login,
 * shell, screens) loads lazily so a shopper's phone never downloads it.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first lazy route of a cold start (e.g. /pos/order) is fetched.
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        path: 'pos/login',
        lazy: async () => ({ Component: (await import('../features/login/staff-login-page')).StaffLoginPage }),
      },
      {
        path: 'pos',
        // react-router cannot load children lazily: the route table is static, the code is not.
        lazy: async () => ({ Component: (await import('./pos-layout')).PosLayout }),
        children: posChildren,
      },
      {
        element: <ShopLayout />,
        errorElement: <RouteError />,
        children: [
          // The home page: content blocks, server-rendered (docs/decisions/storefront.md "Content blocks").
          {
            index: true,
            loader: firstLoadOnly(prefetchHome),
            lazy: async () => ({ Component: (await import('../storefront/content/home-page')).HomePage }),
          },
          { path: 'product/catalog', element: <CatalogPage />, loader: firstLoadOnly(prefetchCatalog) },
          {
            path: 'account/login',
            lazy: async () => ({ Component: (await import('../features/login/account-login-page')).AccountLoginPage }),
          },
          {
            path: 'account/register',
            lazy: async () => ({
              Component: (await import('../features/login/account-register-page')).AccountRegisterPage,
            }),
          },
          { path: 'checkout/cart', element: <CartRoute /> },
          // Staff check out at the counter (/pos/checkout); compare and wishlist are not for POS mode (§6).
          { path: 'checkout/checkout', element: <ShopperOnly pos="/pos/checkout" page={CheckoutPage} /> },
          {
            path: 'checkout/pay',
            lazy: async () => ({ Component: (await import('../storefront/checkout/pay-page')).PayPage }),
          },
          { path: 'product/compare', element: <ShopperOnly pos="/product/catalog" page={ComparePage} /> },
          { path: 'account/wishlist', element: <ShopperOnly pos="/product/catalog" page={WishlistPage} /> },
          {
            // Custom form pages (storefront.md §2; the path is ours: docs/decisions/storefront.md "Custom forms").
            path: 'forms/:slug',
            lazy: async () => ({ Component: (await import('../storefront/forms/custom-form-page')).CustomFormPage }),
          },
          // The store-shopping page (docs/decisions/storefront.md "Dealer locator"): a lazy chunk.
          {
            path: 'information/contact',
            lazy: async () => ({ Component: (await import('../storefront/locator/contact-page')).ContactPage }),
          },
          // The shopper's own orders (docs/decisions/storefront.md "Online orders and fulfilment").
          {
            path: 'account/order',
            lazy: async () => ({
              Component: (await import('../storefront/account/account-orders-page')).AccountOrdersPage,
            }),
          },
          // The dealer locator page is server-rendered: its code and list are in before the first frame.
          { path: 'index.php', element: <IndexPhp />, loader: firstLoadOnly(prefetchIndexPhp) },
          // Product pages load lazily: a shopper landing on the catalog never downloads them.
          {
            path: ':slug',
            loader: firstLoadOnly(prefetchSlug),
            lazy: async () => ({ Component: (await loadSlugPage()).SlugPage }),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
