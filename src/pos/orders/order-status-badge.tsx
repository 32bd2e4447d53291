import type { OrderRow } from '../../contracts/orders-list';
import { readableTextColor } from '../../ui/readable-color';
import styles from './orders.module.css';

/** The status name in the colours the shop configured for it, its text kept readable. */
export function OrderStatusBadge({
  row,
}: {
  row: Pick<OrderRow, 'order_status' | 'status_color' | 'status_text_color'>;
}) {
  return (
    <span
      className={styles.badge}
      style={{
        backgroundColor: row.status_color || undefined,
        color: readableTextColor(row.status_color, row.status_text_color),
      }}
    >
      {row.order_status}
    </span>
  );
}
