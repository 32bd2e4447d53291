import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { productsQueryOptions } from '../../api/get-products';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { Pagination } from '../../ui/table/pagination';
import { catalogQueryFromUrl, SORT_OPTIONS, sortValue } from './catalog-params';
import { CatalogToolbar } from './catalog-toolbar';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { useDisplayMode } from './use-display-mode';
import styles from './catalog.module.css';

/** /product/catalog: the product listing; page, sort and search live in the URL so links and Back work. */
export function CatalogPage() {
  const [params, setParams] = useSearchParams();
  const query = catalogQueryFromUrl(params);
  const [display, setDisplay] = useDisplayMode();
  const products = useQuery(productsQueryOptions(query));

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setParams(next);
  };
  const changeSort = (value: string) => {
    const option = SORT_OPTIONS.find((o) => o.value === value);
    if (option) update({ sort: option.sort, order: option.order, page: '1' });
  };

  const data = products.data;
  return (
    <section aria-labelledby="catalog-title">
      <div className={styles.header}>
        <h1 id="catalog-title" className={styles.title}>
          {query.search ? `Search: ${query.search}` : 'Catalog'}
        </h1>
        {data && <span className={styles.count}>{data.total_items} products</span>}
      </div>
      <CatalogToolbar display={display} onDisplayChange={setDisplay} sort={sortValue(query)} onSortChange={changeSort} />
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
        <EmptyState title="There are no results." />
      ) : data ? (
        <>
          <ProductGrid products={data.products} display={display} busy={products.isPlaceholderData} />
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
