import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { productsQueryOptions } from '../../api/get-products';
import type { ProductsListQuery } from '../../contracts/products-list';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { Pagination } from '../../ui/table/pagination';
import { catalogQueryFromUrl, sortFromValue, sortValue } from './catalog-params';
import { CatalogToolbar } from './catalog-toolbar';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { useDisplayMode } from './use-display-mode';
import styles from './catalog.module.css';

export const NO_RESULTS = 'There are no results.';

export interface ListingPageProps {
  title: string;
  /** Filters the page itself stands for (a brand's or category's id, specials); the URL cannot change them. */
  fixed?: Partial<ProductsListQuery>;
  /** Side columns beside the listing: 0 -> 4 cards per row at large widths, 1 -> 3, 2 -> 2. */
  sideColumns?: 0 | 1 | 2;
  /** The Show select (limit) is offered. */
  allowLimit?: boolean;
}

/**
 * A product listing (catalog, category, brand, search, specials; storefront.md §2): page, sort and
 * limit live in the URL, so the selects navigate to links and Back and shared links work.
 */
export function ListingPage({ title, fixed = {}, sideColumns = 0, allowLimit = true }: ListingPageProps) {
  const [params, setParams] = useSearchParams();
  const query = { ...catalogQueryFromUrl(params), ...fixed };
  const [display, setDisplay] = useDisplayMode();
  const products = useQuery(productsQueryOptions(query));
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

  const data = products.data;
  return (
    <section aria-labelledby="listing-title">
      <div className={styles.header}>
        <h1 id="listing-title" className={styles.title}>
          {title}
        </h1>
        {data && <span className={styles.count}>{data.total_items} products</span>}
      </div>
      <CatalogToolbar
        display={display}
        onDisplayChange={setDisplay}
        sort={sortValue(query)}
        onSortChange={changeSort}
        limit={query.limit}
        withRelevance={searching}
        {...(allowLimit ? { onLimitChange: (limit: number) => update({ limit: String(limit), page: '1' }) } : {})}
      />
      {products.isPending ? (
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
          <ProductGrid products={data.products} display={display} busy={products.isPlaceholderData} sideColumns={sideColumns} />
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
