import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ordersQueryOptions } from '../../api/get-orders';
import type { OrderTab } from '../../contracts/orders-list';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import type { SortState } from '../../ui/table/sort';
import { OrderTabs } from './order-tabs';
import { OrdersPanel } from './orders-panel';
import { isOrdersSort, ordersQueryFromUrl } from './orders-params';
import styles from './orders.module.css';

/**
 * /pos/order: the orders list. Tab (status), page and sort live in the URL. Filters, popovers and
 * Continue Order belong to a later issue and are deliberately absent.
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = ordersQueryFromUrl(params);
  const orders = useQuery(ordersQueryOptions(query));

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setParams(next);
  };
  const changeTab = (tab: OrderTab) => setParams(tab === 'all' ? {} : { status: tab });
  const changeSort = (s: SortState) => {
    if (isOrdersSort(s.key)) update({ sort: s.key, order: s.direction, page: '1' });
  };

  const data = orders.data;
  return (
    <section aria-labelledby="orders-title">
      <div className={styles.header}>
        <h1 id="orders-title" className={styles.title}>
          Orders
        </h1>
      </div>
      <OrderTabs value={query.status} onChange={changeTab} counts={data?.counts}>
        {orders.isPending ? (
          <Spinner label="Loading orders..." />
        ) : orders.isError && !data ? (
          <ErrorState message={orders.error.message}>
            <Button onClick={() => void orders.refetch()}>Try again</Button>
          </ErrorState>
        ) : data ? (
          <OrdersPanel
            key={`${query.status}:${query.page}`}
            data={data}
            busy={orders.isFetching}
            sort={{ key: query.sort, direction: query.order }}
            onSortChange={changeSort}
            onPageChange={(page) => update({ page: String(page) })}
          />
        ) : null}
      </OrderTabs>
    </section>
  );
}
