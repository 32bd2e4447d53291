import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Pagination } from '../../ui/table/pagination';
import type { SortState } from '../../ui/table/sort';
import { useToast } from '../../ui/toast/toast-context';
import { continueTarget } from './continue-order';
import type { ListedOrders } from './orders-params';
import { OrdersTable } from './orders-table';
import { useSelection } from './use-selection';
import styles from './orders.module.css';

export interface OrdersPanelProps {
  data: ListedOrders;
  busy: boolean;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  onPageChange: (page: number) => void;
}

/** One tab's content: Continue Order, the table (or the empty state) and the pager. */
export function OrdersPanel({ data, busy, sort, onSortChange, onPageChange }: OrdersPanelProps) {
  const ids = useMemo(() => data.orders.map((o) => o.id), [data.orders]);
  const { selected, toggle, toggleAll } = useSelection(ids);
  const navigate = useNavigate();
  const toast = useToast();
  if (data.orders.length === 0) return <EmptyState title="There are no results." />;

  const continueOrder = () => {
    const target = continueTarget(selected, data.orders);
    if (target.ok) void navigate(target.href);
    else toast.error(target.message);
  };
  return (
    <div className={busy ? styles.busy : undefined} aria-busy={busy}>
      <div className={styles.toolbar}>
        <Button variant="secondary" onClick={continueOrder}>
          Continue Order
        </Button>
        <span className={styles.muted} aria-live="polite">
          {selected.size === 0 ? '' : `${selected.size} selected`}
        </span>
      </div>
      <OrdersTable
        rows={data.orders}
        sort={sort}
        onSortChange={onSortChange}
        selected={selected}
        onToggle={toggle}
        onToggleAll={toggleAll}
      />
      <Pagination page={data.page} totalPages={data.total_pages} disabled={busy} onPageChange={onPageChange} />
    </div>
  );
}
