import { Link } from 'react-router';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import { DataTable, type Column } from '../../ui/table/data-table';
import type { SortState } from '../../ui/table/sort';
import { CustomerPopover } from './customer-popover';
import { ItemsPopover } from './items-popover';
import { OrderStatusBadge } from './order-status-badge';
import { isIncompleteTransaction, orderNumberLabel, orderViewHref, type ListedOrder } from './orders-params';
import styles from './orders.module.css';

export interface OrdersTableProps {
  rows: ListedOrder[];
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
}

function columns(p: OrdersTableProps): Column<ListedOrder>[] {
  const allSelected = p.rows.length > 0 && p.rows.every((r) => p.selected.has(r.id));
  return [
    {
      key: 'select',
      headerLabel: 'Select',
      header: (
        <label className={styles.checkLabel}>
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={allSelected}
            onChange={p.onToggleAll}
            aria-label="Select all orders on this page"
          />
        </label>
      ),
      render: (row) => (
        <label className={styles.checkLabel}>
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={p.selected.has(row.id)}
            onChange={() => p.onToggle(row.id)}
            aria-label={`Select order ${orderNumberLabel(row)}`}
          />
        </label>
      ),
    },
    {
      key: 'o.order_id',
      header: 'Order',
      sortable: true,
      render: (row) => (
        <span className={styles.orderCell}>
          <span className={row.order_id === null ? styles.pending : undefined}>{orderNumberLabel(row)}</span>
          {row.pending && <span className={styles.pendingBadge}>Pending sync</span>}
        </span>
      ),
    },
    {
      key: 'o.date_added',
      header: 'Date',
      sortable: true,
      className: styles.nowrap,
      render: (row) => formatDateTime(row.date_added),
    },
    { key: 'status', header: 'Status', render: (row) => <OrderStatusBadge row={row} /> },
    { key: 'customer', header: 'Customer', sortable: true, render: (row) => <CustomerPopover row={row} /> },
    { key: 'items', header: 'Items', render: (row) => <ItemsPopover row={row} /> },
    {
      key: 'total',
      header: 'Paid / Total',
      sortable: true,
      className: styles.nowrap,
      render: (row) => (
        <>
          <Money amount={row.paid_amount} /> / <Money amount={row.order_total} />
        </>
      ),
    },
    {
      key: 'view',
      headerLabel: 'View',
      header: <span className="visually-hidden">View</span>,
      render: (row) => (
        <Link className={styles.viewLink} to={orderViewHref(row)} aria-label={`View order ${orderNumberLabel(row)}`}>
          View
        </Link>
      ),
    },
  ];
}

/** The orders of one tab and page; sorting happens where the list came from (server, or device offline). */
export function OrdersTable(props: OrdersTableProps) {
  return (
    <DataTable
      caption="Orders"
      columns={columns(props)}
      rows={props.rows}
      rowKey={(row) => row.id}
      sort={props.sort}
      onSortChange={props.onSortChange}
      rowClassName={(row) => (isIncompleteTransaction(row) ? styles.incomplete : undefined)}
    />
  );
}
