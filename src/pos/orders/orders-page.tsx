import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OrderTab } from '../../contracts/orders-list';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import type { SortState } from '../../ui/table/sort';
import { OrderFilters } from './order-filters';
import { OrderTabs } from './order-tabs';
import { OrdersPanel } from './orders-panel';
import { PendingOrders } from './pending-orders';
import { activeFilterCount, filterFormFrom, isOrdersSort, ordersQueryFromUrl, withFilters } from './orders-params';
import { useOrdersList } from './use-orders-list';
import { PageHeader } from '../../ui/page-header';
import styles from './orders.module.css';

const FILTER_PANEL_ID = 'orders-filter-panel';

/**
 * /pos/order: the orders list. Tab (status), page, sort and filters live in the URL, so Back,
 * reload and a shared link show the same list; any change but paging goes back to page 1.
 * Offline the same list comes from the device store, orders not yet on the server marked in it.
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = ordersQueryFromUrl(params);
  const orders = useOrdersList(query);
  const filterCount = activeFilterCount(query);
  const [filterOpen, setFilterOpen] = useState(filterCount > 0);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setParams(next);
  };
  const changeTab = (tab: OrderTab) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (tab === 'all') next.delete('status');
    else next.set('status', tab);
    setParams(next);
  };
  const changeSort = (s: SortState) => {
    if (isOrdersSort(s.key)) update({ sort: s.key, order: s.direction, page: '1' });
  };

  const data = orders.data;
  const filterForm = filterFormFrom(query);
  return (
    <section aria-labelledby="orders-title">
      <PageHeader titleId="orders-title" title="Orders" classNames={styles}>
        <Button
          variant="secondary"
          aria-expanded={filterOpen}
          aria-controls={FILTER_PANEL_ID}
          onClick={() => setFilterOpen((o) => !o)}
        >
          Filter
          {filterCount > 0 && <span className={styles.count}>{filterCount}</span>}
        </Button>
      </PageHeader>
      {filterOpen && (
        <OrderFilters
          key={JSON.stringify(filterForm)}
          id={FILTER_PANEL_ID}
          initial={filterForm}
          statuses={data?.statuses ?? []}
          onApply={(form) => setParams(withFilters(params, form))}
          onClear={() => setParams(withFilters(params, null))}
        />
      )}
      {orders.fromDevice ? (
        <p className={styles.deviceNote} role="status">
          Offline: these are the orders on this device. Orders marked Pending sync reach the server when it is back.
        </p>
      ) : (
        <PendingOrders />
      )}
      <OrderTabs value={query.status} onChange={changeTab} counts={data?.counts}>
        {orders.loading ? (
          <Spinner label="Loading orders..." />
        ) : orders.error && !data ? (
          <ErrorState message={orders.error.message}>
            <Button onClick={orders.retry}>Try again</Button>
          </ErrorState>
        ) : data ? (
          <OrdersPanel
            key={params.toString()}
            data={data}
            busy={orders.busy}
            sort={{ key: query.sort, direction: query.order }}
            onSortChange={changeSort}
            onPageChange={(page) => update({ page: String(page) })}
          />
        ) : null}
      </OrderTabs>
    </section>
  );
}
