import { useMemo } from 'react';
import type { OrdersListReply } from '../../contracts/orders-list';
import { EmptyState } from '../../ui/empty-state';
import { Pagination } from '../../ui/table/pagination';
import type { SortState } from '../../ui/table/sort';
import { OrdersTable } from './orders-table';
import { useSelection } from './use-selection';
import styles from './orders.module.css';

export interface OrdersPanelProps {
  data: OrdersListReply;
  busy: boolean;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  onPageChange: (page: number) => void;
}

/** One tab's content: the table (or the empty state) and the pager. */
export function OrdersPanel({ data, busy, sort, onSortChange, onPageChange }: OrdersPanelProps) {
  const ids = useMemo(() => data.orders.map((o) => o.id), [data.orders]);
  const { selected, toggle, toggleAll } = useSelection(ids);
  if (data.orders.length === 0) return <EmptyState title="There are no results." />;
  return (
    <div className={busy ? styles.busy : undefined} aria-busy={busy}>
      <OrdersTable rows={data.orders} sort={sort} onSortChange={onSortChange} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
      <Pagination page={data.page} totalPages={data.total_pages} disabled={busy} onPageChange={onPageChange} />
    </div>
  );
}
