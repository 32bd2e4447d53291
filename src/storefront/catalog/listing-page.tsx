import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { productsQueryOptions } from '../../api/get-products';
import { useVehicleVersion } from '../../features/fitment/vehicle-version';
import { useShopperStoreId } from '../../features/shopper-store/store-id';
import type { MouseEvent } from 'react';
import type { ProductSummary, ProductsListQuery } from '../../contracts/products-list';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { listingCountLine } from '../../domain/listing-fit';
import { Pagination } from '../../ui/table/pagination';
import { catalogQueryFromUrl, sortFromValue, sortValue } from './catalog-params';
import { CatalogToolbar } from './catalog-toolbar';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { useDisplayMode } from './use-display-mode';
import styles from './catalog.module.css';
import { ListImpressions } from '../../features/marketing/list-impressions';
import { listOf, positionOf } from '../../features/marketing/lists';
import { useMarketing } from '../../features/marketing/track';
import { OFFLINE_COPY_NOTE, unreachableRead, useOfflineCatalog } from '../../device/use-offline-catalog';

export const NO_RESULTS = 'There are no results.';

/** The Shop by Vehicle toggle's link: narrowed is the default (no `fits`), all parts is `fits=0`. */
function fitsToggle(params: URLSearchParams, narrow: boolean): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (narrow) next.delete('fits');
  else next.set('fits', '0');
  return next.toString();
}

export interface ListingPageProps {
  title: string;
  /** Filters the page itself stands for (a brand's or category's id, specials); the URL cannot change them. */
  fixed?: Partial<ProductsListQuery>;
  /** Side columns beside the listing: 0 -> 4 cards per row at large widths, 1 -> 3, 2 -> 2. */
  sideColumns?: 0 | 1 | 2;
  /** The Show select (limit) is offered. */
  allowLimit?: boolean;
  /** A click on a product card's link (the search page's list-click analytics); `index` is 0-based on the page. */
  onProductClick?: (product: ProductSummary, index: number, page: number) => void;
}

/** The listed product whose card link was clicked, found from the link's path (cards stay as they are). */
function clickedProduct(e: MouseEvent<HTMLElement>, products: readonly ProductSummary[]): number {
  const link = (e.target as Element).closest('a[href]');
  if (!link) return -1;
  const path = new URL(link.getAttribute('href') ?? '', location.href).pathname;
  return products.findIndex((p) => p.links.view === path);
}

/**
 * A product listing (catalog, category, brand, search, specials; storefront.md §2): page, sort and
 * limit live in the URL, so the selects navigate to links and Back and shared links work.
 */
export function ListingPage({
  title,
  fixed = {},
  sideColumns = 0,
  allowLimit = true,
  onProductClick,
}: ListingPageProps) {
  const [params, setParams] = useSearchParams();
  const query = { ...catalogQueryFromUrl(params), ...fixed };
  const [display, setDisplay] = useDisplayMode();
  const vehicleVersion = useVehicleVersion();
  // Narrowed to the shopper's vehicle by default (Shop by Vehicle): a new vehicle is a new list.
  // The chosen store's stock on the cards (docs/decisions/storefront.md "Stock on cards and in the cart").
  const storeId = useShopperStoreId();
  const products = useQuery(productsQueryOptions(query, vehicleVersion, storeId));
  // The server out of reach: a kiosk lists from its own catalog (docs/decisions/storefront.md "Kiosk pages offline").
  const offline = useOfflineCatalog(!products.data && unreachableRead(products), ['products', query], (c) =>
    c.products(query),
  );
  const searching = Boolean(query.search);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setParams(next);
  };
  const changeSort = (value: string) => {
    const s = sortFromValue(value);
    if (s) update({ sort: s.sort, order: s.order, page: '1' });
  };

  const data = products.data ?? offline.data;
  // Marketing: impressions and clicks of this list (docs/decisions/storefront.md "Marketing events").
  const marketing = useMarketing();
  const list = listOf(title, query);
  const at = data ? { ...query, page: data.page, limit: data.limit } : query;
  const countLine = data ? listingCountLine(data) : null;
  return (
    <section aria-labelledby="listing-title">
      <div className={styles.header}>
        <h1 id="listing-title" className={styles.title}>
          {title}
        </h1>
        {countLine && !countLine.toggle && <span className={styles.count}>{countLine.text}</span>}
      </div>
      {countLine?.toggle && (
        <p className={styles.fits} role="status">
          <span className={styles.fitsCount}>{countLine.text}</span>{' '}
          <Link to={`?${fitsToggle(params, countLine.toggle.narrow)}`}>{countLine.toggle.text}</Link>
        </p>
      )}
      <CatalogToolbar
        display={display}
        onDisplayChange={setDisplay}
        sort={sortValue(query)}
        onSortChange={changeSort}
        limit={query.limit}
        withRelevance={searching}
        {...(allowLimit ? { onLimitChange: (limit: number) => update({ limit: String(limit), page: '1' }) } : {})}
      />
      {offline.data && (
        <p className={styles.offlineNote} role="status">
          {OFFLINE_COPY_NOTE}
        </p>
      )}
      {(products.isPending && !data) || offline.waiting ? (
        <>
          <Spinner label="Loading products..." />
          <ProductGridSkeleton />
        </>
      ) : products.isError && !data ? (
        <ErrorState message={products.error.message}>
          <Button onClick={() => void products.refetch()}>Try again</Button>
        </ErrorState>
      ) : data && data.products.length === 0 ? (
        <EmptyState title={NO_RESULTS} />
      ) : data ? (
        <>
          <div
            onClickCapture={(e) => {
              const i = clickedProduct(e, data.products);
              if (i >= 0) marketing.selectItem(list, data.products[i]!, positionOf(at, i));
              if (i >= 0) onProductClick?.(data.products[i]!, i, data.page);
            }}
          >
            {!products.isPlaceholderData && (
              <ListImpressions list={list} products={data.products} firstIndex={positionOf(at, 0)} />
            )}
            <ProductGrid
              products={data.products}
              display={display}
              busy={products.isPlaceholderData}
              sideColumns={sideColumns}
            />
          </div>
          <Pagination
            page={data.page}
            totalPages={data.total_pages}
            disabled={products.isFetching}
            onPageChange={(page) => {
              update({ page: String(page) });
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      ) : null}
    </section>
  );
}
