/**
 * The Orders tab (pos-back-office.md §3 "Customer order row" and its summary; §9 page 10,
 * ascending by order_id): total spent, orders, returns and outstanding balance, then the orders
 * with View, Edit and, where a delete link is given, Delete ("Are you sure you want to delete this
 * order?", GET /api/order/delete). Read from the device cache, online and offline; deleting needs
 * the network (the server checks the order under lock). docs/decisions/pos.md "Returns".
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { deleteOrder } from '../../../api/order-returns';
import { useSync } from '../../../device/sync-context';
import { useOnline } from '../../../device/use-online';
import {
  ORDER_DELETE_CONFIRM,
  customerOrderRow,
  customerOrderSummary,
  isListedOrder,
  pageOf,
  sortOrderRows,
  type CustomerOrderRow,
  type OrderSort,
} from '../../../domain/customer-orders';
import { Button, buttonClassName } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState, ErrorState } from '../../../ui/empty-state';
import { formatDateTime } from '../../../ui/format-date';
import { Spinner } from '../../../ui/spinner';
import { DataTable, type Column } from '../../../ui/table/data-table';
import { Pagination } from '../../../ui/table/pagination';
import type { SortState } from '../../../ui/table/sort';
import { useToast } from '../../../ui/toast/toast-context';
import type { CustomerTabProps } from '../tab-props';
import { useCustomerOrders } from './use-customer-orders';
import styles from './order-tabs.module.css';

export const DELETE_NEEDS_NETWORK = 'Deleting an order needs the network.';

export function OrdersTab({ customer }: CustomerTabProps) {
  const found = useCustomerOrders(customer.id);
  const online = useOnline();
  const worker = useSync();
  const toast = useToast();
  const [sort, setSort] = useState<SortState<OrderSort>>({ key: 'order_id', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<CustomerOrderRow | null>(null);
  const [busy, setBusy] = useState(false);
  if (found.error) return <ErrorState message="Something went wrong!" />;
  if (found.loading || !found.data) return <Spinner label="Loading orders..." />;
  const { orders, returns, transactionCounts, statusNames } = found.data;
  const summary = customerOrderSummary(orders, returns);
  const rows = orders
    .filter(isListedOrder)
    .map((o) =>
      customerOrderRow(o, statusNames.get(o.order_status_id ?? -1) ?? null, transactionCounts.get(o.id) ?? 0),
    );
  const pages = Math.max(1, Math.ceil(rows.length / 10));
  const paged = pageOf(sortOrderRows(rows, sort.key, sort.direction), Math.min(page, pages));

  const remove = async (row: CustomerOrderRow) => {
    setDeleting(null);
    setBusy(true);
    try {
      const r = await deleteOrder(row.deleteUrl);
      toast.success(r.success);
      await worker?.syncNow();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<CustomerOrderRow, OrderSort | 'balance' | 'actions'>[] = [
    { key: 'order_id', header: 'Order ID', sortable: true, render: (r) => r.order_id ?? 'Not synced yet' },
    { key: 'status', header: 'Status', sortable: true, render: (r) => r.status },
    { key: 'total', header: 'Total', sortable: true, render: (r) => r.total_text },
    { key: 'balance', header: 'Balance', render: (r) => r.balance_text },
    { key: 'date_added', header: 'Date Added', sortable: true, render: (r) => formatDateTime(r.date_added) },
    {
      key: 'actions',
      header: 'Action',
      render: (r) => {
        const name = `order ${r.order_id ?? ''}`.trim();
        return (
          <div className={styles.actions}>
            <Link className={buttonClassName('secondary')} to={r.viewUrl} aria-label={`View ${name}`}>
              View
            </Link>
            <Link className={buttonClassName('secondary')} to={r.editUrl} aria-label={`Edit ${name}`}>
              Edit
            </Link>
            {r.deleteUrl && (
              <Button
                variant="danger"
                disabled={!online || busy}
                title={online ? undefined : DELETE_NEEDS_NETWORK}
                aria-label={`Delete ${name}`}
                onClick={() => setDeleting(r)}
              >
                Delete
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <section aria-label="Orders">
      <dl className={styles.summary}>
        <div>
          <dt>Total Spent</dt>
          <dd>{summary.total_spent_text}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>{summary.total_orders}</dd>
        </div>
        <div>
          <dt>Returns</dt>
          <dd>{summary.total_returns}</dd>
        </div>
        <div>
          <dt>Outstanding Balance</dt>
          <dd>{summary.outstanding_balance_text}</dd>
        </div>
      </dl>
      {!online && rows.some((r) => r.deleteUrl) && <p className={styles.muted}>{DELETE_NEEDS_NETWORK}</p>}
      {rows.length === 0 ? (
        <EmptyState title="There are no results." />
      ) : (
        <>
          <DataTable
            caption="Orders"
            columns={columns}
            rows={paged.data}
            rowKey={(r) => r.id}
            sort={sort}
            onSortChange={(s) => {
              setSort(s as SortState<OrderSort>);
              setPage(1);
            }}
          />
          <Pagination page={paged.position} totalPages={paged.totalPages} onPageChange={setPage} label="Orders pages" />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Order"
        message={ORDER_DELETE_CONFIRM}
        confirmLabel="Delete"
        tone="warning"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
