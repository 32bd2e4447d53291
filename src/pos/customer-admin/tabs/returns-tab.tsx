/**
 * The Returns tab (pos-back-office.md §3 "Customer return row"; §9 page 10, ascending by
 * return_id): the customer's returned lines with their order, product, model, status and an edit
 * link (the order's Returns panel), from the device cache, online and offline.
 * docs/decisions/pos.md "Returns".
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  customerReturnRow,
  pageOf,
  sortReturnRows,
  type CustomerReturnRow,
  type ReturnSort,
} from '../../../domain/customer-orders';
import { buttonClassName } from '../../../ui/button';
import { EmptyState, ErrorState } from '../../../ui/empty-state';
import { formatDateTime } from '../../../ui/format-date';
import { Money } from '../../../ui/money';
import { Spinner } from '../../../ui/spinner';
import { DataTable, type Column } from '../../../ui/table/data-table';
import { Pagination } from '../../../ui/table/pagination';
import type { SortState } from '../../../ui/table/sort';
import type { CustomerTabProps } from '../tab-props';
import { useCustomerOrders } from './use-customer-orders';
import styles from './order-tabs.module.css';

const columns: Column<CustomerReturnRow, ReturnSort | 'model' | 'edit'>[] = [
  { key: 'return_id', header: 'Return ID', sortable: true, render: (r) => r.return_id ?? 'Not synced yet' },
  { key: 'order_id', header: 'Order ID', sortable: true, render: (r) => r.order_id ?? '-' },
  {
    key: 'product',
    header: 'Product',
    sortable: true,
    render: (r) => (
      <>
        {r.product} <span className={styles.muted}>×{r.quantity}</span>
        <br />
        <Money amount={r.total} className={styles.muted} />
      </>
    ),
  },
  { key: 'model', header: 'Model', render: (r) => r.model || '-' },
  { key: 'return_status', header: 'Status', sortable: true, render: (r) => r.return_status },
  { key: 'date_added', header: 'Date Added', sortable: true, render: (r) => formatDateTime(r.date_added) },
  {
    key: 'edit',
    header: 'Action',
    render: (r) => (
      <Link
        className={buttonClassName('secondary')}
        to={r.editUrl}
        aria-label={`Edit return ${r.return_id ?? ''} of ${r.product}`}
      >
        Edit
      </Link>
    ),
  },
];

export function ReturnsTab({ customer }: CustomerTabProps) {
  const found = useCustomerOrders(customer.id);
  const [sort, setSort] = useState<SortState<ReturnSort>>({ key: 'return_id', direction: 'asc' });
  const [page, setPage] = useState(1);
  if (found.error) return <ErrorState message="Something went wrong!" />;
  if (found.loading || !found.data) return <Spinner label="Loading returns..." />;
  const { returns, orderById } = found.data;
  const rows = returns.map((r) => customerReturnRow(r, orderById.get(r.order_ref) ?? null));
  const paged = pageOf(
    sortReturnRows(rows, sort.key, sort.direction),
    Math.min(page, Math.max(1, Math.ceil(rows.length / 10))),
  );
  if (rows.length === 0) return <EmptyState title="There are no results." />;
  return (
    <section aria-label="Returns">
      <DataTable
        caption="Returns"
        columns={columns}
        rows={paged.data}
        rowKey={(r) => r.id}
        sort={sort}
        onSortChange={(s) => {
          setSort(s as SortState<ReturnSort>);
          setPage(1);
        }}
      />
      <Pagination page={paged.position} totalPages={paged.totalPages} onPageChange={setPage} label="Returns pages" />
    </section>
  );
}
